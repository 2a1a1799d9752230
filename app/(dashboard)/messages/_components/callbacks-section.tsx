// The delivery reports posted for this message: each callback with its attempts (time, HTTP
// status, latency, error) and a Resend button that posts the same payload again.
"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { Badge, StatusBadge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { CodeBlock } from "@/components/ui/code-block";
import { Disclosure } from "@/components/ui/disclosure";
import { StaticTable, type StaticColumn } from "@/components/ui/static-table";
import { useToast } from "@/components/ui/toast";
import { Time } from "@/components/ui/time";
import { messageKey, resendCallback, type CallbackView } from "./api";
import { capitalize, formatTime, plural } from "@/lib/ui/format";

type Attempt = CallbackView["attemptLog"][number];

const attemptColumns: StaticColumn<Attempt>[] = [
  { header: "#", className: "w-px tabular-nums", cell: (a) => a.attempt },
  {
    header: "Time",
    cell: (a) => <Time at={a.at} show="time" className="whitespace-nowrap tabular-nums" />,
  },
  {
    header: "Status code",
    cell: (a) =>
      a.statusCode ? (
        <Badge tone={a.statusCode >= 200 && a.statusCode < 300 && !a.error ? "success" : "danger"} className="font-mono">
          {a.statusCode}
        </Badge>
      ) : (
        <span className="text-slate-400">No answer</span>
      ),
  },
  { header: "Latency", className: "text-right", cell: (a) => <span className="whitespace-nowrap tabular-nums">{a.latencyMs} ms</span> },
  {
    header: "Error / response",
    className: "min-w-48",
    cell: (a) =>
      a.error ? (
        <span className="text-red-700 dark:text-red-400">{a.error}</span>
      ) : a.responseBody ? (
        <code className="line-clamp-2 font-mono text-xs break-all text-slate-500 dark:text-slate-400" title={a.responseBody}>
          {a.responseBody}
        </code>
      ) : (
        <span className="text-slate-400">—</span>
      ),
  },
];

/** "Delivered · part 1/2" from a delivery report payload, when it is one. */
function reportSummary(payload: unknown): string {
  const p = payload as { status?: { name?: unknown }; part?: unknown; parts?: unknown } | null;
  const name = typeof p?.status?.name === "string" ? p.status.name : "";
  if (!name) return "";
  return typeof p?.part === "number" && typeof p.parts === "number" && p.parts > 1 ? `${name} · part ${p.part}/${p.parts}` : name;
}

export function CallbacksSection({ trackingId, callbacks, callbackUrl, canResend }: { trackingId: string; callbacks: CallbackView[]; callbackUrl: string; canResend: boolean }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const resend = useMutation({
    mutationFn: (c: CallbackView) => resendCallback(c.id),
    onSuccess: async (c) => {
      await queryClient.invalidateQueries({ queryKey: messageKey(trackingId) });
      toast({ title: "Callback resent", description: `A new callback to ${c.url} is on its way.` });
    },
    onError: (err) => toast({ tone: "error", title: "The callback could not be resent", description: err.message }),
  });

  return (
    <Card>
      <CardHeader
        title="Callbacks"
        actions={
          <Link href={`/webhooks?resource=${encodeURIComponent(trackingId)}`} className="text-sm text-indigo-700 hover:underline dark:text-indigo-300">
            Open in Webhooks
          </Link>
        }
        description={
          callbackUrl ? (
            <>
              Delivery reports posted to <code className="font-mono text-xs break-all">{callbackUrl}</code>
            </>
          ) : (
            "Delivery reports posted to your callback URL."
          )
        }
      />
      {callbacks.length === 0 ? (
        <p className="px-5 py-6 text-sm text-slate-500 dark:text-slate-400">
          {callbackUrl
            ? "No callback yet: one is posted when the message reaches the status its strategy waits for."
            : "This message was sent without a callback URL. To receive delivery reports, set one under Advanced when composing, or on the application that sends."}
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {callbacks.map((c) => {
            const summary = reportSummary(c.payload);
            const pending = resend.isPending && resend.variables?.id === c.id;
            return (
              <li key={c.id} aria-label={`Callback ${summary || c.kind} to ${c.url}`} className="px-5 py-4">
                <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
                  <div className="min-w-[12rem] flex-1">
                    <p className="text-sm text-slate-900 dark:text-slate-100">
                      {summary ? (
                        <>
                          <span className="text-slate-500 dark:text-slate-400">Report:</span> <span className="font-medium">{summary}</span>
                        </>
                      ) : (
                        <span className="font-medium">{c.kind}</span>
                      )}
                    </p>
                    <code className="mt-0.5 block truncate font-mono text-xs text-slate-600 dark:text-slate-400" title={c.url}>
                      POST {c.url}
                    </code>
                    <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
                      Created {formatTime(c.createdAt)} · {plural(c.attempts, "attempt")}
                      {c.completedAt && <> · done {formatTime(c.completedAt)}</>}
                    </p>
                  </div>
                  <div className="flex items-center gap-3">
                    <StatusBadge status={capitalize(c.state)} />
                    {canResend && (
                      <Button
                        variant="secondary"
                        size="sm"
                        loading={pending}
                        disabled={c.state === "pending" || resend.isPending}
                        title={c.state === "pending" ? "Still being delivered" : "Post the same payload again, as a new callback"}
                        onClick={() => resend.mutate(c)}
                      >
                        Resend
                      </Button>
                    )}
                  </div>
                </div>
                {c.attemptLog.length > 0 ? (
                  <div className="mt-3 overflow-hidden rounded-lg border border-slate-200 dark:border-slate-800">
                    <StaticTable label={`Attempts of the callback created ${formatTime(c.createdAt)}`} columns={attemptColumns} rows={c.attemptLog} getRowId={(a) => String(a.attempt)} />
                  </div>
                ) : (
                  <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">Not attempted yet.</p>
                )}
                <Disclosure variant="plain" summary="Payload" className="mt-3">
                  <CodeBlock code={JSON.stringify(c.payload, null, 2)} label="Copy payload" language="json" />
                </Disclosure>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
