// POST /sms: validates the send, prices it, and in one statement debits the account, stores the
// message with its parts (status Queued), its first event and its ledger entry, and enqueues its
// submission, and with an OnChange callback its Queued reports and their delivery jobs.
//
// Why so (docs/performance.md, B1): through Prisma the send was 8 statements in an interactive
// transaction plus the price lookup, ≈ 10 ms of CPU per request, and the account's balance row
// stayed locked from the debit to the COMMIT while Node worked between statements, which
// serialised one account's sends. As one statement (data-modifying CTEs) it is one round trip,
// PostgreSQL holds the row lock only while the statement runs, and the price is read in it
// (nothing to invalidate when `price set` changes a price, from this process or another). The
// sends of one account that arrive while its statement runs go together in the next one (group
// commit, `queueSend` below).
import crypto from "node:crypto";
import type { Ctx } from "../context.ts";
import type { Sql } from "../../db/connection.ts";
import { txSql } from "../../db/tx-sql.ts";
import { fail } from "../errors.ts";
import { countryPrice } from "../prices/price-for.ts";
import { checkCallbackUrl } from "../callbacks/url-guard.ts";
import { analyzeBody, splitBody, transcodeBody, type BodyAnalysis } from "./analyze-body.ts";
import { parseRecipient } from "./parse-recipient.ts";
import { isValidSender } from "./validate-sender.ts";
import { queuedReport, reportQueued } from "./record-queued.ts";
import { queued } from "./statuses.ts";
import { submitSms } from "./submit-sms.ts";
import { deliverCallback } from "../callbacks/deliver-callback.ts";
import type { Message } from "../../db/generated/client.ts";
import { withSampleLinks } from "../links/find-links.ts";
import { shortenMessage } from "../links/shorten-message.ts";
import { maskSecret, maskedParts } from "./secret-text.ts";
import { traceCarrier, TRACE_KEY } from "../../trace/tracing.ts";

export interface SendSmsInput {
  accountId: string;
  /** The account's currency when the caller already knows it (saves a query). */
  currency?: string;
  application?: { id: string; name: string; callbackUrl: string; callbackStrategy: string; transcode: boolean };
  from: string;
  to: string;
  body: string;
  label?: string;
  ttl?: number;
  flash?: boolean;
  transcode?: boolean;
  callback?: { url: string; strategy?: "OnChange" | "OnCompletion" };
  /** The pool that chose `from` (POST /pools/my/{poolId}/sms); its reports name it. */
  poolId?: string;
  /** Replace every http(s) link by a short link of its own (clicks are counted); the text sent, analysed and charged is the shortened one. */
  trackLinks?: boolean;
  /** Days its short links work (default: the platform's SHORT_LINK_TTL_DAYS). */
  trackLinksTtlDays?: number;
  /** A one-time code in the body: stored and shown masked, only the SMSC gets it (secret-text.ts). */
  secret?: string;
}

export const DEFAULT_TTL_MINUTES = 4320;

/** The checks and the analysis that need no database: sender, destination, text and parts. */
function checkSms(input: Pick<SendSmsInput, "from" | "to" | "body" | "transcode">) {
  if (!isValidSender(input.from)) fail("invalidSender", { property: "from", properties: { from: "Invalid sender id" } });
  const recipient = parseRecipient(input.to);
  if (!recipient) fail("validation", { message: "Validation Error!", property: "to", properties: { to: "Invalid mobile number" } });
  const text = (input.transcode && transcodeBody(input.body)) || input.body;
  const split = splitBody(text);
  const bodyAnalysis: BodyAnalysis = analyzeBody(input.body);
  return { recipient, split, bodyAnalysis };
}

async function accountCurrency(ctx: Ctx, accountId: string): Promise<string> {
  const { rows } = await ctx.sql.query<{ currency: string }>("SELECT currency FROM accounts WHERE id = $1::uuid", [accountId]);
  if (!rows[0]) fail("accountNotFound");
  return rows[0].currency;
}

export async function prepareSms(ctx: Ctx, input: Pick<SendSmsInput, "accountId" | "currency" | "from" | "to" | "body" | "transcode" | "trackLinks">) {
  // A sample short link has the length and alphabet of the real one: the same analysis.
  const { recipient, split, bodyAnalysis } = checkSms(input.trackLinks ? { ...input, body: withSampleLinks(input.body, ctx.config.shortLinkBase) } : input);
  const currency = input.currency ?? (await accountCurrency(ctx, input.accountId));
  const price = await countryPrice(ctx, { iso: recipient.country, currency, accountId: input.accountId });
  return { recipient, split, bodyAnalysis, price, currency };
}

