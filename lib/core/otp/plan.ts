// A send-failover request checked and turned into the flow's plan: its steps in order, each
// with its recipient in E.164, ttl in seconds and text. Pure.
import { fail } from "../errors.ts";
import { parseRecipient } from "../sms/parse-recipient.ts";
import { isValidSender } from "../sms/validate-sender.ts";
import type { SendFailoverBody } from "../../schemas/otp.ts";
import { hasPlaceholder } from "./otp-code.ts";

export interface PlanStep {
  type: "ViberOtp" | "Sms";
  to: string;
  country: string;
  ttl: number;
  label: string;
  from: string;
  body: string;
  templateId: string;
  sender: string;
  failoverAfterDelivered: boolean;
}

function invalid(property: string, message: string): never {
  fail("validation", { message: `Validation Error! ${property}: ${message}`, property, properties: { [property]: message } });
}

export function buildPlan(body: SendFailoverBody): { plan: PlanStep[]; pin: string | null } {
  const indexed = body.flow.map((step, i) => ({ step, i }));
  const orders = new Set<number>();
  for (const { step, i } of indexed) {
    if (orders.has(step.order)) invalid(`flow[${i}].order`, "order must be unique within the flow");
    orders.add(step.order);
  }
  const pins = [...new Set(body.flow.map((s) => s.pin).filter((p): p is string => Boolean(p)))];
  if (pins.length > 1) invalid("flow", "the steps give different pins; give one code for the whole flow");
  const pin = pins[0] ?? null;
  const plan = indexed
    .sort((a, b) => a.step.order - b.step.order)
    .map(({ step, i }): PlanStep => {
      const recipient = parseRecipient(step.to, { type: false });
      if (!recipient) invalid(`flow[${i}].to`, "Invalid mobile number");
      const text = step.message?.body ?? "";
      if (step.type === "Sms") {
        if (!step.from) invalid(`flow[${i}].from`, "from is required for an Sms step");
        if (!isValidSender(step.from)) fail("invalidSender", { property: `flow[${i}].from`, properties: { [`flow[${i}].from`]: "Invalid sender id" } });
        if (!text) invalid(`flow[${i}].message.body`, "message.body is required for an Sms step");
      }
      if (text && !pin && !hasPlaceholder(text)) invalid(`flow[${i}].message.body`, "put @@pin where the generated code goes, or give the code as pin");
      return {
        type: step.type,
        to: recipient.e164,
        country: recipient.country,
        ttl: step.ttl,
        label: step.label ?? "",
        from: step.from ?? "",
        body: text,
        templateId: step.templateId ?? "",
        sender: step.senderInfoTrackingId ?? "",
        failoverAfterDelivered: step.failoverAfterDelivered ?? false,
      };
    });
  return { plan, pin };
}

/** The code stays verifiable for every step's ttl and ten minutes more. */
export function codeLifetimeSeconds(plan: PlanStep[]): number {
  return plan.reduce((s, p) => s + p.ttl, 0) + 600;
}

/** An SMS step's ttl in minutes for the SMS (1 to 4320). */
export function smsTtlMinutes(ttlSeconds: number): number {
  return Math.min(4320, Math.max(1, Math.ceil(ttlSeconds / 60)));
}
