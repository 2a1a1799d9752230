import crypto from "node:crypto";

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
  const x = sha1Hex(name);
  // The version (5) in the 13th digit, the variant (10xx) in the 17th.
  const variant = ((parseInt(x[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-5${x.slice(13, 16)}-${variant}${x.slice(17, 20)}-${x.slice(20, 32)}`;
}

// crypto.hash (Node 20.12+) hashes in one call: a campaign derives two ids per recipient, and a
// Hash object for each was a tenth of its worker's CPU.
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: "hex") => string }).hash;
const sha1Hex = oneShot ? (s: string) => oneShot("sha1", s, "hex") : (s: string) => crypto.createHash("sha1").update(s).digest("hex");
