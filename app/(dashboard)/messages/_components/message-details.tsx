// Everything recorded about a message, as a definition list.
import type { ReactNode } from "react";
import { StatusBadge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { CopyableCode } from "@/components/ui/copy-button";
import type { MessageDetail } from "./api";
import { countryName, encodingLabel, formatDateTimeSeconds, formatPrice, plural, ttlLabel } from "@/lib/ui/format";

export function MessageDetails({ message: m, clicks }: { message: MessageDetail["message"]; clicks?: MessageDetail["clicks"] }) {
  const perPart = m.parts > 0 ? m.price / m.parts : 0;
  return (
    <Card>
      <CardHeader title="Details" />
      <dl className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
        <Row label="Status">
          <StatusBadge status={m.status} />
          {(m.detailedStatus || m.statusDescription) && (
            <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
              {m.detailedStatus && m.detailedStatus !== m.status && <span className="font-medium text-slate-700 dark:text-slate-300">{m.detailedStatus}: </span>}
              {m.statusDescription}
            </p>
          )}
        </Row>
        <Row label="Country">{m.country ? `${countryName(m.country)} (${m.country})` : "—"}</Row>
        <Row label="Operator">{m.operator || "—"}</Row>
        <Row label="Encoding">{encodingLabel(m.encoding)}</Row>
        <Row label="Parts">{plural(m.parts, "part")}</Row>
        <Row label="Price">
          <span className="tabular-nums">{formatPrice(m.price, m.currency)}</span>
          {m.parts > 1 && (
            <span className="text-xs text-slate-500 dark:text-slate-400">
              {" "}
              ({m.parts} × {formatPrice(perPart, m.currency)})
            </span>
          )}
        </Row>
        <Row label="Validity">{ttlLabel(m.ttl)}</Row>
        <Row label="Created">{formatDateTimeSeconds(m.createdAt)}</Row>
        <Row label="Expires">{formatDateTimeSeconds(m.expiresAt)}</Row>
        {m.finalAt && <Row label="Final status at">{formatDateTimeSeconds(m.finalAt)}</Row>}
        <Row label="Sent by">{m.campaignName ? `Campaign ${m.campaignName}` : m.applicationName ? `Application ${m.applicationName}` : "Dashboard"}</Row>
        {clicks && (
          <Row label="Clicks">
            <span data-testid="message-clicks">{plural(clicks.count, "click")}</span>
            {clicks.firstClickAt && <span className="text-xs text-slate-500 dark:text-slate-400"> · first {formatDateTimeSeconds(clicks.firstClickAt)}</span>}
          </Row>
        )}
        <Row label="Options">{[m.flash && "Flash", m.transcode && "Transcode"].filter(Boolean).join(", ") || "—"}</Row>
        <Row label="Tracking ID">
          <CopyableCode value={m.trackingId} label="Copy tracking id" className="break-all" />
        </Row>
      </dl>
    </Card>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-3 px-5 py-2.5">
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}
