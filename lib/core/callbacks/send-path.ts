// The one path every callback's attempt takes, whatever its sender (callbacks.deliver's claims,
// inbound messages on Routee's schedule, OTP flow webhooks in order, the drain of a resumed
// endpoint): read with its account's secret, its endpoint's pause and the account's pace; wait
// as a dead letter at a paused endpoint; POST within the endpoint's pace across processes
// (endpoint-pace.ts); then store-outcomes.ts records the attempt, the endpoint's health and its
// pause in one statement, and pause-notice.ts tells the owners of a pause.
import type { Ctx } from "../context.ts";
import { postCallback, type PostResult } from "./outbound-http.ts";
import { pacer } from "./endpoint-pace.ts";
import type { Outcome } from "./store-outcomes.ts";
import { defaultWebhookSettings } from "./webhook-settings.ts";
import { noticePauses } from "./pause-notice.ts";
import { parseUrl } from "./url-guard.ts";
import { failed, inSpan, SpanKind, tracingOn } from "../../trace/tracing.ts";

export interface Sendable {
  id: string;
  account_id: string;
  kind: string;
  url: string;
  endpoint: string;
  payload: unknown;
  state: string;
  webhook_secret: string;
  /** Attempts stored so far (callbacks.attempts). */
  logged: number;
  replayed_by: string | null;
  paused: boolean;
  max_concurrency: number | null;
  max_per_second: number | null;
  /** Attempts stored before the current round of retries (callbacks.round_from). */
  round_from: number;
  /** The trace context of the change that caused it (tracing on). */
  trace: unknown;
}

/**
 * The select list and joins of a Sendable, over the callbacks named `c` in `from` (a table or a
 * statement's result: deliver-callback.ts's claim returns the rows it claimed with it).
 */
export const sendableFrom = (from: string) => `
  SELECT c.id, c.account_id, c.kind, c.url, coalesce(c.endpoint, '') AS endpoint, c.payload, c.state, a.webhook_secret, c.attempts AS logged, c.replayed_by,
         e.paused_at IS NOT NULL AS paused, s.max_concurrency, s.max_per_second, c.round_from, c.trace
    FROM ${from} JOIN accounts a ON a.id = c.account_id
    LEFT JOIN webhook_endpoints e ON e.account_id = c.account_id AND e.endpoint = c.endpoint
    LEFT JOIN webhook_settings s ON s.account_id = c.account_id`;

/** The callbacks with what sending them needs, in one query. */
export async function readSendable(ctx: Ctx, ids: readonly string[]): Promise<Sendable[]> {
  const { rows } = await ctx.sql.prepared<Sendable>("callbacks_read_sendable", `${sendableFrom("callbacks c")} WHERE c.id = ANY($1::uuid[])`, [ids]);
  return rows;
}

/** Sets callbacks claimed (`from` states) while their endpoint is paused to wait as dead letters. */
export async function park(ctx: Ctx, ids: readonly string[], from: readonly string[] = ["pending"]): Promise<void> {
  if (ids.length) await ctx.sql.query("UPDATE callbacks SET state = 'paused' WHERE id = ANY($1::uuid[]) AND state = ANY($2::text[])", [ids, from]);
}

export interface AttemptOptions {
  timeoutMs: number;
  /** Whether this attempt is the callback's last, given its result (no retry follows). */
  last(result: PostResult): boolean;
  /** Runs the POST inside the sender's own limit (callbacks.deliver's slots per process). */
  slot?: <T>(post: () => Promise<T>) => Promise<T>;
  replayedBy?: string | null;
  /** When the sender should try again after this attempt, given its result (ms from now; null: no retry by the sender). */
  retryInMs?: (result: PostResult, last: boolean) => number | null;
}

/** One POST of a callback within its endpoint's pace; the outcome to store. */
export function attemptCallback(ctx: Ctx, cb: Sendable, options: AttemptOptions): Promise<Outcome> {
  const limits = { maxConcurrency: cb.max_concurrency ?? defaultWebhookSettings.maxConcurrency, maxPerSecond: cb.max_per_second ?? 0 };
  const post = () => postOnce(ctx, cb, options);
  // The endpoint's turn first: a slow endpoint waits without holding a slot others could use.
  return pacer.run(ctx, cb.account_id, cb.endpoint, limits, options.slot ? () => options.slot!(post) : post);
}

async function postOnce(ctx: Ctx, cb: Sendable, options: AttemptOptions): Promise<Outcome> {
  const n = Number(cb.logged) + 1;
  const at = ctx.now();
  // The POST's span names the receiver's host, never its full URL (a query may carry the customer's token).
  const attributes = tracingOn()
    ? { "switchboard.callback_id": cb.id, "switchboard.callback.kind": cb.kind, "switchboard.callback.attempt": n, "server.address": parseUrl(cb.url)?.host ?? "" }
    : undefined;
  const result = await inSpan("callback POST", { kind: SpanKind.CLIENT, attributes }, async (span) => {
    const r = await postCallback(
      { url: cb.url, id: cb.id, body: JSON.stringify(cb.payload), secret: cb.webhook_secret, at, attempt: n },
      { timeoutMs: options.timeoutMs, allowPrivate: ctx.config.allowPrivateCallbackUrls },
    );
    if (r.statusCode) span?.setAttribute("http.response.status_code", r.statusCode);
    if (!r.ok) failed(span, r.error || `answered ${r.statusCode}`);
    return r;
  });
  const last = options.last(result);
  return {
    callback_id: cb.id,
    account_id: cb.account_id,
    endpoint: cb.endpoint,
    attempt: n,
    at: at.toISOString(),
    status_code: result.statusCode,
    latency_ms: result.latencyMs,
    error: result.error,
    response_body: result.responseBody,
    response_headers: result.responseHeaders ? JSON.stringify(result.responseHeaders) : null,
    signature: result.signature,
    replayed_by: options.replayedBy === undefined ? cb.replayed_by : options.replayedBy,
    last,
    ok: result.ok,
    completed_at: last ? ctx.now().toISOString() : null,
    retry_in_ms: options.retryInMs?.(result, last) ?? null,
  };
}

/** After storing: the owners of endpoints whose callbacks now wait as dead letters hear of the pause once. */
export function noticeDeadLetters(ctx: Ctx, outcomes: readonly Outcome[], deadLetters: ReadonlySet<string>): Promise<void> {
  if (!deadLetters.size) return Promise.resolve();
  return noticePauses(
    ctx,
    outcomes.filter((o) => deadLetters.has(o.callback_id)).map((o) => ({ accountId: o.account_id, endpoint: o.endpoint })),
  );
}
