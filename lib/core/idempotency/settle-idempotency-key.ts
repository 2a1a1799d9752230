// Ends a claimed Idempotency-Key: keeps the answer for retries, or, when the request failed with
// a 5xx (nothing is known to have been done), releases the key so a retry runs again.
import type { Ctx } from "../context.ts";

export async function recordIdempotentAnswer(ctx: Ctx, input: { applicationId: string; key: string; status: number; body: string }) {
  await ctx.sql.query("UPDATE idempotency_keys SET status = $3, body = $4 WHERE application_id = $1 AND key = $2", [input.applicationId, input.key, input.status, input.body]);
}

export async function releaseIdempotencyKey(ctx: Ctx, input: { applicationId: string; key: string }) {
  await ctx.sql.query("DELETE FROM idempotency_keys WHERE application_id = $1 AND key = $2 AND status IS NULL", [input.applicationId, input.key]);
}
