// Subscriber of "sms.status" for messages whose label marks them as an OTP's SMS (a prefix test
// on a field the event has): inside the status change's transaction, it enqueues the job that
// brings the flow up to date, so the flow hears of every status its SMS takes.
import type { Subscriber } from "../events.ts";
import { log } from "../../log/logger.ts";
import { flowIdOfLabel, OTP_SMS_LABEL } from "./flow-view.ts";
import { otpQueues } from "./otp-queues.ts";

const isOtpSms = (label: string): boolean => label.startsWith(OTP_SMS_LABEL);

export const otpSmsReaction: Subscriber<"sms.status"> = {
  event: "sms.status",
  name: "otp flow",
  needsTransaction: (e) => isOtpSms(e.label),
  async handle(ctx, tx, e) {
    const flowId = isOtpSms(e.label) ? flowIdOfLabel(e.label) : null;
    if (!flowId) return;
    try {
      await ctx.enqueue(tx, otpQueues.smsStatus, { flowId, messageId: e.messageId });
    } catch (err) {
      // The step's timeout job still ends the flow.
      log("warn", "could not notify the OTP flow of its SMS status", { flowId, messageId: e.messageId, error: err instanceof Error ? err.message : String(err) });
    }
  },
};
