// Personalisation of a campaign body: [~label] placeholders filled from a contact's labels
// (firstName, lastName, mobile, email, country and custom labels), else from the campaign's
// fallbackValues, else left empty. Pure: the composer's preview runs it in the browser too.

const placeholder = /\[~([^\]\r\n]{1,64})\]/g;

/** The label names a body uses, in order of first appearance. */
export function placeholdersIn(body: string): string[] {
  return [...new Set(Array.from(body.matchAll(placeholder), (m) => m[1].trim()))];
}

export function hasPlaceholders(body: string): boolean {
  placeholder.lastIndex = 0;
  return placeholder.test(body);
}

export type LabelValues = Readonly<Record<string, string | number | boolean | null | undefined>>;

export function personalize(body: string, values: LabelValues, fallback: LabelValues = {}): string {
  return body.replace(placeholder, (_, raw: string) => {
    const name = raw.trim();
    const value = values[name];
    if (value !== undefined && value !== null && value !== "") return String(value);
    const alt = fallback[name];
    return alt === undefined || alt === null ? "" : String(alt);
  });
}

/**
 * fallbackValues as clients send them: an object ({"firstName": "friend"}), an array of
 * {name, value} or an array of "name=value" strings (PUT's documented form). Anything else is
 * ignored rather than refused; values are kept as text.
 */
export function normalizeFallbackValues(input: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  const put = (name: unknown, value: unknown) => {
    if (typeof name !== "string" || !name.trim()) return;
    if (value === undefined || value === null || typeof value === "object") return;
    out[name.trim()] = String(value);
  };
  if (Array.isArray(input)) {
    for (const item of input) {
      if (typeof item === "string") {
        const at = item.indexOf("=");
        if (at > 0) put(item.slice(0, at), item.slice(at + 1));
      } else if (item && typeof item === "object") {
        const o = item as Record<string, unknown>;
        if ("name" in o) put(o.name, o.value);
        else for (const [k, v] of Object.entries(o)) put(k, v);
      }
    }
  } else if (input && typeof input === "object") {
    for (const [k, v] of Object.entries(input)) put(k, v);
  }
  return out;
}
