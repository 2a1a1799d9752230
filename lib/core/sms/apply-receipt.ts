// A delivery receipt from the SMSC: finds the part by the SMSC's message id (as sent, else read in
// the other base for a part still waiting: lib/carrier/message-id.ts) and records its final (or
// intermediate) status. A receipt can overtake the commit of its own submit, so an unknown id is
// looked up again for about 1.6 s, then refused so the SMSC delivers it again (looked up once
// each time then) — for a grace period from the first time this process saw it (60 s). After that
// it is acknowledged and logged: a receipt for a submission we never recorded (an SMSC's own
// duplicate, or garbage) must not come back forever. Any database error refuses it (the SMSC
// retries): nothing is lost.
import type { Ctx } from "../context.ts";
import type { DeliveryReceipt } from "../ports/carrier.ts";
import { log } from "../../log/logger.ts";
import { recordPartStatus } from "./record-part-status.ts";
import { isFinal, receiptStatus } from "./statuses.ts";
import { deliverCallback } from "../callbacks/deliver-callback.ts";

export interface ReceiptOptions {
  /** How long an unknown id is refused (so the SMSC retries) before it is acknowledged and dropped (default 60 000 ms). */
  unknownGraceMs?: number;
  /** The connector whose connection brought the receipt: only its parts (or parts sent before connectors were recorded) match. */
  connectorId?: string;
}

const UNKNOWN_GRACE_MS = 60_000;

/** First time a carrier's receipt handler (receiptApplier) saw each unknown id (bounded). */
export type UnknownIds = Map<string, number>;

function firstSeen(unknownSince: UnknownIds, id: string, now: number, grace: number): number {
  let at = unknownSince.get(id);
  if (at === undefined) {
    if (unknownSince.size >= 10_000) for (const [k, t] of unknownSince) if (now - t > grace || unknownSince.size >= 10_000) unknownSince.delete(k);
    unknownSince.set(id, (at = now));
  }
  return at;
}

async function findPart(ctx: Ctx, receipt: DeliveryReceipt, connectorId?: string): Promise<{ id: string } | null> {
  const alternates = receipt.alternateIds ?? [];
  const rows = await ctx.db.messagePart.findMany({
    where: { smscMessageId: { in: [receipt.smscMessageId, ...alternates] }, ...(connectorId ? { OR: [{ connectorId }, { connectorId: null }] } : {}) },
    select: { id: true, smscMessageId: true, status: true },
  });
  const exact = rows.find((r) => r.smscMessageId === receipt.smscMessageId);
  if (exact) return exact;
  for (const a of alternates) {
    const r = rows.find((x) => x.smscMessageId === a && !isFinal(x.status));
    if (r) return r;
  }
  return null;
}

const RELOOKUPS = [0, 10, 25, 50, 100, 200, 400, 800];

export async function applyReceipt(ctx: Ctx, receipt: DeliveryReceipt, unknownSince: UnknownIds, options: ReceiptOptions = {}): Promise<void> {
  let part = null;
  for (const wait of unknownSince.has(receipt.smscMessageId) ? [0] : RELOOKUPS) {
    if (wait) await new Promise((r) => setTimeout(r, wait));
    part = await findPart(ctx, receipt, options.connectorId);
    if (part) break;
  }
  if (!part) {
    const grace = options.unknownGraceMs ?? UNKNOWN_GRACE_MS;
    const now = Date.now();
    if (now - firstSeen(unknownSince, receipt.smscMessageId, now, grace) < grace) {
      log("info", "receipt for an unknown message id; refused so the SMSC retries", { smscMessageId: receipt.smscMessageId, stat: receipt.stat });
      throw new Error(`no part with SMSC message id ${receipt.smscMessageId}`);
    }
    unknownSince.delete(receipt.smscMessageId);
    log("warn", "receipt for an unknown message id; acknowledged and dropped", { smscMessageId: receipt.smscMessageId, stat: receipt.stat, raw: receipt.raw });
    return;
  }
  unknownSince.delete(receipt.smscMessageId);
  await ctx.db.$transaction((tx) => recordPartStatus(ctx, tx, part.id, receiptStatus(receipt.stat, receipt.err)));
  ctx.wake(deliverCallback);
}
