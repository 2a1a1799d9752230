// The Webhooks page: paused endpoints first, the endpoints' health, then the delivery log. The
// log's filters live in the URL (kind, state, host, resource, from, to) and so does the delivery
// open in the drawer, so a search or a delivery is a link.
"use client";
import { useInfiniteQuery } from "@tanstack/react-query";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback } from "react";
import { PageHeader } from "@/components/ui/page-header";
import { Card, CardHeader } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Disclosure } from "@/components/ui/disclosure";
import { fetchDeliveries, webhooksKey } from "./api";
import { DeliveryFilters, filterKeys } from "./delivery-filters";
import { DeliveryTable } from "./delivery-table";
import { DeliveryDrawer } from "./delivery-drawer";
import { EndpointCards } from "./endpoint-cards";
import { BulkReplay } from "./bulk-replay";
import { TestDeliveryForm } from "./test-delivery-form";

export function WebhooksView({ canAct }: { canAct: boolean }) {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const filter: Record<string, string> = Object.fromEntries(filterKeys.map((k) => [k, params.get(k) ?? ""] as const).filter(([, v]) => v));
  const query = new URLSearchParams({ ...Object.fromEntries(Object.entries(filter).map(([k, v]) => [k === "resource" ? "resourceId" : k, v] as const)), size: "50" }).toString();
  const open = params.get("open") ?? "";

  const setParams = useCallback(
    (changes: Record<string, string>) => {
      const next = new URLSearchParams(params.toString());
      for (const [k, v] of Object.entries(changes))
        if (v) next.set(k, v);
        else next.delete(k);
      router.replace(`${pathname}?${next.toString()}`, { scroll: false });
    },
    [params, pathname, router],
  );

  const log = useInfiniteQuery({
    queryKey: [...webhooksKey, "deliveries", query],
    queryFn: ({ pageParam }) => fetchDeliveries(pageParam ? `${query}&cursor=${encodeURIComponent(pageParam)}` : query),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: 5000,
  });
  const rows = log.data?.pages.flatMap((p) => p.content) ?? [];

  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Every callback this account sends — delivery reports, campaign progress, inbound messages, OTP and email events — with each attempt's request and answer. Replay what failed once your receiver is fixed."
      />
      <div className="space-y-6">
        <EndpointCards canAct={canAct} onShow={(endpoint) => setParams({ host: new URL(endpoint).hostname, state: "" })} />
        <Card>
          <CardHeader title="Delivery log" description="Newest first. Click a delivery to see its attempts." actions={canAct ? <BulkReplay filter={filter} /> : undefined} />
          <DeliveryFilters values={filter} onChange={setParams} />
          <DeliveryTable rows={rows} loading={log.isPending} error={log.error?.message} onOpen={(id) => setParams({ open: id })} />
          {log.hasNextPage && (
            <div className="border-t border-slate-200 px-5 py-3 dark:border-slate-800">
              <Button variant="secondary" size="sm" loading={log.isFetchingNextPage} onClick={() => log.fetchNextPage()}>
                Load older deliveries
              </Button>
            </div>
          )}
        </Card>
        {canAct && (
          <Card className="px-5 py-4">
            <Disclosure variant="plain" summary="Test delivery: send a sample event to a URL">
              <TestDeliveryForm />
            </Disclosure>
          </Card>
        )}
      </div>
      <DeliveryDrawer id={open} canAct={canAct} onClose={() => setParams({ open: "" })} />
    </>
  );
}
