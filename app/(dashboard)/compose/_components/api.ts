// Compose's calls: send an SMS, and price one before sending.
import type { SendSmsBody, SmsQuote } from "@/lib/schemas/dashboard-sms";
import type { smsResource } from "@/lib/schemas/sms";
import type { z } from "zod";
import { apiFetch } from "@/lib/ui/api-client";

export type SentSms = z.infer<typeof smsResource>;
export type { SmsQuote };

export function sendSms(body: SendSmsBody): Promise<SentSms> {
  return apiFetch("/api/dashboard/sms", { method: "POST", json: body });
}

export function quoteSms(body: { from: string; to: string; body: string; transcode: boolean }): Promise<SmsQuote> {
  return apiFetch("/api/dashboard/sms/quote", { method: "POST", json: body });
}

export const quoteKey = (to: string) => ["sms-quote", to] as const;
