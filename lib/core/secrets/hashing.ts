// Passwords are hashed with scrypt (slow and memory-hard on purpose), in Node's native code on the
// libuv thread pool, so a flood of sign-in attempts does not stop the thread that serves the API.
// Hashes made earlier with bcryptjs (pure JavaScript, on that thread) still verify, and
// needsRehash() tells the sign-in to replace them. Application secrets and access tokens are
// 256-bit random values, so a fast SHA-256 digest is enough and keeps every API request cheap.
import crypto from "node:crypto";
import { promisify } from "node:util";
import bcrypt from "bcryptjs";

const scrypt = promisify(crypto.scrypt) as (password: string, salt: Buffer, keylen: number, options: crypto.ScryptOptions) => Promise<Buffer>;

// 2^14 × 8 × 128 bytes = 16 MiB per hash, about the CPU time of the bcrypt cost 10 it replaces
// (≈ 0.1 s here); raising them later rehashes users at their next sign-in (needsRehash).
const params = { N: 2 ** 14, r: 8, p: 1 };
const keyLength = 32;

/** `scrypt$N$r$p$salt$key`, salt and key in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await derive(password, salt, params);
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  if (hash.startsWith("$2")) return bcrypt.compare(password, hash);
  const [scheme, N, r, p, salt, key] = hash.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), { N: Number(N), r: Number(r), p: Number(p) }, expected.length);
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}

/** Whether a hash that verified should be replaced by one with today's scheme and parameters. */
export function needsRehash(hash: string): boolean {
  return !hash.startsWith(`scrypt$${params.N}$${params.r}$${params.p}$`);
}

function derive(password: string, salt: Buffer, o: { N: number; r: number; p: number }, length = keyLength): Promise<Buffer> {
  return scrypt(password.normalize("NFKC"), salt, length, { ...o, maxmem: 256 * o.N * o.r * o.p + 1024 * 1024 });
}

export function randomSecret(bytes = 32): string {
  return crypto.randomBytes(bytes).toString("base64url");
}

export function digest(value: string): string {
  return crypto.createHash("sha256").update(value).digest("hex");
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}
