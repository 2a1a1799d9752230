// Destination numbers: E.164 with '+', or the same digits without it (Routee's clients send
// 919787136232), or with a 00 international prefix. Answers E.164 plus what the number says
// about itself: its country and type.
//
// A campaign validates tens of thousands of numbers in its request, so the common case has a
// fast path: a calling code that belongs to one country, whose national number libphonenumber
// would not transform (no national prefix to strip), is checked against the same metadata
// patterns libphonenumber uses, compiled once. Anything else — and any number the fast path
// finds invalid — goes through libphonenumber itself, so the answers are the same
// (parse-recipient.test.ts compares both on a large corpus).
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import metadata from "libphonenumber-js/max/metadata";
import { Metadata } from "libphonenumber-js/core";

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
  let text = String(input)
    .trim()
    .replace(/[\s().-]/g, "");
  if (/^00\d/.test(text)) text = `+${text.slice(2)}`;
  else if (/^\d{8,15}$/.test(text)) text = `+${text}`;
  if (!/^\+\d{6,15}$/.test(text)) return null;
  const fast = fastRecipient(text);
  if (fast) return options.type === false ? { ...fast, numberType: "" } : fast;
  return slowRecipient(text, options);
}

/** libphonenumber's full parse and validation. Exported for the comparison test. */
export function slowRecipient(text: string, options: { type?: boolean } = {}): Recipient | null {
  const phone = parsePhoneNumberFromString(text, { extract: false });
  if (!phone?.isValid() || !phone.country) return null;
  return { e164: phone.number, country: phone.country, numberType: options.type === false ? "" : (phone.getType() ?? "UNKNOWN") };
}

// The types libphonenumber tries after FIXED_LINE, in its order (helpers/getNumberType.js).
const otherTypes = ["MOBILE", "PREMIUM_RATE", "TOLL_FREE", "SHARED_COST", "VOIP", "PERSONAL_NUMBER", "PAGER", "UAN", "VOICEMAIL"] as const;

interface Plan {
  country: string;
  general: RegExp;
  /** FIXED_LINE first, then the others; a pattern "" (mobile same as fixed) is kept as such. */
  types: { type: string; exists: boolean; pattern: RegExp | null; empty: boolean; lengths: number[] | undefined }[];
  /** Numbers starting with this are left to libphonenumber (it may strip a national prefix). */
  prefixForParsing: RegExp | null;
}

interface NumberingPlanApi {
  hasTypes(): boolean;
  type(t: string): { pattern(): string | undefined; possibleLengths(): number[] | undefined } | undefined;
  nationalNumberPattern(): string;
  nationalPrefixForParsing(): string | undefined;
}

let plans: Map<string, Plan | null> | null = null;

/** Plans per calling code, for the calling codes one country owns and that have type metadata. */
function plansByCallingCode(): Map<string, Plan | null> {
  if (plans) return plans;
  plans = new Map();
  const md = new Metadata(metadata);
  for (const [code, countries] of Object.entries(metadata.country_calling_codes as Record<string, string[]>)) {
    if (countries.length !== 1) {
      plans.set(code, null);
      continue;
    }
    const country = countries[0];
    md.selectNumberingPlan(country as never);
    // Methods libphonenumber-js has but does not declare in its types.
    const np = md.numberingPlan as unknown as NumberingPlanApi;
    if (!np.hasTypes()) {
      plans.set(code, null);
      continue;
    }
    const anchored = (p: string) => new RegExp(`^(?:${p})$`);
    const types = ["FIXED_LINE", ...otherTypes].map((type) => {
      const t = np.type(type);
      const pattern = t?.pattern();
      return { type, exists: !!t, pattern: pattern ? anchored(pattern) : null, empty: !!t && pattern === "", lengths: t?.possibleLengths() };
    });
    const prefix = np.nationalPrefixForParsing();
    plans.set(code, { country, general: anchored(np.nationalNumberPattern()), types, prefixForParsing: prefix ? new RegExp(`^(?:${prefix})`) : null });
  }
  return plans;
}

/** getNumberType of libphonenumber on a plan, or undefined for an invalid number. */
function numberType(plan: Plan, national: string): string | undefined {
  if (!plan.general.test(national)) return undefined;
  const matches = (t: Plan["types"][number]) => t.pattern !== null && (!t.lengths || t.lengths.includes(national.length)) && t.pattern.test(national);
  const fixed = plan.types[0];
  const mobile = plan.types[1];
  if (matches(fixed)) {
    if (mobile.empty) return "FIXED_LINE_OR_MOBILE";
    if (!mobile.exists) return "FIXED_LINE_OR_MOBILE";
    if (matches(mobile)) return "FIXED_LINE_OR_MOBILE";
    return "FIXED_LINE";
  }
  for (const t of plan.types.slice(1)) if (matches(t)) return t.type;
  return undefined;
}

/** The fast path: a valid number of a one-country calling code, or null to ask libphonenumber. */
export function fastRecipient(e164: string): Recipient | null {
  const all = plansByCallingCode();
  for (let len = 1; len <= 3; len++) {
    const code = e164.slice(1, 1 + len);
    if (!all.has(code)) continue;
    const plan = all.get(code);
    if (!plan) return null;
    const national = e164.slice(1 + len);
    if (plan.prefixForParsing?.test(national)) return null;
    const type = numberType(plan, national);
    return type ? { e164, country: plan.country, numberType: type } : null;
  }
  return null;
}