/**
 * The jobs of a CTE: what pg-boss 10's send() inserts for a job without options (its plans.js
 * insertJob: the queue's retry, expiry, retention and dead-letter settings), one per row of
 * `from` (which names the message `a`), with the request's trace context when it has one.
 */
function jobInsert(data: string, from: string, where: string): string {
  return `
  INSERT INTO pgboss.job (id, name, data, priority, start_after, singleton_key, singleton_on, dead_letter,
                          expire_in, keep_until, retry_limit, retry_delay, retry_backoff, policy)
  SELECT gen_random_uuid(), q.name,
         ${data} || CASE WHEN a.trace IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('${TRACE_KEY}', a.trace) END, 0, now(), NULL, NULL, q.dead_letter,
         COALESCE(q.expire_seconds * interval '1s', interval '15 minutes'),
         now() + CAST(COALESCE((q.retention_minutes * 60)::text, '14 days') AS interval),
         COALESCE(q.retry_limit, 2),
         CASE WHEN COALESCE(q.retry_backoff, false) THEN GREATEST(q.retry_delay, 1) ELSE COALESCE(q.retry_delay, 0) END,
         COALESCE(q.retry_backoff, false),
         q.policy
    FROM ${from}, pgboss.queue q
   WHERE ${where}
  ON CONFLICT DO NOTHING`;
}

// The send statement: one or more messages of one account (see `queueSends`). Every insert
// reads from `accepted`, which has rows only when every message's destination has a price in
// the account's currency (the account's own country price before the system's) and the balance
// covers them all: else nothing is written and the
// statement returns no row. The conditional UPDATE re-checks the balance after waiting for a
// concurrent send's row lock, so concurrent sends never overdraw; each message gets its own
// ledger entry, its balance before and after in the batch's order. Its jobs: see jobInsert.
const sendStatement = `
WITH input AS (
  SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(
    ord int, id uuid, iso text, parts int, description text, at timestamptz, expires_at timestamptz,
    application_id uuid, application_name text, "from" text, "to" text, body text, label text, number_type text,
    encoding text, flash boolean, ttl int, transcode boolean, body_analysis jsonb, callback_url text,
    callback_strategy text, part_ids uuid[], part_texts text[], part_sealed text[], pool_id uuid, links jsonb, trace jsonb, links_expire_at timestamptz,
    reports jsonb)
), priced AS (
  SELECT i.*, p.price_micros, p.mcc, p.mnc, p.network, p.price_micros * i.parts AS cost,
         sum(p.price_micros * i.parts) OVER (ORDER BY i.ord) AS cum
    FROM input i
    JOIN LATERAL (SELECT coalesce((SELECT a.price_micros FROM account_prices a
                                    WHERE a.account_id = $2::uuid AND a.iso = i.iso AND a.network = ''), s.price_micros) AS price_micros,
                         s.mcc, s.mnc, s.network FROM prices s
                   WHERE s.service = 'Sms' AND s.iso = i.iso AND s.currency = $3 AND s.mnc = ''
                   ORDER BY s.mcc LIMIT 1) p ON p.price_micros >= 0
), debit AS (
  UPDATE accounts SET balance_micros = accounts.balance_micros - t.total
    FROM (SELECT coalesce(sum(cost), 0) AS total, count(*) AS n FROM priced) t
   WHERE accounts.id = $2::uuid AND t.n = jsonb_array_length($1::jsonb) AND accounts.balance_micros >= t.total
  RETURNING accounts.balance_micros AS after, t.total
), accepted AS (
  SELECT p.*, d.after + d.total - p.cum AS balance_after FROM priced p, debit d
), ledger AS (
  INSERT INTO ledger_entries (id, account_id, kind, source, description, reference, amount_micros, balance_before_micros, balance_after_micros, created_at)
  SELECT gen_random_uuid(), $2::uuid, 'Charge'::"LedgerKind", 'Usage', a.description, a.id::text, -a.cost, a.balance_after + a.cost, a.balance_after, a.at
    FROM accepted a
), message AS (
  INSERT INTO messages (id, account_id, application_id, application_name, "from", "to", body, label, country, operator, mcc, mnc,
                        number_type, encoding, parts, flash, ttl, transcode, body_analysis, callback_url, callback_strategy,
                        status, status_at, price_micros, currency, created_at, expires_at, pool_id)
  SELECT a.id, $2::uuid, a.application_id, a.application_name, a."from", a."to", a.body, a.label, a.iso, a.network, a.mcc, a.mnc,
         a.number_type, a.encoding, a.parts, a.flash, a.ttl, a.transcode, a.body_analysis, a.callback_url, a.callback_strategy,
         'Queued', a.at, a.cost, $3, a.at, a.expires_at, a.pool_id
    FROM accepted a
), parts AS (
  INSERT INTO message_parts (id, message_id, account_id, part_number, text, sealed_text, status_at, created_at, price_micros)
  SELECT p.id, a.id, $2::uuid, p.n, p.text, p.sealed, a.at, a.at, a.price_micros
    FROM accepted a CROSS JOIN LATERAL unnest(a.part_ids, a.part_texts, a.part_sealed) WITH ORDINALITY AS p(id, text, sealed, n)
), event AS (
  INSERT INTO message_events (id, message_id, status, detailed_status, description, at)
  SELECT gen_random_uuid(), a.id, $5, $6, $7, a.at
    FROM accepted a
), link AS (
  INSERT INTO short_links (code, message_id, account_id, position, url, created_at, expires_at)
  SELECT l.value->>0, a.id, $2::uuid, (l.n - 1)::int, l.value->>1, a.at, a.links_expire_at
    FROM accepted a CROSS JOIN LATERAL jsonb_array_elements(a.links) WITH ORDINALITY AS l(value, n)
   WHERE a.links IS NOT NULL
), job AS (${jobInsert("jsonb_build_object('messageId', a.id)", "accepted a", "q.name = $4")}
), report AS (
  INSERT INTO callbacks (id, account_id, kind, url, payload, message_id, created_at, trace)
  SELECT r.id, $2::uuid, 'sms.status', a.callback_url,
         r.payload || jsonb_build_object('operator', a.network, 'price', a.price_micros::float8 / 1000000), a.id, a.at, a.trace
    FROM accepted a CROSS JOIN LATERAL jsonb_to_recordset(a.reports) AS r(id uuid, payload jsonb)
   WHERE a.reports IS NOT NULL
)
SELECT a.ord, a.cost::text AS total, a.price_micros::text AS price_micros, a.mcc, a.mnc, a.network FROM accepted a`;

