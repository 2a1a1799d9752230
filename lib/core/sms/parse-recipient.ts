// Destination numbers: E.164 with '+', or the same digits without it (Routee's clients send
// 919787136232), or with a 00 international prefix. Answers E.164 plus what the number says
// about itself: its country and type.
import { parsePhoneNumberFromString } from "libphonenumber-js/max";

export interface Recipient {
  e164: string;
  country: string;
  numberType: string;
}

/**
 * `type: false` skips the number-type lookup (a third of the cost): bulk validation of a
 * campaign's recipients does without it and finds the type when each batch is sent.
 */
export function parseRecipient(input: unknown, options: { type?: boolean } = {}): Recipient | null {
  if (typeof input !== "string" && typeof input !== "number") return null;
  let text = String(input).trim().replace(/[\s().-]/g, "");
  if (/^00\d/.test(text)) text = "+" + text.slice(2);
  else if (/^\d{8,15}$/.test(text)) text = "+" + text;
  if (!/^\+\d{6,15}$/.test(text)) return null;
  const phone = parsePhoneNumberFromString(text, { extract: false });
  if (!phone || !phone.isValid() || !phone.country) return null;
  return { e164: phone.number, country: phone.country, numberType: options.type === false ? "" : (phone.getType() ?? "UNKNOWN") };
}
