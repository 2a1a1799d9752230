// POST /pools/my/{poolId}/sms: one SMS whose sender the pool chooses — a number of the pool
// (poolStrategy Numeric, the default; see choose-sender.ts) or its alphanumericSenderId
// (Alphanumeric). It is then sent like POST /sms, marked with the pool, so its delivery reports
// go to the pool's callback (unless the request names one) and name the pool.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { sendSms, type SendSmsInput } from "../sms/send-sms.ts";
import { parseRecipient } from "../sms/parse-recipient.ts";
import { findPool } from "./get-pool.ts";
import { chooseSender } from "./choose-sender.ts";
import { smsSettingsOf } from "../../schemas/pools-serializers.ts";

export interface SendPoolSmsInput extends Omit<SendSmsInput, "from" | "poolId"> {
  poolId: string;
  poolStrategy?: string;
}

export async function sendPoolSms(ctx: Ctx, input: SendPoolSmsInput) {
  const pool = await findPool(ctx, { accountId: input.accountId, poolId: input.poolId });
  const strategy = /^alphanumeric$/i.test(input.poolStrategy ?? "") ? "Alphanumeric" : "Numeric";
  if (input.poolStrategy !== undefined && !/^(alphanumeric|numeric)$/i.test(input.poolStrategy))
    fail("validation", { message: "poolStrategy must be Numeric or Alphanumeric.", property: "poolStrategy" });
  const recipient = parseRecipient(input.to);
  if (!recipient) fail("validation", { message: "Validation Error!", property: "to", properties: { to: "Invalid mobile number" } });
  let from: string;
  let reason = "alphanumeric";
  if (strategy === "Alphanumeric") {
    if (!pool.alphanumericSenderId) fail("poolNoAlphanumericSender");
    from = pool.alphanumericSenderId;
  } else {
    const choice = await chooseSender(ctx, pool, recipient);
    from = choice.msisdn.slice(1);
    reason = choice.reason;
  }
  const callback = input.callback?.url ? input.callback : pool.callbackUrl ? { url: pool.callbackUrl, strategy: pool.callbackStrategy as "OnChange" | "OnCompletion" } : undefined;
  const { message, bodyAnalysis } = await sendSms(ctx, {
    ...input,
    to: recipient.e164,
    from,
    callback,
    transcode: input.transcode ?? pool.transcode,
    poolId: pool.id,
  });
  return { message, bodyAnalysis, pool: { poolId: pool.id, poolName: pool.name, poolStrategy: strategy, smsSettings: smsSettingsOf(pool) }, senderReason: reason };
}