type Sent = { ord: number; total: string; price_micros: string; mcc: string; mnc: string; network: string };
/** One message's row of the statement's input (jsonb_to_recordset above). */
type SendRow = Record<string, unknown> & { ord: number };
type Batch = { accountId: string; currency: string };

const statementValues = (b: Batch, rows: SendRow[]) => [JSON.stringify(rows), b.accountId, b.currency, submitSms.name, queued.status, queued.detailedStatus, queued.description];

// Group commit. The sends of one account are serialised by its balance row anyway (each waits
// for the previous one's row lock), so while one statement of an account is running, the sends
// of that account that arrive meanwhile wait here instead, and go together in the next
// statement: one round trip, one UPDATE of the balance and one lock for all of them. A send
// arriving when none is running goes at once, alone (on PGlite after one turn of the event loop:
// see drain). When a batch of several cannot go as a
// whole (a message without a price, a balance that does not cover them all, an error), each of
// its messages is retried alone, so every send gets exactly the answer it would get on its own.
const MAX_BATCH = 64;
type Waiting = { row: SendRow; done(result: { row?: Sent; error?: unknown }): void };
type Queue = { running: boolean; waiting: Waiting[] };
const queues = new WeakMap<Sql, Map<string, Queue>>();

function queueSend(sql: Sql, batch: Batch, row: Omit<SendRow, "ord">): Promise<Sent | null> {
  let byAccount = queues.get(sql);
  if (!byAccount) queues.set(sql, (byAccount = new Map()));
  const key = `${batch.accountId} ${batch.currency}`;
  let queue = byAccount.get(key);
  if (!queue) byAccount.set(key, (queue = { running: false, waiting: [] }));
  return new Promise((resolve, reject) => {
    queue.waiting.push({ row: { ...row, ord: 0 }, done: (r) => ("error" in r ? reject(r.error) : resolve(r.row ?? null)) });
    if (!queue.running) {
      queue.running = true;
      void drain(sql, batch, queue, () => byAccount.get(key) === queue && byAccount.delete(key));
    }
  });
}

