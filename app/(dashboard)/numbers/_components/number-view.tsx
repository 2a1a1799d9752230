// One rented number: conversations per correspondent (inbound and outbound) with a reply box and
// a "Simulate inbound" button, the callback settings, the number's costs and history, and cancel.
"use client";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ChevronLeftIcon, PhoneIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError } from "@/lib/ui/api-client";
import { countryName, formatCost, formatDate, formatDateTime } from "@/lib/ui/format";
import { fetchNumber, numbersKey } from "./api";
import { Conversations } from "./conversations";
import { CallbacksForm } from "./callbacks-form";
import { CancelNumberDialog } from "./cancel-number-dialog";

export function NumberView({ msisdn, canManage }: { msisdn: string; canManage: boolean }) {
  const [cancelling, setCancelling] = useState(false);
  const query = useQuery({ queryKey: [...numbersKey, "one", msisdn], queryFn: () => fetchNumber(msisdn), retry: false });
  const back = (
    <Link href="/numbers" className="mb-3 inline-flex items-center gap-1 text-sm text-slate-500 hover:text-slate-800 dark:hover:text-slate-200">
      <ChevronLeftIcon size={14} /> Numbers
    </Link>
  );
  if (query.error)
    return (
      <>
        {back}
        <Card>
          <EmptyState
            icon={<PhoneIcon size={22} />}
            title={query.error instanceof ApiError && query.error.status === 404 ? "Not one of your numbers" : "The number could not be loaded"}
            description={query.error.message}
          />
        </Card>
      </>
    );
  const n = query.data;
  return (
    <>
      {back}
      <PageHeader
        title={<span className="font-mono">{msisdn}</span>}
        description={
          n ? (
            <span className="inline-flex flex-wrap items-center gap-2">
              {n.tollFree ? <Badge tone="info">Toll-free</Badge> : <Badge>Virtual</Badge>}
              {countryName(n.country)} · {n.services.join(", ")}
              {n.pool && (
                <>
                  · in pool{" "}
                  <Link href="/pools" className="font-medium hover:underline">
                    {n.pool.poolName}
                  </Link>
                </>
              )}
            </span>
          ) : undefined
        }
        actions={
          canManage &&
          n && (
            <Button variant="danger-ghost" onClick={() => setCancelling(true)}>
              Cancel number
            </Button>
          )
        }
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <Conversations msisdn={msisdn} canManage={canManage} />
        <div className="space-y-6">
          <Card>
            <CardHeader title="Callbacks" description="Where this number's inbound messages are POSTed." />
            <CardBody>{n ? <CallbacksForm number={n} canManage={canManage} /> : <Skeleton className="h-32" />}</CardBody>
          </Card>
          <Card>
            <CardHeader title="Costs and renewal" />
            <CardBody>
              {n ? (
                <dl className="grid grid-cols-2 gap-y-2 text-sm">
                  <dt className="text-slate-500">Monthly</dt>
                  <dd className="text-right tabular-nums">{formatCost(n.monthlyCosts[0])}</dd>
                  <dt className="text-slate-500">Activation</dt>
                  <dd className="text-right tabular-nums">{formatCost(n.activationCosts[0])}</dd>
                  <dt className="text-slate-500">Rented</dt>
                  <dd className="text-right">{formatDate(n.rentedAt)}</dd>
                  <dt className="text-slate-500">Next renewal</dt>
                  <dd className="text-right">{formatDate(n.nextRenewal)}</dd>
                  <dt className="text-slate-500">Sending rate</dt>
                  <dd className="text-right">1 SMS per second</dd>
                </dl>
              ) : (
                <Skeleton className="h-24" />
              )}
            </CardBody>
          </Card>
          <Card>
            <CardHeader title="History" />
            <CardBody>
              <ol className="space-y-3 text-sm">
                {n?.events.map((e, i) => (
                  <li key={i}>
                    <div className="flex items-center justify-between gap-2">
                      <Badge tone={e.kind === "Released" ? "danger" : e.kind === "Cancelled" ? "warning" : "success"}>{e.kind}</Badge>
                      <time className="text-xs text-slate-500">{formatDateTime(e.at)}</time>
                    </div>
                    <p className="mt-1 text-slate-600 dark:text-slate-400">{e.description}</p>
                  </li>
                ))}
              </ol>
            </CardBody>
          </Card>
        </div>
      </div>
      {n && <CancelNumberDialog open={cancelling} number={n} onClose={() => setCancelling(false)} />}
    </>
  );
}
