// Idempotency-Key on the routes whose spec says `idempotent: true` (POST /api/sms and POST
// /api/sms/campaign). Requests without the header pay one header lookup and nothing else.
import type { Ctx } from "../core/context.ts";
import { errorCatalog, fail } from "../core/errors.ts";
import { claimIdempotencyKey } from "../core/idempotency/claim-idempotency-key.ts";
import { recordIdempotentAnswer, releaseIdempotencyKey } from "../core/idempotency/settle-idempotency-key.ts";
import { requestFingerprint } from "../core/idempotency/request-fingerprint.ts";
import { log } from "../log/logger.ts";
import { jsonAnswer } from "./compress.ts";

export const MAX_KEY_LENGTH = 255;

/**
 * The request's key, or null without the header. The IETF draft sends it as a structured-field
 * string ("…"); Stripe's clients send it bare: both name the same key.
 */
export function idempotencyKeyOf(req: Request): string | null {
  const raw = req.headers.get("idempotency-key");
  if (raw === null) return null;
  const key = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  if (key.length === 0 || key.length > MAX_KEY_LENGTH)
    fail("idempotencyKeyInvalid", { property: "Idempotency-Key", message: `The Idempotency-Key header must hold 1 to ${MAX_KEY_LENGTH} characters; this one has ${key.length}.` });
  return key;
}

/**
 * Answers after which a retry with the same key runs again: a 5xx (the request failed, and a
 * send commits all or nothing), and a validation error (the request was malformed, as when the
 * body fails its zod schema and no key is claimed at all). Any other answer, a refusal for lack
 * of balance too, is kept and replayed, as Stripe does.
 */
function nothingDone(status: number, body: string): boolean {
  if (status >= 500) return true;
  if (status !== 400) return false;
  try {
    return (JSON.parse(body) as { code?: unknown }).code === errorCatalog.validation.code;
  } catch {
    return false;
  }
}

/**
 * Runs the request once per key: `run` answers it (errors already rendered); its status and
 * body are kept and replayed, byte for byte, to retries of the same request.
 */
export async function idempotently(ctx: Ctx, claim: { applicationId: string; key: string; method: string; route: string; body: unknown }, run: () => Promise<Response>): Promise<Response> {
  const ref = { applicationId: claim.applicationId, key: claim.key };
  const found = await claimIdempotencyKey(ctx, { ...ref, fingerprint: requestFingerprint(claim.method, claim.route, claim.body) });
  if (found.kind === "replay") return jsonAnswer(found.body, { status: found.status, headers: { "Idempotent-Replayed": "true" } });
  let response: Response;
  try {
    response = await run();
  } catch (err) {
    await releaseIdempotencyKey(ctx, ref).catch(() => {});
    throw err;
  }
  try {
    const body = await response.clone().text();
    if (nothingDone(response.status, body)) await releaseIdempotencyKey(ctx, ref);
    else await recordIdempotentAnswer(ctx, { ...ref, status: response.status, body });
  } catch (err) {
    // The request itself succeeded; its answer stays locked until LOCK_TIMEOUT_MS, then a retry runs.
    log("error", "idempotency key not settled", { key: claim.key, error: err instanceof Error ? err.message : String(err) });
  }
  return response;
}
