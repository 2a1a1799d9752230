// The receipt hook: record-part-status.ts calls it for a message whose label marks it as an OTP's
// SMS (and only those: a prefix test on a field it already has), inside the status change's
// transaction, so the flow hears of every status its SMS takes.
import type { Ctx, Tx } from "../context.ts";
import { log } from "../../log/logger.ts";
import { flowIdOfLabel, OTP_SMS_LABEL } from "./flow-view.ts";
import { otpSmsStatus } from "./sync-sms-step.ts";

export const isOtpSms = (label: string): boolean => label.startsWith(OTP_SMS_LABEL);

export async function otpSmsChanged(ctx: Ctx, tx: Tx, message: { id: string; label: string }): Promise<void> {
  const flowId = flowIdOfLabel(message.label);
  if (!flowId) return;
  try {
    await ctx.enqueue(tx, otpSmsStatus, { flowId, messageId: message.id });
  } catch (e) {
    // Only when the queue was never prepared in this process (PGlite); the step's timeout job still ends it.
    log("warn", "could not notify the OTP flow of its SMS status", { flowId, messageId: message.id, error: e instanceof Error ? e.message : String(e) });
  }
}
