// POST /otp/send-failover: checks the flow, fixes the code (the request's pin, or six random
// digits) and sends the first step. A Viber step is charged and queued in the transaction that
// creates the flow; an SMS step is an ordinary SMS whose step row follows it. The answer is the
// flow's initial state, which no webhook repeats.
import crypto from "node:crypto";
import type { Ctx, Tx } from "../context.ts";
import { fail } from "../errors.ts";
import { checkCallbackUrl } from "../callbacks/url-guard.ts";
import type { SendFailoverBody } from "../../schemas/otp.ts";
import { flowEvent, currentView } from "./flow-state.ts";
import { notifyKey } from "./flow-view.ts";
import { generateCode, hashCode, sealCode } from "./otp-code.ts";
import { buildPlan, codeLifetimeSeconds } from "./plan.ts";
import { insertSmsStep, sendStepSms } from "./sms-step.ts";
import { createViberStep } from "./viber-step.ts";
import { viberPrice } from "./viber-price.ts";
import { otpQueues } from "./otp-queues.ts";

export interface SendFailoverInput {
  accountId: string;
  currency: string;
  applicationId?: string | null;
  body: SendFailoverBody;
  /** A 2Step verification's own code lifetime and tries (else the plan's ttls + 10 min, and 5). */
  code?: { lifetimeSeconds: number; maxAttempts: number };
  /** Writes what the caller keeps beside the flow, in the flow's transaction. */
  withFlow?: (tx: Tx, flowId: string) => Promise<void>;
}

export async function sendFailover(ctx: Ctx, input: SendFailoverInput) {
  const { plan, pin } = buildPlan(input.body);
  const callbackUrl = input.body.callback?.url ?? "";
  if (callbackUrl) {
    const problem = checkCallbackUrl(callbackUrl, ctx.config.allowPrivateCallbackUrls);
    if (problem) fail("callbackUrlRefused", { message: `The callback URL ${problem}.`, property: "callback.url" });
  }
  const flowId = crypto.randomUUID();
  const code = pin ?? generateCode();
  const first = plan[0]!;
  const now = ctx.now();
  const flowData = {
    id: flowId,
    accountId: input.accountId,
    applicationId: input.applicationId ?? null,
    phoneNumber: first.to.replace(/^\+/, ""),
    plan: plan as unknown as object,
    codeHash: hashCode(flowId, code),
    codeSealed: plan.length > 1 || first.type === "ViberOtp" ? sealCode(ctx.config.authSecret, flowId, code) : "",
    codeExpiresAt: new Date(now.getTime() + (input.code?.lifetimeSeconds ?? codeLifetimeSeconds(plan)) * 1000),
    ...(input.code ? { maxAttempts: input.code.maxAttempts } : {}),
    callbackUrl,
    currency: input.currency,
    createdAt: now,
    updatedAt: now,
  };
  await ctx.enqueue.ready();
  const step0 = { flowId, accountId: input.accountId, seq: 0, step: first };
  if (first.type === "ViberOtp") {
    const priceMicros = await viberPrice(ctx, { iso: first.country, currency: input.currency, accountId: input.accountId });
    await ctx.db.$transaction(async (tx) => {
      await tx.otpFlow.create({ data: flowData });
      await input.withFlow?.(tx, flowId);
      const id = await createViberStep(ctx, tx, { ...step0, priceMicros, failoverFrom: null });
      await flowEvent(ctx, tx, flowId, id, "queued", "Flow started; the code goes over Viber first");
      await setInitialKey(tx, flowId);
    });
    ctx.wake(otpQueues.viberSend);
  } else {
    const messageId = await sendStepSms(ctx, { ...step0, currency: input.currency, code });
    await ctx.db.$transaction(async (tx) => {
      await tx.otpFlow.create({ data: flowData });
      await input.withFlow?.(tx, flowId);
      await insertSmsStep(ctx, tx, {
        id: messageId,
        flowId,
        accountId: input.accountId,
        seq: 0,
        role: "primary",
        phoneNumber: flowData.phoneNumber,
        label: first.label,
        failoverFrom: null,
        ttlSeconds: first.ttl,
        createdAt: now,
      });
      await ctx.enqueue(tx, otpQueues.stepTimeout, { stepId: messageId }, { startAfter: new Date(now.getTime() + first.ttl * 1000) });
      await flowEvent(ctx, tx, flowId, messageId, "queued", "Flow started; the code goes over SMS first");
      await setInitialKey(tx, flowId);
    });
  }
  const { view } = await currentView(ctx.db, flowId);
  return view;
}

/** The answer carries the initial state; webhooks report only what changes after it. */
async function setInitialKey(tx: Parameters<typeof currentView>[0], flowId: string) {
  const { view } = await currentView(tx, flowId);
  await tx.otpFlow.update({ where: { id: flowId }, data: { notifiedKey: notifyKey(view) } });
}
