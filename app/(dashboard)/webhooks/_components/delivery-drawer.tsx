// One delivery in a drawer: what it is about (with a link to the message or campaign), then each
// attempt with the request as sent (headers with the signature, body) beside the answer (status,
// headers, body) or the network error; Replay sends it again with the same webhook-id.
"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { StatusBadge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Drawer } from "@/components/ui/drawer";
import { DrawerRecord } from "@/components/ui/drawer-record";
import { Time } from "@/components/ui/time";
import { useToast } from "@/components/ui/toast";
import { capitalize } from "@/lib/ui/format";
import { fetchDelivery, replayDelivery, webhooksKey, type DeliveryDetail } from "./api";

type Attempt = DeliveryDetail["attempts"][number];

function Headers({ headers }: { headers: Record<string, string> }) {
  const entries = Object.entries(headers);
  if (!entries.length) return <p className="text-xs text-slate-500">No headers.</p>;
  return (
    <dl className="space-y-0.5 font-mono text-xs break-all">
      {entries.map(([k, v]) => (
        <div key={k}>
          <dt className="inline text-slate-500 dark:text-slate-400">{k}: </dt>
          <dd className="inline text-slate-800 dark:text-slate-200">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function Pane({ title, children, label }: { title: string; children: React.ReactNode; label: string }) {
  return (
    <section aria-label={label} className="min-w-0 space-y-2 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
      <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">{title}</h4>
      {children}
    </section>
  );
}

function AttemptView({ a }: { a: Attempt }) {
  const ok = a.response.statusCode >= 200 && a.response.statusCode < 300 && !a.response.error;
  return (
    <li className="space-y-2" aria-label={`Attempt ${a.attempt}`}>
      <p className="text-sm">
        <span className="font-medium">Attempt {a.attempt}</span> · <Time at={a.at} show="seconds" /> · {a.latencyMs} ms
        {a.replayedBy && <span className="text-slate-500"> · replay by {a.replayedBy}</span>}
      </p>
      <div className="grid gap-3 md:grid-cols-2">
        <Pane title="Request" label={`Request of attempt ${a.attempt}`}>
          <p className="font-mono text-xs break-all">
            {a.request.method} {a.request.url}
          </p>
          <Headers headers={a.request.headers} />
          <pre className="max-h-48 overflow-auto rounded bg-slate-50 p-2 font-mono text-xs whitespace-pre-wrap dark:bg-slate-800/60">{a.request.body}</pre>
        </Pane>
        <Pane title="Response" label={`Response of attempt ${a.attempt}`}>
          {a.response.statusCode ? (
            <p className={ok ? "text-sm font-medium text-emerald-700 dark:text-emerald-400" : "text-sm font-medium text-red-700 dark:text-red-400"}>HTTP {a.response.statusCode}</p>
          ) : null}
          {a.response.error && <p className="text-sm text-red-700 dark:text-red-400">{a.response.error}</p>}
          <Headers headers={a.response.headers} />
          {a.response.body && <pre className="max-h-48 overflow-auto rounded bg-slate-50 p-2 font-mono text-xs whitespace-pre-wrap dark:bg-slate-800/60">{a.response.body}</pre>}
        </Pane>
      </div>
    </li>
  );
}

export function DeliveryDrawer({ id, canAct, onClose }: { id: string; canAct: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const query = useQuery({
    queryKey: [...webhooksKey, "delivery", id],
    queryFn: () => fetchDelivery(id),
    enabled: Boolean(id),
    refetchInterval: (q) => (q.state.data && ["pending", "retrying"].includes(q.state.data.state) ? 1500 : false),
  });
  const replay = useMutation({
    mutationFn: () => replayDelivery(id),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: webhooksKey });
      toast({ title: "Replay on its way", description: "The same callback (same webhook-id) is being sent again." });
    },
    onError: (err) => toast({ tone: "error", title: "The callback could not be replayed", description: err.message }),
  });
  const d = query.data;
  const resource = d?.messageId ? { href: `/messages/${d.messageId}`, label: "Open the message" } : d?.campaignId ? { href: `/campaigns/${d.campaignId}`, label: "Open the campaign" } : null;
  return (
    <Drawer
      open={Boolean(id)}
      onClose={onClose}
      className="max-w-5xl!"
      title={d ? `${d.kind} callback` : "Delivery"}
      description={
        d ? (
          <span className="flex flex-wrap items-center gap-2">
            <span data-testid="delivery-state">
              <StatusBadge status={capitalize(d.state)} />
            </span>
            <code className="font-mono text-xs break-all">{d.url}</code>
          </span>
        ) : undefined
      }
      footer={
        <>
          {resource && (
            <Link href={resource.href} className="mr-auto self-center text-sm text-indigo-700 hover:underline dark:text-indigo-300">
              {resource.label}
            </Link>
          )}
          {canAct && d && (
            <Button loading={replay.isPending} disabled={["pending", "retrying"].includes(d.state)} onClick={() => replay.mutate()}>
              Replay
            </Button>
          )}
        </>
      }
    >
      <DrawerRecord query={query} what="delivery">
        {(d) => (
          <div className="space-y-5">
            <p className="text-xs text-slate-500 dark:text-slate-400">
              webhook-id <code className="font-mono">{d.id}</code> · created <Time at={d.createdAt} show="seconds" />
              {d.replayedBy && <> · last replay by {d.replayedBy}</>}
              {d.nextAttemptAt && (
                <span data-testid="next-attempt">
                  {" "}
                  · next attempt <Time at={d.nextAttemptAt} show="seconds" />
                </span>
              )}
            </p>
            {d.attempts.length ? (
              <ol className="space-y-5">
                {[...d.attempts].reverse().map((a) => (
                  <AttemptView key={a.attempt} a={a} />
                ))}
              </ol>
            ) : (
              <p className="text-sm text-slate-500">Not attempted yet.</p>
            )}
          </div>
        )}
      </DrawerRecord>
    </Drawer>
  );
}
