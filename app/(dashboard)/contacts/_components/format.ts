// Words for the Contacts pages: counts with thousands separators (imports run to tens of
// thousands, where messages/_components/format's plural() stays plain), names and services.

/** "1 contact", "2,500 contacts". */
export function countOf(n: number, word: string, many = `${word}s`): string {
  return `${n.toLocaleString("en")} ${n === 1 ? word : many}`;
}

/** A contact's name, or its mobile when it has none. */
export function nameOf(c: { firstName: string; lastName: string; mobile: string }): string {
  return `${c.firstName} ${c.lastName}`.trim() || c.mobile;
}

/** A blacklist service as people write it. */
export function serviceLabel(service: string): string {
  return service === "Sms" ? "SMS" : service === "TwoStep" ? "Two-step" : service;
}
