// Records a notification for a client URL and enqueues its delivery, inside the transaction of
// the change that causes it: committed together, or not at all.
import type { Ctx, Tx } from "../context.ts";
import { deliverCallback } from "./deliver-callback.ts";

export interface CallbackInput {
  accountId: string;
  kind: string;
  url: string;
  payload: object;
  messageId?: string;
  campaignId?: string;
}

export async function scheduleCallback(ctx: Ctx, tx: Tx, input: CallbackInput) {
  const row = await tx.callback.create({
    data: {
      accountId: input.accountId,
      kind: input.kind,
      url: input.url,
      payload: input.payload,
      messageId: input.messageId,
      campaignId: input.campaignId,
      createdAt: ctx.now(),
    },
  });
  await ctx.enqueue(tx, deliverCallback, { callbackId: row.id });
  return row;
}
