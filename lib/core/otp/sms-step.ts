// An SMS step is an ordinary SMS (sendSms) whose label names its flow; its step row mirrors the
// message. Reading the message FOR UPDATE orders this against the message's status changes, so
// a change either is already in the row read here, or is applied after this commits and syncs
// the step then (sync-sms-step.ts).
import type { Ctx, Tx } from "../context.ts";
import { txSql } from "../../db/tx-sql.ts";
import { sendSms } from "../sms/send-sms.ts";
import { isFinal } from "../sms/statuses.ts";
import { otpSmsLabel, smsStepStatus } from "./flow-view.ts";
import { renderBody } from "./otp-code.ts";
import { smsTtlMinutes, type PlanStep } from "./plan.ts";
import { otpQueues } from "./otp-queues.ts";

export type MessageState = {
  status: string;
  detailed_status: string;
  status_description: string;
  price_micros: bigint | string;
  country: string;
  operator: string;
  final_at: Date | null;
  sent_at: Date | null;
};

export async function readMessageForStep(tx: Tx, messageId: string): Promise<MessageState | null> {
  const { rows } = await txSql(tx).query<MessageState>(
    `SELECT m.status, m.detailed_status, m.status_description, m.price_micros, m.country, m.operator, m.final_at,
            (SELECT min(p.submitted_at) FROM message_parts p WHERE p.message_id = m.id) AS sent_at
       FROM messages m WHERE m.id = $1::uuid FOR UPDATE`,
    [messageId],
  );
  return rows[0] ?? null;
}

/** The step's fields that follow from its message. */
export function smsStepFields(m: MessageState) {
  const status = smsStepStatus(m.status);
  const failed = isFinal(m.status) && m.status !== "Delivered";
  return {
    status,
    detailedStatus: m.detailed_status || null,
    errorMessage: failed ? m.status_description || m.detailed_status || null : null,
    sentAt: m.sent_at ?? (m.status === "Queued" ? null : m.final_at),
    deliveredAt: m.status === "Delivered" ? m.final_at : null,
    finalAt: isFinal(m.status) ? m.final_at : null,
    priceMicros: BigInt(m.price_micros),
    priceShown: true,
    country: m.country || null,
    operator: m.operator || null,
  };
}

/**
 * Writes an SMS step as queued — the state "the OTP is sent on this channel" reports — so each
 * later status of its message is reported once and in order, even when the SMS was faster than
 * this write.
 */
export async function insertSmsStep(
  ctx: Ctx,
  tx: Tx,
  data: { id: string; flowId: string; accountId: string; seq: number; role: string; phoneNumber: string; label: string; failoverFrom: string | null; ttlSeconds: number; createdAt: Date },
): Promise<void> {
  const m = await readMessageForStep(tx, data.id);
  if (!m) throw new Error(`the SMS ${data.id} of flow ${data.flowId} is missing`);
  const fields = smsStepFields(m);
  await tx.otpStep.create({
    data: { ...data, channel: "sms", ...fields, status: "queued", detailedStatus: null, errorMessage: null, sentAt: null, deliveredAt: null, finalAt: null },
  });
  // What the SMS went through before this write is replayed, in order, by one status job.
  if (m.status !== "Queued") await ctx.enqueue(tx, otpQueues.smsStatus, { flowId: data.flowId, messageId: data.id });
}

/** Sends the step's SMS (or finds the one an earlier attempt of this job sent) and returns its id. */
export async function sendStepSms(ctx: Ctx, input: { flowId: string; accountId: string; currency: string; seq: number; step: PlanStep; code: string; again?: boolean }): Promise<string> {
  const label = otpSmsLabel(input.flowId, input.seq, input.step.label);
  if (input.again) {
    const { rows } = await ctx.sql.query<{ id: string }>(`SELECT id::text FROM messages WHERE account_id = $1::uuid AND "to" = $2 AND (label = $3 OR label LIKE $4) LIMIT 1`, [
      input.accountId,
      input.step.to,
      label.split(" ")[0],
      `${label.split(" ")[0]} %`,
    ]);
    if (rows[0]) return rows[0].id;
  }
  // The receipt hook enqueues otp.sms-status inside the receipt's transaction: the queue must exist.
  await ctx.enqueue.ready();
  const { message } = await sendSms(ctx, {
    accountId: input.accountId,
    currency: input.currency,
    from: input.step.from,
    to: input.step.to,
    body: renderBody(input.step.body, input.code),
    // Tracking, exports and everyone in the account see the code masked; only the SMSC gets it.
    secret: input.code,
    label,
    ttl: smsTtlMinutes(input.step.ttl),
  });
  return message.id;
}
