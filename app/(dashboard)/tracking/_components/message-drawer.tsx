// A message opened from the explorer: the same sections as its own page (details, parts with
// operator and latency, each part's route through the connectors, status timeline, callbacks
// with Resend), polled while it can change.
"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { StatusBadge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { Drawer } from "@/components/ui/drawer";
import { ExternalLinkIcon } from "@/components/ui/icons";
import { DrawerRecord } from "@/components/ui/drawer-record";
import { isFinal } from "@/lib/core/sms/statuses";
import { fetchMessage, messageKey } from "../../messages/_components/api";
import { CallbacksSection } from "../../messages/_components/callbacks-section";
import { formatDateTimeSeconds } from "@/lib/ui/format";
import { MessageBody } from "../../messages/_components/message-body";
import { MessageDetails } from "../../messages/_components/message-details";
import { PartsTable } from "../../messages/_components/parts-table";
import { PartRoutes } from "../../messages/_components/part-routes";
import { StatusTimeline } from "../../messages/_components/status-timeline";

export function MessageDrawer({ trackingId, onClose, canResend }: { trackingId: string; onClose: () => void; canResend: boolean }) {
  const query = useQuery({
    queryKey: messageKey(trackingId),
    queryFn: () => fetchMessage(trackingId),
    enabled: Boolean(trackingId),
    refetchInterval: (q) => {
      const d = q.state.data;
      if (!d) return false;
      if (!isFinal(d.message.status)) return 1500;
      return d.callbacks.some((c) => c.state === "pending") ? 2500 : false;
    },
  });
  const d = query.data;
  return (
    <Drawer
      open={Boolean(trackingId)}
      onClose={onClose}
      className="max-w-3xl!"
      title={
        d ? (
          <>
            SMS to <span className="tabular-nums">{d.message.to}</span>
          </>
        ) : (
          "Message"
        )
      }
      description={
        d ? (
          <span className="flex flex-wrap items-center gap-2">
            <span data-testid="drawer-status">
              <StatusBadge status={d.message.status} />
            </span>
            From <strong className="font-medium text-slate-900 dark:text-slate-100">{d.message.from}</strong> · {formatDateTimeSeconds(d.message.createdAt)}
          </span>
        ) : undefined
      }
      footer={
        <Link href={`/messages/${encodeURIComponent(trackingId)}`} className={buttonClasses("secondary")}>
          <ExternalLinkIcon />
          Open the message page
        </Link>
      }
    >
      <DrawerRecord query={query} what="message">
        {(d) => (
          <div className="space-y-6">
            <MessageBody message={d.message} parts={d.parts} />
            <Card>
              <CardHeader title="Parts" description={d.message.parts === 1 ? "Sent as a single SMS." : `Sent as ${d.message.parts} concatenated SMS.`} />
              <PartsTable parts={d.parts} currency={d.message.currency} total={d.message.parts} operator={d.message.operator} />
            </Card>
            <PartRoutes parts={d.parts} total={d.message.parts} />
            <StatusTimeline events={d.events} createdAt={d.message.createdAt} partCount={d.message.parts} />
            <CallbacksSection trackingId={d.message.trackingId} callbacks={d.callbacks} callbackUrl={d.message.callback.url} canResend={canResend} />
            <MessageDetails message={d.message} clicks={d.clicks} />
          </div>
        )}
      </DrawerRecord>
    </Drawer>
  );
}
