// Moves one part to a new status inside the caller's transaction: the part, an event row, the
// message's derived status, a refund when nothing will be delivered, and the delivery reports
// the message's callback strategy asks for; then publishes "sms.status" in the same transaction
// for the capabilities that react (campaigns, OTP). Never moves a final part again.
import type { Ctx, Tx } from "../context.ts";
import type { RouteHop } from "../ports/carrier.ts";
import { txSql } from "../../db/tx-sql.ts";
import { scheduleCallback } from "../callbacks/schedule-callback.ts";
import { creditAccount } from "../accounts/credit-account.ts";
import { deriveMessageStatus, isFinal, type StatusChange } from "./statuses.ts";
import { smsReportPayload } from "./report-payload.ts";
import { outcomeOf } from "./part-tally.ts";

export async function recordPartStatus(
  ctx: Ctx,
  tx: Tx,
  partId: string,
  change: StatusChange,
  extra: { smscMessageId?: string; submittedAt?: Date; possibleDuplicate?: boolean; connectorId?: string; costMicros?: bigint; routeHops?: RouteHop[] } = {},
): Promise<boolean> {
  const at = ctx.now();
  // Parts of one message report concurrently; the message row serialises them.
  await txSql(tx).query(`SELECT 1 FROM messages WHERE id = (SELECT message_id FROM message_parts WHERE id = $1::uuid) FOR UPDATE`, [partId]);
  const part = await tx.messagePart.findUnique({ where: { id: partId }, include: { message: true } });
  if (!part || isFinal(part.status)) return false;
  if (part.status === change.status && part.detailedStatus === change.detailedStatus) return false;
  const final = isFinal(change.status);
  const updated = await tx.messagePart.update({
    where: { id: partId },
    data: {
      status: change.status,
      detailedStatus: change.detailedStatus,
      statusDescription: change.description,
      statusAt: at,
      ...(final ? { doneAt: at } : {}),
      ...extra,
      routeHops: extra.routeHops as { connector: string; description: string }[] as object[] | undefined,
    },
  });
  await tx.messageEvent.create({ data: { messageId: part.messageId, partId, ...change, at } });

  const siblings = await tx.messagePart.findMany({ where: { messageId: part.messageId }, select: { status: true } });
  const messageStatus = deriveMessageStatus(siblings.map((s) => s.status));
  const m = part.message;
  if (messageStatus !== m.status || final) {
    await tx.message.update({
      where: { id: m.id },
      data: {
        status: messageStatus,
        detailedStatus: change.detailedStatus,
        statusDescription: change.description,
        statusAt: at,
        ...(isFinal(messageStatus) ? { finalAt: at } : {}),
      },
    });
  }

  if ((change.status === "Failed" || change.status === "Unsent") && part.priceMicros > 0n)
    await creditAccount(tx, {
      accountId: m.accountId,
      amountMicros: part.priceMicros,
      kind: "Refund",
      source: "Usage",
      description: `Refund: SMS part ${part.partNumber}/${m.parts} to ${m.to} was ${change.status.toLowerCase()}`,
      reference: m.id,
      at,
    });

  if (m.callbackUrl && (m.callbackStrategy === "OnChange" || final)) {
    await scheduleCallback(ctx, tx, {
      accountId: m.accountId,
      kind: "sms.status",
      url: m.callbackUrl,
      messageId: m.id,
      poolId: m.poolId,
      payload: smsReportPayload(m, updated, { ...change, at }),
    });
  }
  // Counted before the caller's commit: a rolled-back change (rare) is counted all the same.
  const outcome = outcomeOf(change);
  if (outcome) ctx.metrics.parts(outcome, updated.connectorId ?? null, m.country, 1);
  await ctx.events.publish(ctx, tx, "sms.status", {
    messageId: m.id,
    accountId: m.accountId,
    campaignId: m.campaignId,
    label: m.label,
    status: messageStatus,
    final: isFinal(messageStatus),
  });
  return true;
}