async function drain(sql: Sql, batch: Batch, queue: Queue, forget: () => void): Promise<void> {
  // The queue is given up in the same synchronous step that finds it empty, so a send queued
  // meanwhile always finds either a running drain or none.
  for (;;) {
    // On a database that runs one statement at a time in this thread (PGlite), nothing else runs
    // while a statement does: requests that came in meanwhile are still unread, so a send would
    // always find the queue empty and go alone. One turn of the event loop first lets them reach
    // this queue: B13 on PGlite went from 215–374 to 365–571 accepted msg/s, alternating, with
    // the server's CPU per message down by a third (docs/performance.md). A pool needs no turn:
    // its statements run beside this thread, and sends gather while one is under way.
    if (!sql.concurrent) await new Promise((resolve) => setImmediate(resolve));
    if (queue.waiting.length === 0) {
      queue.running = false;
      forget();
      return;
    }
    const items = queue.waiting.splice(0, MAX_BATCH);
    for (const [i, w] of items.entries()) w.row.ord = i;
    let alone = items;
    try {
      const { rows } = await sql.query<Sent>(
        sendStatement,
        statementValues(
          batch,
          items.map((w) => w.row),
        ),
      );
      const sent = new Map(rows.map((r) => [r.ord, r]));
      for (const w of items) if (sent.has(w.row.ord)) w.done({ row: sent.get(w.row.ord) });
      alone = items.length === 1 ? [] : items.filter((w) => !sent.has(w.row.ord));
      if (items.length === 1 && rows.length === 0) items[0]!.done({});
    } catch (error) {
      if (items.length === 1) {
        items[0]!.done({ error });
        alone = [];
      }
    }
    for (const w of alone) {
      w.row.ord = 0;
      try {
        const { rows } = await sql.query<Sent>(sendStatement, statementValues(batch, [w.row]));
        w.done({ row: rows[0] });
      } catch (error) {
        w.done({ error });
      }
    }
  }
}

/** Job producers whose queues are known to exist (prepare() once, not on every send). */
const prepared = new WeakSet<object>();

/** Why the statement wrote nothing, in the order the checks ran one by one before. */
async function refusal(ctx: Ctx, input: { iso: string; currency: string; accountId: string }): Promise<never> {
  const price = await countryPrice(ctx, input);
  if (price.priceMicros < 0n) fail("validation", { message: "A charge cannot be negative." });
  const { rows } = await ctx.sql.query("SELECT 1 FROM accounts WHERE id = $1::uuid", [input.accountId]);
  fail(rows.length ? "insufficientBalance" : "accountNotFound");
}

