import { createHash } from "node:crypto";

// Ids are UUIDs. Anything else is answered as "not found" before it reaches a uuid column,
// where PostgreSQL would reject it with an error.
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return uuid.test(value);
}

/**
 * A name-based UUID (version 5 layout over SHA-1): the same name always gives the same id, so
 * work that is retried (a campaign batch after a crash) writes the same rows again and the
 * database's primary key turns the second write into a no-op.
 */
export function uuidFrom(name: string): string {
  const h = createHash("sha1").update(name).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString("hex");
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}
