// What makes two requests "the same" for an Idempotency-Key: the method, the route and the JSON
// body with its object keys sorted, so a client that re-serialises its retry in another key
// order or with other whitespace still matches. Pure.
import crypto from "node:crypto";

export function requestFingerprint(method: string, route: string, body: unknown): string {
  return crypto.createHash("sha256").update(`${method} ${route}\n`).update(canonicalJson(body)).digest("hex");
}

/** JSON with object keys in sorted order; undefined (no body) is the empty string. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return "";
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? "null" : canonicalJson(v))).join(",")}]`;
  const entries = Object.keys(value)
    .sort()
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
  return `{${entries.join(",")}}`;
}
