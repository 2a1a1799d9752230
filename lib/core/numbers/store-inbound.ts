// An SMS that arrived on a rented number: stored as an Inbound message (with a part per segment,
// so tracking shows it like any other), and forwarded to the number's inboundSmsCallbackUrl and
// to its pool's inboundSMSCallbackUrl — all in one transaction. A message to a number nobody
// rents is not stored (null).
import crypto from "node:crypto";
import type { Ctx } from "../context.ts";
import type { InboundMessage } from "../ports/carrier.ts";
import { analyzeBody, splitBody } from "../sms/analyze-body.ts";
import { parseRecipient } from "../sms/parse-recipient.ts";
import { scheduleCallback } from "../callbacks/schedule-callback.ts";
import { deliverInboundCallback } from "../callbacks/deliver-inbound-callback.ts";
import { normalizeMsisdn } from "./normalize-msisdn.ts";

/** The spec's Inbound SMS callback body. */
export function inboundPayload(m: { id: string; from: string; to: string; body: string; parts: number; createdAt: Date }) {
  return {
    messageId: m.id,
    from: m.from,
    to: m.to,
    message: m.body,
    parts: m.parts,
    originatingService: "Sms",
    direction: "Inbound",
    receivedDate: m.createdAt.toISOString(),
  };
}

export async function storeInbound(ctx: Ctx, m: InboundMessage): Promise<{ messageId: string; accountId: string } | null> {
  const to = normalizeMsisdn(m.to);
  const rented = to ? await ctx.db.rentedNumber.findUnique({ where: { msisdn: to } }) : null;
  if (!rented) return null;
  const member = await ctx.db.poolNumber.findUnique({ where: { msisdn: rented.msisdn }, select: { poolId: true } });
  const pool = member ? await ctx.db.numberPool.findUnique({ where: { id: member.poolId } }) : null;
  const sender = parseRecipient(m.from);
  const from = sender?.e164 ?? normalizeMsisdn(m.from) ?? m.from;
  const split = splitBody(m.text);
  const at = m.receivedAt;
  const id = crypto.randomUUID();
  const message = { id, from, to: rented.msisdn, body: m.text, parts: split.parts.length, createdAt: at };
  await ctx.enqueue.ready();
  await ctx.db.$transaction(async (tx) => {
    await tx.message.create({
      data: {
        id,
        accountId: rented.accountId,
        direction: "Inbound",
        from,
        to: rented.msisdn,
        body: m.text,
        country: sender?.country ?? "",
        numberType: sender?.numberType ?? "",
        encoding: split.encoding,
        parts: split.parts.length,
        bodyAnalysis: analyzeBody(m.text) as object,
        status: "Delivered",
        detailedStatus: "Delivered",
        statusDescription: `Received on ${rented.msisdn}`,
        statusAt: at,
        currency: rented.currency,
        createdAt: at,
        expiresAt: at,
        finalAt: at,
        poolId: pool?.id ?? null,
        messageParts: {
          create: split.parts.map((text, i) => ({
            id: crypto.randomUUID(),
            accountId: rented.accountId,
            partNumber: i + 1,
            text,
            status: "Delivered",
            detailedStatus: "Delivered",
            statusAt: at,
            doneAt: at,
            createdAt: at,
          })),
        },
        events: { create: { status: "Delivered", detailedStatus: "Delivered", description: `Received on ${rented.msisdn}`, at } },
      },
    });
    if (rented.inboundSmsCallbackUrl)
      await scheduleCallback(ctx, tx, { accountId: rented.accountId, kind: "sms.inbound", url: rented.inboundSmsCallbackUrl, messageId: id, payload: inboundPayload(message) });
    if (pool?.inboundSmsCallbackUrl)
      await scheduleCallback(ctx, tx, {
        accountId: rented.accountId,
        kind: "pool.inbound",
        url: pool.inboundSmsCallbackUrl,
        messageId: id,
        payload: { ...inboundPayload(message), poolId: pool.id, poolName: pool.name },
      });
  });
  if (rented.inboundSmsCallbackUrl || pool?.inboundSmsCallbackUrl) ctx.wake(deliverInboundCallback);
  return { messageId: id, accountId: rented.accountId };
}
