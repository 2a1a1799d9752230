// The bundled SMTP sink's captured mail: what the mail server really received, its HTML (as
// decoded from the message) and its raw source.
"use client";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { Disclosure } from "@/components/ui/disclosure";
import { PickList } from "@/components/ui/pick-list";
import { formatRelative } from "@/lib/ui/format";
import { getCaptured, listCaptured, sinkKey } from "./api";
import { HtmlPreview } from "./html-preview";

export function CapturedMail({ usesSink }: { usesSink: boolean }) {
  const [selected, setSelected] = useState<string | null>(null);
  const empty = <EmptyState title="No captured mail" description="Send an email: the sink receives it over SMTP and it shows here." />;
  return (
    <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
      <Card>
        <CardHeader
          title="Captured by the SMTP sink"
          description={
            usesSink ? "The bundled mail server keeps every message it receives instead of delivering it." : "SMTP_URL is set: mail goes to that server; the sink shows what it captured before."
          }
        />
        <PickList label="Captured mail" queryKey={sinkKey} fetchPage={listCaptured} refetchInterval={3000} empty={empty} getId={(m) => m.id} selected={selected} onSelect={setSelected}>
          {(m) => (
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium">{m.subject || "(no subject)"}</span>
              <span className="block truncate text-xs text-slate-500">
                {m.mailFrom} → {m.rcptTo.join(", ")} · {(m.size / 1024).toFixed(1)} KB · {formatRelative(m.receivedAt)}
              </span>
            </span>
          )}
        </PickList>
      </Card>
      {selected ? <CapturedPanel id={selected} /> : <EmptyState title="Pick a message" description="Its HTML and raw source show here." />}
    </div>
  );
}

function CapturedPanel({ id }: { id: string }) {
  const q = useQuery({ queryKey: [...sinkKey, id], queryFn: () => getCaptured(id) });
  if (q.isPending) return <Skeleton className="h-96" />;
  if (q.isError) return <p className="text-sm text-red-700">{q.error.message}</p>;
  const m = q.data;
  return (
    <Card>
      <CardHeader title={m.subject || "(no subject)"} description={`MAIL FROM ${m.mailFrom} · RCPT TO ${m.rcptTo.join(", ")}`} />
      <CardBody className="space-y-4 py-4">
        {m.html ? <HtmlPreview html={m.html} title={`Captured HTML of ${m.subject}`} /> : <pre className="text-sm whitespace-pre-wrap">{m.text}</pre>}
        <Disclosure summary="Raw message">
          <pre className="max-h-96 overflow-auto rounded bg-slate-50 p-3 text-xs dark:bg-slate-900">{m.raw}</pre>
        </Disclosure>
      </CardBody>
    </Card>
  );
}
