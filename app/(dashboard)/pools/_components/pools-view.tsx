// The Pools page: each pool with its numbers and settings; create, edit, delete, and a test send
// that shows which number the pool chose and why.
"use client";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { LayersIcon, PlusIcon, SendIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { deletePool, fetchPools, poolsKey, type Pool } from "./api";
import { PoolDialog } from "./pool-dialog";
import { PoolSendDialog } from "./pool-send-dialog";

export function PoolsView({ canManage }: { canManage: boolean }) {
  const [editing, setEditing] = useState<Pool | "new" | null>(null);
  const [sending, setSending] = useState<Pool | null>(null);
  const [deleting, setDeleting] = useState<Pool | null>(null);
  const query = useQuery({ queryKey: poolsKey, queryFn: fetchPools });
  const pools = query.data?.content ?? [];
  const newButton = canManage && (
    <Button icon={<PlusIcon />} onClick={() => setEditing("new")}>
      New pool
    </Button>
  );
  return (
    <>
      <PageHeader
        title="Pools"
        description="A pool sends each SMS from one of its numbers: the same one for a recipient every time (sticky), one of the recipient's country (geomatch), or one of its default country."
        actions={newButton}
      />
      {query.isLoading ? (
        <Skeleton className="h-40" />
      ) : pools.length === 0 ? (
        <Card>
          <EmptyState
            icon={<LayersIcon size={22} />}
            title="No pools yet"
            description={
              <>
                Rent a few{" "}
                <Link href="/numbers" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
                  numbers
                </Link>
                , then group them in a pool and send through it with POST /api/pools/my/&#123;poolId&#125;/sms.
              </>
            }
            action={newButton}
          />
        </Card>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          {pools.map((p) => (
            <Card key={p.poolId} data-testid="pool-card">
              <CardHeader
                title={p.poolName}
                description={<span className="font-mono text-xs">{p.poolId}</span>}
                actions={
                  canManage && (
                    <div className="flex gap-2">
                      <Button size="sm" variant="secondary" onClick={() => setSending(p)} disabled={p.numbers.length === 0 && !p.smsSettings.alphanumericSenderId}>
                        <SendIcon />
                        Send
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => setEditing(p)}>
                        Edit
                      </Button>
                      <Button size="sm" variant="danger-ghost" onClick={() => setDeleting(p)}>
                        Delete
                      </Button>
                    </div>
                  )
                }
              />
              <CardBody className="space-y-4 text-sm">
                <div className="flex flex-wrap gap-1.5">
                  <Badge tone={p.smsSettings.sticky ? "success" : "neutral"}>Sticky {p.smsSettings.sticky ? "on" : "off"}</Badge>
                  <Badge tone={p.smsSettings.geomatch ? "success" : "neutral"}>Geomatch {p.smsSettings.geomatch ? "on" : "off"}</Badge>
                  {p.smsSettings.transcode && <Badge>Transcode</Badge>}
                  {p.smsSettings.defaultCountry && <Badge tone="info">Default {p.smsSettings.defaultCountry}</Badge>}
                  {p.smsSettings.alphanumericSenderId && <Badge tone="accent">Alphanumeric “{p.smsSettings.alphanumericSenderId}”</Badge>}
                </div>
                <div>
                  <h3 className="mb-1.5 text-xs font-medium text-slate-500 uppercase">Numbers ({p.numbers.length})</h3>
                  {p.numbers.length ? (
                    <ul className="flex flex-wrap gap-2">
                      {p.numbers.map((n) => (
                        <li key={n}>
                          <Link href={`/numbers/${n.slice(1)}`} className="rounded-md bg-slate-100 px-2 py-1 font-mono text-xs hover:bg-slate-200 dark:bg-slate-800 dark:hover:bg-slate-700">
                            {n}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className="text-slate-500">No numbers: edit the pool to add some.</p>
                  )}
                </div>
                <dl className="grid grid-cols-[9rem_minmax(0,1fr)] gap-y-1 text-xs">
                  <dt className="text-slate-500">Status callback</dt>
                  <dd className="truncate">{p.smsSettings.callback.url ? `${p.smsSettings.callback.url} (${p.smsSettings.callback.strategy})` : "—"}</dd>
                  <dt className="text-slate-500">Inbound callback</dt>
                  <dd className="truncate">{p.smsSettings.inboundSMSCallbackUrl || "—"}</dd>
                </dl>
              </CardBody>
            </Card>
          ))}
        </div>
      )}
      {editing && <PoolDialog pool={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      {sending && <PoolSendDialog pool={sending} onClose={() => setSending(null)} />}
      {deleting && <DeletePoolDialog pool={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}

function DeletePoolDialog({ pool, onClose }: { pool: Pool; onClose: () => void }) {
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      title={`Delete pool “${pool.poolName}”?`}
      description="Its numbers stay rented and can join another pool. Sends to this pool's id will fail."
      confirmLabel="Delete pool"
      cancelLabel="Keep it"
      onConfirm={() => deletePool(pool.poolId)}
      refresh={[poolsKey]}
      announce={() => ({ title: `Pool “${pool.poolName}” deleted`, tone: "success" })}
    />
  );
}
