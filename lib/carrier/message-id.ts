// SMSC message ids as Switchboard stores and matches them. An id is opaque in SMPP, but SMSCs
// spell the same id differently in a submit_sm_resp and in its receipt: upper or lower case,
// zero-padded to a fixed width, and — the classic one (Kannel's msg-id-type) — hexadecimal in
// the submit_sm_resp but decimal in the receipt's text, or the other way round. The stored id is
// canonical (lower case, no leading zeros); a receipt is matched by its canonical id first and by
// the other base only when that finds nothing (apply-receipts.ts, and only a part not yet final).

const HEX = /^[0-9a-f]+$/;
const DEC = /^[0-9]+$/;
/** Longer ids are not numbers in another base (UUIDs, base64 ids…): no alternates. */
const MAX_NUMERIC_DIGITS = 32;

/** "00A1b2" → "a1b2"; "000" → "0"; "" stays "". */
export function canonicalMessageId(id: string): string {
  const lower = id.trim().toLowerCase();
  const stripped = lower.replace(/^0+/, "");
  return stripped === "" && lower !== "" ? "0" : stripped;
}

/** The canonical id read in the other base: decimal digits as hex and as decimal of a hex id, and hex as decimal. */
export function alternateMessageIds(id: string): string[] {
  const c = canonicalMessageId(id);
  if (c.length === 0 || c.length > MAX_NUMERIC_DIGITS || !HEX.test(c)) return [];
  const out = new Set<string>();
  if (DEC.test(c)) out.add(BigInt(c).toString(16)); // issued in hex, reported in decimal
  out.add(BigInt(`0x${c}`).toString(10)); // issued in decimal, reported in hex
  out.delete(c);
  return [...out];
}
