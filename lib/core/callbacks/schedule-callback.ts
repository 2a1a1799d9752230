// Records a notification for a client URL and enqueues its delivery, inside the transaction of
// the change that causes it: committed together, or not at all.
import type { Ctx, Tx } from "../context.ts";
import { deliverCallback } from "./deliver-callback.ts";
import { deliverInboundCallback } from "./deliver-inbound-callback.ts";
import { inboundCallbackKinds } from "./inbound-retry.ts";
import { poolCallbackFields } from "../pools/pool-callback-fields.ts";

export interface CallbackInput {
  accountId: string;
  kind: string;
  url: string;
  payload: object;
  messageId?: string;
  campaignId?: string;
  /** The message's pool (null: none), when the caller holds the message; left out, it is looked up. */
  poolId?: string | null;
}

export async function scheduleCallback(ctx: Ctx, tx: Tx, input: CallbackInput) {
  // A delivery report of a message sent through a pool names the pool (its poolId, poolName, poolStrategy).
  const pool = input.kind === "sms.status" && input.messageId && input.poolId !== null ? await poolCallbackFields(tx, input.messageId) : null;
  const row = await tx.callback.create({
    data: {
      accountId: input.accountId,
      kind: input.kind,
      url: input.url,
      payload: pool ? { ...input.payload, ...pool } : input.payload,
      messageId: input.messageId,
      campaignId: input.campaignId,
      createdAt: ctx.now(),
    },
  });
  // Inbound-message callbacks follow Routee's schedule of 12 retries over a day; the rest up to 5 retries.
  await ctx.enqueue(tx, inboundCallbackKinds.has(input.kind) ? deliverInboundCallback : deliverCallback, { callbackId: row.id });
  return row;
}
