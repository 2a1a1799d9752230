// Records a notification for a client URL inside the transaction of the change that causes it:
// committed together, or not at all. The row is its delivery's work: callbacks.deliver claims it
// once it is due (deliver-callback.ts); an inbound message's callback has a job of its own instead
// (Routee's schedule of retries).
import type { Ctx, Tx } from "../context.ts";
import { deliverInboundCallback } from "./deliver-inbound-callback.ts";
import { inboundCallbackKinds } from "./inbound-retry.ts";
import { poolCallbackFields } from "../pools/pool-callback-fields.ts";
import { traceCarrier } from "../../trace/tracing.ts";

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
  // Inbound-message callbacks follow Routee's schedule of 12 retries over a day (their own job); the rest are due now.
  const inbound = inboundCallbackKinds.has(input.kind);
  const row = await tx.callback.create({
    data: {
      accountId: input.accountId,
      kind: input.kind,
      url: input.url,
      payload: pool ? { ...input.payload, ...pool } : input.payload,
      messageId: input.messageId,
      campaignId: input.campaignId,
      createdAt: ctx.now(),
      ...(inbound ? { dueAt: null } : {}),
      trace: traceCarrier() ?? undefined,
    },
  });
  if (inbound) await ctx.enqueue(tx, deliverInboundCallback, { callbackId: row.id });
  return row;
}
