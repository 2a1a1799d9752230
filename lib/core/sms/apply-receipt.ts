// A delivery receipt from the SMSC: finds the part by the SMSC's message id and records its
// final (or intermediate) status. A receipt can overtake the commit of its own submit, so an
// unknown id is looked up again for about 1.6 s, then refused: the SMSC redelivers it later.
import type { Ctx } from "../context.ts";
import type { DeliveryReceipt } from "../../carrier/types.ts";
import { log } from "../../http/logger.ts";
import { recordPartStatus } from "./record-part-status.ts";
import { receiptStatus } from "./statuses.ts";
import { wakeWorkers } from "../../jobs/wake.ts";
import { deliverCallback } from "../callbacks/deliver-callback.ts";

export async function applyReceipt(ctx: Ctx, receipt: DeliveryReceipt): Promise<void> {
  let part = null;
  for (const wait of [0, 10, 25, 50, 100, 200, 400, 800]) {
    if (wait) await new Promise((r) => setTimeout(r, wait));
    part = await ctx.db.messagePart.findFirst({ where: { smscMessageId: receipt.smscMessageId }, select: { id: true } });
    if (part) break;
  }
  if (!part) {
    log("warn", "receipt for an unknown message id; refused so the SMSC retries", { smscMessageId: receipt.smscMessageId, stat: receipt.stat });
    throw new Error(`no part with SMSC message id ${receipt.smscMessageId}`);
  }
  await ctx.db.$transaction((tx) => recordPartStatus(ctx, tx, part.id, receiptStatus(receipt.stat, receipt.err)));
  wakeWorkers(deliverCallback.name);
}
