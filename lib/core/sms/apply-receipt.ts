// A delivery receipt from the SMSC: finds the part by the SMSC's message id and records its
// final (or intermediate) status. A receipt can overtake the commit of its own submit, so an
// unknown id is looked up again for a moment, then refused: the SMSC redelivers it later.
import type { Ctx } from "../context.ts";
import type { DeliveryReceipt } from "../../carrier/types.ts";
import { log } from "../../http/logger.ts";
import { recordPartStatus } from "./record-part-status.ts";
import { receiptStatus } from "./statuses.ts";

export async function applyReceipt(ctx: Ctx, receipt: DeliveryReceipt): Promise<void> {
  let part = null;
  for (let i = 0; i < 10 && !part; i++) {
    if (i) await new Promise((r) => setTimeout(r, 200));
    part = await ctx.db.messagePart.findFirst({ where: { smscMessageId: receipt.smscMessageId }, select: { id: true } });
  }
  if (!part) {
    log("warn", "receipt for an unknown message id; refused so the SMSC retries", { smscMessageId: receipt.smscMessageId, stat: receipt.stat });
    throw new Error(`no part with SMSC message id ${receipt.smscMessageId}`);
  }
  await ctx.db.$transaction((tx) => recordPartStatus(ctx, tx, part.id, receiptStatus(receipt.stat, receipt.err)));
}