export async function sendSms(ctx: Ctx, request: SendSmsInput) {
  const app = request.application;
  const transcode = request.transcode ?? app?.transcode ?? false;
  // trackLinks: from here on the body is the shortened text, the one the recipient gets (bad
  // input is refused before link numbers are reserved).
  const short = request.trackLinks && checkSms({ ...request, transcode }) ? await shortenMessage(ctx, request.body) : null;
  const input = short ? { ...request, body: short.text } : request;
  const { recipient, split, bodyAnalysis } = checkSms({ ...input, transcode });
  const currency = input.currency ?? (await accountCurrency(ctx, input.accountId));
  const callback = input.callback?.url
    ? { url: input.callback.url, strategy: input.callback.strategy ?? "OnCompletion" }
    : app?.callbackUrl
      ? { url: app.callbackUrl, strategy: app.callbackStrategy }
      : { url: "", strategy: "" };
  if (callback.url) {
    const problem = checkCallbackUrl(callback.url, ctx.config.allowPrivateCallbackUrls);
    if (problem) {
      await countryPrice(ctx, { iso: recipient.country, currency, accountId: input.accountId }); // an unpriced destination is reported first
      fail("callbackUrlRefused", { message: `The callback URL ${problem}.`, property: "callback.url" });
    }
  }
  if (!prepared.has(ctx.enqueue)) {
    await ctx.enqueue.ready();
    prepared.add(ctx.enqueue);
  }
  const now = ctx.now();
  const ttl = input.ttl ?? DEFAULT_TTL_MINUTES;
  const id = crypto.randomUUID();
  const partIds = split.parts.map(() => crypto.randomUUID());
  const expiresAt = new Date(now.getTime() + ttl * 60_000);
  const flash = input.flash ?? false;
  const label = input.label ?? "";
  const hidden = input.secret ? maskedParts(ctx.config.authSecret, partIds, split.parts, input.secret) : null;
  const body = input.secret ? maskSecret(input.body, input.secret) : input.body;
  const row = {
    id,
    iso: recipient.country,
    parts: split.parts.length,
    description: `SMS to ${recipient.e164}`,
    at: now.toISOString(),
    expires_at: expiresAt.toISOString(),
    application_id: app?.id ?? null,
    application_name: app?.name ?? "",
    from: input.from,
    to: recipient.e164,
    body,
    label,
    number_type: recipient.numberType,
    encoding: split.encoding,
    flash,
    ttl,
    transcode,
    body_analysis: bodyAnalysis,
    callback_url: callback.url,
    callback_strategy: callback.strategy,
    part_ids: partIds,
    part_texts: hidden?.texts ?? split.parts,
    ...(hidden ? { part_sealed: hidden.sealed } : {}),
    pool_id: input.poolId ?? null,
    links: short?.links.length ? short.links : null,
    // The request's trace context for the submit job (lib/jobs/job-trace.ts), with tracing on.
    trace: traceCarrier(),
    links_expire_at: short?.links.length ? new Date(now.getTime() + (input.trackLinksTtlDays ?? ctx.config.shortLinkTtlDays) * 86_400_000).toISOString() : null,
  };
  const batch = { accountId: input.accountId, currency };

  const message = (r: Sent): Message => ({
    id,
    accountId: input.accountId,
    applicationId: app?.id ?? null,
    applicationName: app?.name ?? "",
    campaignId: null,
    campaignName: "",
    direction: "Outbound",
    originatingService: "Sms",
    from: input.from,
    to: recipient.e164,
    body,
    label,
    country: recipient.country,
    operator: r.network,
    mcc: r.mcc,
    mnc: r.mnc,
    numberType: recipient.numberType,
    encoding: split.encoding,
    parts: split.parts.length,
    flash,
    ttl,
    transcode,
    bodyAnalysis: bodyAnalysis as object as Message["bodyAnalysis"],
    callbackUrl: callback.url,
    callbackStrategy: callback.strategy,
    status: "Queued",
    detailedStatus: "",
    statusDescription: "",
    statusAt: now,
    priceMicros: BigInt(r.total),
    currency,
    createdAt: now,
    expiresAt,
    finalAt: null,
    poolId: input.poolId ?? null,
  });

  let sent: Message | null = null;
  const reportsQueued = callback.url !== "" && callback.strategy === "OnChange";
  if (reportsQueued && input.poolId) {
    // A pool's reports name the pool (read in scheduleCallback): written and enqueued in the
    // message's transaction. Other messages' Queued reports ride in the send statement.
    sent = await ctx.db.$transaction(async (tx) => {
      const [r] = (await txSql(tx).query<Sent>(sendStatement, statementValues(batch, [{ ...row, ord: 0 }]))).rows;
      if (!r) return null;
      const m = message(r);
      await reportQueued(
        ctx,
        tx,
        m,
        partIds.map((partId, i) => ({ id: partId, partNumber: i + 1, priceMicros: BigInt(r.price_micros) })),
      );
      return m;
    });
  } else {
    // The statement fills in what only it knows: the operator and the part's price (fromMicros).
    const provisional = reportsQueued ? message({ ord: 0, total: "0", price_micros: "0", mcc: "", mnc: "", network: "" }) : null;
    const reports = provisional
      ? partIds.map((partId, i) => ({
          id: crypto.randomUUID(),
          payload: queuedReport(provisional, { id: partId, partNumber: i + 1, priceMicros: 0n }),
        }))
      : null;
    const r = await queueSend(ctx.sql, batch, reports ? { ...row, reports } : row);
    if (r) sent = message(r);
  }
  if (!sent) return refusal(ctx, { iso: recipient.country, currency, accountId: input.accountId });
  ctx.wake(submitSms);
  if (callback.url) ctx.wake(deliverCallback);
  return { message: sent, bodyAnalysis };
}
