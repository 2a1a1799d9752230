// Claims an Idempotency-Key for one request (Stripe's semantics, IETF
// draft-ietf-httpapi-idempotency-key-header): keys belong to an application; the first request
// with a key runs and its answer is kept for 24 hours; a retry with the same key and the same
// request gets that answer again and runs nothing; the same key with another request is a 422,
// and a retry while the first still runs is a 409.
//
// A claim is one INSERT for a new key. A key whose first request died without an answer (its
// process crashed) is locked until LOCK_TIMEOUT_MS has passed since the claim and can then be
// claimed again by a retry with the same request.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";

export const KEY_RETENTION_MS = 24 * 3600 * 1000;
/** Longer than any request may run (their transactions time out within 60 s). */
export const LOCK_TIMEOUT_MS = 120_000;

export interface IdempotencyClaim {
  applicationId: string;
  key: string;
  fingerprint: string;
}

export type ClaimResult = { kind: "claimed" } | { kind: "replay"; status: number; body: string };

// A new key is inserted; an expired one (not pruned yet) or an abandoned one of the same request
// is taken over; otherwise nothing is returned and the stored row decides.
const claim = `
  INSERT INTO idempotency_keys AS k (application_id, key, fingerprint, created_at, locked_at)
  VALUES ($1, $2, $3, $4, $4)
  ON CONFLICT (application_id, key) DO UPDATE
     SET fingerprint = EXCLUDED.fingerprint, status = NULL, body = NULL, created_at = EXCLUDED.created_at, locked_at = EXCLUDED.locked_at
   WHERE k.created_at < $5
      OR (k.status IS NULL AND k.locked_at < $6 AND k.fingerprint = EXCLUDED.fingerprint)
  RETURNING 1 AS claimed`;

export async function claimIdempotencyKey(ctx: Ctx, input: IdempotencyClaim): Promise<ClaimResult> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = ctx.now().getTime();
    const inserted = await ctx.sql.query(claim, [input.applicationId, input.key, input.fingerprint, new Date(now), new Date(now - KEY_RETENTION_MS), new Date(now - LOCK_TIMEOUT_MS)]);
    if (inserted.rows.length) return { kind: "claimed" };
    const { rows } = await ctx.sql.query<{ fingerprint: string; status: number | null; body: string | null }>(
      "SELECT fingerprint, status, body FROM idempotency_keys WHERE application_id = $1 AND key = $2",
      [input.applicationId, input.key],
    );
    const row = rows[0];
    if (!row) continue; // released or pruned between the two statements: claim again
    if (row.fingerprint !== input.fingerprint) fail("idempotencyKeyReused", { property: "Idempotency-Key" });
    if (row.status === null || row.body === null) fail("idempotencyKeyInUse", { property: "Idempotency-Key", headers: { "Retry-After": "1" } });
    return { kind: "replay", status: row.status, body: row.body };
  }
  fail("idempotencyKeyInUse", { property: "Idempotency-Key", headers: { "Retry-After": "1" } });
}
