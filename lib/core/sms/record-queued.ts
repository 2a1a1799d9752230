// The first status of a new message, reported: with OnChange, a delivery report per part,
// written and enqueued in the transaction that stores the message. (The Queued event itself is
// written by sendSms' statement.)
import type { Ctx, Tx } from "../context.ts";
import { scheduleCallback } from "../callbacks/schedule-callback.ts";
import { queued } from "./statuses.ts";
import { smsReportPayload } from "./report-payload.ts";

type Message = Parameters<typeof smsReportPayload>[0] & { accountId: string; callbackUrl: string; callbackStrategy: string; createdAt: Date; poolId: string | null };
type Part = { id: string; partNumber: number; priceMicros: bigint };

export async function reportQueued(ctx: Ctx, tx: Tx, message: Message, parts: Part[]): Promise<void> {
  if (!message.callbackUrl || message.callbackStrategy !== "OnChange") return;
  for (const part of parts)
    await scheduleCallback(ctx, tx, {
      accountId: message.accountId,
      kind: "sms.status",
      url: message.callbackUrl,
      messageId: message.id,
      poolId: message.poolId,
      payload: queuedReport(message, part),
    });
}

/** A part's report of the Queued status (also written by sendSms' statement, see there). */
export function queuedReport(message: Message, part: Part) {
  return smsReportPayload(message, { ...part, doneAt: null }, { ...queued, at: message.createdAt });
}
