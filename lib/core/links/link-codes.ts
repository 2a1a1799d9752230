// Short codes: 8 base62 characters, unique and hard to guess, with no round trip per link.
// A code is a keyed permutation of a number: numbers come from short_link_counter (a campaign
// reserves all of its links' numbers in one UPDATE), and a 4-round Feistel network over 48 bits
// with AES-128 as its round function (Luby–Rackoff: a pseudorandom permutation) maps each to
// another number below 62^8 (cycle walking), written in base62. Distinct numbers give distinct
// codes, so nothing is checked for collisions; the used codes are a vanishing share of the 62^8
// possible ones (2 × 10^14), so walking codes finds nothing. Server only (node:crypto).
import crypto from "node:crypto";
import type { Sql } from "../../db/connection.ts";
import { CODE_LENGTH } from "./find-links.ts";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const SPACE = 62 ** CODE_LENGTH; // 2.18e14 < 2^48; every number below is exact in a double
const HALF = 2 ** 24;
const ROUNDS = 4;

const keys = new Map<string, Buffer>();
function keyFor(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = crypto.createHmac("sha256", secret).update("switchboard short links").digest().subarray(0, 16)));
  return key;
}

/** One Feistel pass over every value at once (a single AES call per round over all blocks). */
function permute(key: Buffer, values: readonly number[]): number[] {
  const n = values.length;
  const left = new Uint32Array(n);
  const right = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    left[i] = Math.floor(values[i]! / HALF);
    right[i] = values[i]! % HALF;
  }
  // Block i: the round number, then the right half (3 bytes); the rest stays zero.
  const block = Buffer.alloc(16 * n);
  for (let r = 0; r < ROUNDS; r++) {
    for (let i = 0, o = 0; i < n; i++, o += 16) {
      const x = right[i]!;
      block[o] = r;
      block[o + 1] = x >>> 16;
      block[o + 2] = (x >>> 8) & 0xff;
      block[o + 3] = x & 0xff;
    }
    const out = crypto.createCipheriv("aes-128-ecb", key, null).setAutoPadding(false).update(block);
    for (let i = 0, o = 0; i < n; i++, o += 16) {
      const f = (out[o]! << 16) | (out[o + 1]! << 8) | out[o + 2]!;
      const next = left[i]! ^ f;
      left[i] = right[i]!;
      right[i] = next;
    }
  }
  return Array.from(left, (l, i) => l * HALF + right[i]!);
}

const DIGITS = Array.from(ALPHABET, (c) => c.charCodeAt(0));
const codeUnits = new Array<number>(CODE_LENGTH);

function base62(v: number): string {
  for (let i = CODE_LENGTH - 1; i >= 0; i--) {
    codeUnits[i] = DIGITS[v % 62]!;
    v = Math.floor(v / 62);
  }
  return String.fromCharCode(...codeUnits);
}

/** The codes of numbers below 62^8 (each number has its own code, the same every time). */
export function linkCodes(secret: string, numbers: readonly number[]): string[] {
  const key = keyFor(secret);
  const result = numbers.map((v) => {
    if (!Number.isSafeInteger(v) || v < 0 || v >= SPACE) throw new RangeError(`short link number out of range: ${v}`);
    return v;
  });
  // Cycle walking: a permuted value at or above 62^8 is permuted again until it falls below,
  // which keeps the mapping one-to-one on [0, 62^8).
  let pending = result.map((_, i) => i);
  while (pending.length) {
    const permuted = permute(
      key,
      pending.map((i) => result[i]!),
    );
    const again: number[] = [];
    for (const [j, i] of pending.entries()) {
      result[i] = permuted[j]!;
      if (permuted[j]! >= SPACE) again.push(i);
    }
    pending = again;
  }
  return result.map(base62);
}

/** Reserves `count` consecutive numbers; answers the first. */
export async function reserveLinkNumbers(sql: Pick<Sql, "query">, count: number): Promise<number> {
  const { rows } = await sql.query<{ first: string }>(`UPDATE short_link_counter SET next = next + $1 WHERE id = 1 RETURNING (next - $1)::text AS first`, [count]);
  if (!rows[0]) throw new Error("short_link_counter has no row (migration 20261126140000_short_links)");
  return Number(rows[0].first);
}
