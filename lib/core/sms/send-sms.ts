// POST /sms: validates the send, prices it, and in one transaction debits the account, stores
// the message with its parts (status Queued) and enqueues its submission and any callback.
import crypto from "node:crypto";
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { env } from "../../env.ts";
import { chargeAccount } from "../accounts/charge-account.ts";
import { priceFor } from "../prices/price-for.ts";
import { checkCallbackUrl } from "../callbacks/url-guard.ts";
import { analyzeBody, splitBody, transcodeBody, type BodyAnalysis } from "./analyze-body.ts";
import { parseRecipient } from "./parse-recipient.ts";
import { isValidSender } from "./validate-sender.ts";
import { recordQueued } from "./record-queued.ts";
import { submitSms } from "./submit-sms.ts";
import { deliverCallback } from "../callbacks/deliver-callback.ts";
import { wakeWorkers } from "../../jobs/wake.ts";

export interface SendSmsInput {
  accountId: string;
  /** The account's currency when the caller already knows it (saves a query). */
  currency?: string;
  application?: { id: string; name: string; callbackUrl: string; callbackStrategy: string; transcode: boolean };
  from: string;
  to: string;
  body: string;
  label?: string;
  ttl?: number;
  flash?: boolean;
  transcode?: boolean;
  callback?: { url: string; strategy?: "OnChange" | "OnCompletion" };
}

export const DEFAULT_TTL_MINUTES = 4320;

export async function prepareSms(ctx: Ctx, input: Pick<SendSmsInput, "accountId" | "currency" | "from" | "to" | "body" | "transcode">) {
  if (!isValidSender(input.from))
    fail("invalidSender", { property: "from", properties: { from: "Invalid sender id" } });
  const recipient = parseRecipient(input.to);
  if (!recipient)
    fail("validation", { message: "Validation Error!", property: "to", properties: { to: "Invalid mobile number" } });
  const text = (input.transcode && transcodeBody(input.body)) || input.body;
  const split = splitBody(text);
  const bodyAnalysis: BodyAnalysis = analyzeBody(input.body);
  const currency = input.currency ?? (await ctx.db.account.findUnique({ where: { id: input.accountId }, select: { currency: true } }))?.currency;
  if (!currency) fail("accountNotFound");
  const price = await priceFor(ctx.db, { iso: recipient.country, currency });
  return { recipient, split, bodyAnalysis, price, currency };
}

export async function sendSms(ctx: Ctx, input: SendSmsInput) {
  const app = input.application;
  const transcode = input.transcode ?? app?.transcode ?? false;
  const { recipient, split, bodyAnalysis, price, currency } = await prepareSms(ctx, { ...input, transcode });
  const callback = input.callback?.url
    ? { url: input.callback.url, strategy: input.callback.strategy ?? "OnCompletion" }
    : app?.callbackUrl
      ? { url: app.callbackUrl, strategy: app.callbackStrategy }
      : { url: "", strategy: "" };
  if (callback.url) {
    const problem = checkCallbackUrl(callback.url, env().ALLOW_PRIVATE_CALLBACK_URLS);
    if (problem) fail("callbackUrlRefused", { message: `The callback URL ${problem}.`, property: "callback.url" });
  }
  await ctx.enqueue.prepare([submitSms, deliverCallback]);
  const now = ctx.now();
  const ttl = input.ttl ?? DEFAULT_TTL_MINUTES;
  const id = crypto.randomUUID();
  const total = price.priceMicros * BigInt(split.parts.length);

  const sent = await ctx.db.$transaction(async (tx) => {
    await chargeAccount(tx, { accountId: input.accountId, amountMicros: total, description: `SMS to ${recipient.e164}`, reference: id, at: now });
    const message = await tx.message.create({
      data: {
        id,
        accountId: input.accountId,
        applicationId: app?.id,
        applicationName: app?.name ?? "",
        from: input.from,
        to: recipient.e164,
        body: input.body,
        label: input.label ?? "",
        country: recipient.country,
        operator: price.network,
        mcc: price.mcc,
        mnc: price.mnc,
        numberType: recipient.numberType,
        encoding: split.encoding,
        parts: split.parts.length,
        flash: input.flash ?? false,
        ttl,
        transcode,
        bodyAnalysis: bodyAnalysis as object,
        callbackUrl: callback.url,
        callbackStrategy: callback.strategy,
        status: "Queued",
        statusAt: now,
        priceMicros: total,
        currency,
        createdAt: now,
        expiresAt: new Date(now.getTime() + ttl * 60_000),
      },
    });
    const parts = split.parts.map((text, i) => ({
      id: crypto.randomUUID(),
      messageId: id,
      accountId: input.accountId,
      partNumber: i + 1,
      text,
      statusAt: now,
      createdAt: now,
      priceMicros: price.priceMicros,
    }));
    await tx.messagePart.createMany({ data: parts });
    await recordQueued(ctx, tx, message, parts);
    await ctx.enqueue(tx, submitSms, { messageId: id });
    return { message, bodyAnalysis };
  });
  wakeWorkers(submitSms.name);
  if (callback.url) wakeWorkers(deliverCallback.name);
  return sent;
}
