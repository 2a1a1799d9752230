// POST /2step: a Routee 2Step verification is an OTP flow of one SMS step (the OTP engine keeps
// the hashed code, its expiry and the atomic attempt counter, and charges the SMS like any
// other); its 2Step row, written in the flow's transaction, holds the status Routee reports.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { parseRecipient } from "../sms/parse-recipient.ts";
import { isValidSender } from "../sms/validate-sender.ts";
import { generateCode } from "../otp/otp-code.ts";
import { sendFailover } from "../otp/send-failover.ts";
import type { StartTwoStepBody, TwoStepView } from "../../schemas/two-step.ts";
import { fillTemplate } from "./template.ts";

export const twoStepDefaults = { originator: "Verify", lifetimeInSeconds: 180, maxRetries: 10, digits: 4 } as const;

export interface StartVerificationInput {
  accountId: string;
  currency: string;
  applicationId?: string | null;
  body: StartTwoStepBody;
}

export async function startVerification(ctx: Ctx, input: StartVerificationInput): Promise<TwoStepView> {
  const b = input.body;
  const recipient = parseRecipient(b.recipient, { type: false });
  if (!recipient) fail("validation", { property: "recipient", properties: { recipient: "Invalid mobile number" } });
  const originator = b.originator ?? twoStepDefaults.originator;
  if (!isValidSender(originator)) fail("invalidSender", { property: "originator", properties: { originator: "Invalid sender id" } });
  const lifetimeSeconds = b.lifetimeInSeconds ?? twoStepDefaults.lifetimeInSeconds;
  const now = ctx.now();
  const view = await sendFailover(ctx, {
    accountId: input.accountId,
    currency: input.currency,
    applicationId: input.applicationId,
    body: {
      flow: [
        {
          type: "Sms",
          to: recipient.e164,
          order: 1,
          ttl: lifetimeSeconds,
          label: "2step",
          from: originator,
          message: { body: fillTemplate(b.template, b.arguments) },
          pin: generateCode(b.digits ?? twoStepDefaults.digits),
        },
      ],
    },
    code: { lifetimeSeconds, maxAttempts: b.maxRetries ?? twoStepDefaults.maxRetries },
    withFlow: async (tx, flowId) => {
      await tx.twoStepVerification.create({
        data: { id: flowId, accountId: input.accountId, applicationId: input.applicationId ?? null, country: recipient.country, createdAt: now, updatedAt: now },
      });
    },
  });
  return { trackingId: view.flowId, status: "Pending", updatedAt: now.toISOString() };
}
