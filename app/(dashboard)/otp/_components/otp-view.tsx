// The OTP page: the test form and the flows on one side, the chosen flow on the other. The
// chosen flow is in the URL (?flow=…), so a flow can be linked to.
"use client";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState } from "@/components/ui/empty-state";
import { FlowList } from "./flow-list";
import { FlowPanel } from "./flow-panel";
import { TestFlowForm } from "./test-flow-form";

export function OtpView({ canStart }: { canStart: boolean }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const selected = params.get("flow");
  const select = (id: string) => router.replace(`${pathname}?flow=${id}`, { scroll: false });
  return (
    <>
      <PageHeader title="OTP" description="One-time codes sent over Viber with failover to SMS. Each flow shows every channel it tried, what it cost and how long delivery took." />
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
        <div className="space-y-6">
          {canStart && <TestFlowForm onStarted={select} />}
          <FlowList selected={selected} onSelect={select} />
        </div>
        {selected ? <FlowPanel key={selected} flowId={selected} /> : <EmptyState title="Pick a flow" description="Its steps across channels, their costs and latency, and its webhooks show here." />}
      </div>
    </>
  );
}
