// The Email page: sent emails (with the test form) and the SMTP sink's captured mail, on two
// tabs; the chosen email is in the URL (?email=…).
"use client";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState } from "@/components/ui/empty-state";
import { cn } from "@/components/ui/cn";
import { CapturedMail } from "./captured-mail";
import { EmailList } from "./email-list";
import { EmailPanel } from "./email-panel";
import { TestEmailForm } from "./test-email-form";

export function EmailView({ canSend, usesSink }: { canSend: boolean; usesSink: boolean }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const tab = params.get("tab") === "sink" ? "sink" : "sent";
  const selected = params.get("email");
  const go = (q: string) => router.replace(`${pathname}?${q}`, { scroll: false });
  return (
    <>
      <PageHeader title="Email" description="Transactional email over SMTP with open and click tracking." />
      <div role="tablist" aria-label="Email views" className="mb-6 flex gap-1 border-b border-slate-200 dark:border-slate-700">
        {[
          ["sent", "Sent emails"],
          ["sink", "SMTP sink"],
        ].map(([key, label]) => (
          <button
            key={key}
            role="tab"
            type="button"
            aria-selected={tab === key}
            onClick={() => go(key === "sink" ? "tab=sink" : "")}
            className={cn(
              "-mb-px border-b-2 px-3 py-2 text-sm font-medium",
              tab === key ? "border-indigo-600 text-indigo-700 dark:text-indigo-300" : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400",
            )}
          >
            {label}
          </button>
        ))}
      </div>
      {tab === "sink" ? (
        <CapturedMail usesSink={usesSink} />
      ) : (
        <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
          <div className="space-y-6">
            {canSend && <TestEmailForm onSent={(id) => go(`email=${id}`)} />}
            <EmailList selected={selected} onSelect={(id) => go(`email=${id}`)} />
          </div>
          {selected ? <EmailPanel key={selected} id={selected} /> : <EmptyState title="Pick an email" description="Its HTML as sent, its links and its opens and clicks over time show here." />}
        </div>
      )}
    </>
  );
}
