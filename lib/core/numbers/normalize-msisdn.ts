// One spelling of a phone number for lookups and storage: +, then 6 to 15 digits.
/** '+306900000001', '306900000001', '00306900000001' → '+306900000001'; null when not digits. */
export function normalizeMsisdn(input: unknown): string | null {
  if (typeof input !== "string" && typeof input !== "number") return null;
  let t = String(input)
    .trim()
    .replace(/[\s().-]/g, "");
  if (t.startsWith("00")) t = t.slice(2);
  else if (t.startsWith("+")) t = t.slice(1);
  return /^\d{6,15}$/.test(t) ? `+${t}` : null;
}
