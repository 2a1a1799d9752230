// The message text as written and, when it went out differently (transcoded, or in several
// parts), as sent: part by part.
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import type { MessageDetail } from "./api";
import { plural } from "@/lib/ui/format";

type Props = { message: MessageDetail["message"]; parts: MessageDetail["parts"] };

export function MessageBody({ message: m, parts }: Props) {
  const sent = parts.map((p) => p.text).join("");
  const transcoded = m.transcode && sent !== m.body;
  const a = m.bodyAnalysis;
  return (
    <Card>
      <CardHeader
        title="Message"
        actions={
          <span className="flex flex-wrap items-center gap-1.5">
            <Badge tone={m.encoding === "ucs2" ? "warning" : "neutral"}>{m.encoding === "ucs2" ? "Unicode" : "GSM-7"}</Badge>
            <Badge>{plural(a.characters, "character")}</Badge>
            <Badge>{plural(m.parts, "part")}</Badge>
            {m.flash && <Badge tone="accent">Flash</Badge>}
          </span>
        }
      />
      <CardBody className="space-y-4">
        <p className="text-[15px] leading-7 break-words whitespace-pre-wrap text-slate-900 dark:text-slate-100">{m.body}</p>
        {(transcoded || parts.length > 1) && (
          <div>
            <p className="mb-1.5 text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">
              {transcoded ? "As sent, transcoded to GSM-7" : "As sent"}
              {parts.length > 1 && `, in ${parts.length} parts`}
            </p>
            <p className="rounded-lg bg-slate-50 p-3 font-mono text-[13px] leading-6 break-words whitespace-pre-wrap text-slate-700 dark:bg-slate-950/60 dark:text-slate-300">
              {parts.map((p, i) => (
                <span key={p.smsId} className={i % 2 ? "bg-indigo-100/70 dark:bg-indigo-500/20" : "bg-sky-100/70 dark:bg-sky-500/15"}>
                  {parts.length > 1 && (
                    <sup title={`Part ${p.part}`} className="mr-0.5 rounded-sm px-0.5 font-sans text-[10px] font-semibold text-slate-500 select-none dark:text-slate-400">
                      {p.part}
                    </sup>
                  )}
                  {p.text}
                </span>
              ))}
            </p>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
