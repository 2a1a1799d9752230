// Writes a campaign batch's messages with their parts in one statement (Sent with the SMSC's id
// once accepted, Queued otherwise), and for campaigns reporting every change, the Queued ones
// first with their Queued reports.
import type { Ctx } from "../context.ts";
import type { Campaign } from "../../db/generated/client.ts";
import { txSql } from "../../db/tx-sql.ts";
import { deliverCallback } from "../callbacks/deliver-callback.ts";
import { reportQueued } from "../sms/record-queued.ts";
import { sentToCarrier } from "../sms/statuses.ts";
import type { BatchMessage, BatchPart, BatchPlan } from "./plan-batch.ts";

/** A part's route as the statement's JSON rows carry it: g connector, h cost, j hops. */
function routeColumns(route: NonNullable<BatchPart["route"]>): Record<string, unknown> {
  return { ...(route.connectorId ? { g: route.connectorId, h: route.costMicros } : {}), ...(route.hops ? { j: route.hops } : {}) };
}

/** Runs a statement (on the pool, or in a transaction). */
export type Run = (text: string, values: unknown[]) => Promise<{ id: string }[]>;

/**
 * Writes messages with their parts as this run knows them (Sent with the SMSC's id once
 * accepted, Queued otherwise), in one statement. A row an earlier or concurrent run stored moves
 * on only from Queued (and keeps a possible_duplicate flag). With `inserted`, answers the ids of
 * the messages it inserted (otherwise nothing: 30k ids a campaign would read and throw away).
 *
 * Rows go as JSON (json_to_recordset): stringified natively, where pg's array parameters escape
 * each element in JavaScript. Parsing it is a quarter of the statement's time in PostgreSQL, so
 * the rows are lean: one-letter keys, a message's single part on the message's own row, and the
 * body, encoding and expiry only where they differ from the first message's (a personalised
 * text, or the expiry of a message an earlier run stored).
 */
export async function storeMessages(run: Run, c: Campaign, createdAt: Date, messages: readonly BatchMessage[], at: Date, inserted = false): Promise<string[]> {
  if (messages.length === 0) return [];
  const first = messages[0]!;
  const expires = first.expiresAt.getTime();
  const rows: object[] = [];
  const parts: object[] = [];
  for (const msg of messages) {
    const row: Record<string, unknown> = {
      i: msg.id,
      t: msg.to,
      c: msg.country,
      o: msg.operator,
      m: msg.mcc,
      n: msg.mnc,
      y: msg.numberType,
      p: msg.parts.length,
      r: msg.priceMicros,
    };
    if (msg.body !== first.body) row.b = msg.body;
    if (msg.encoding !== first.encoding) row.e = msg.encoding;
    if (msg.expiresAt.getTime() !== expires) row.x = msg.expiresAt.toISOString();
    if (msg.parts.some((x) => x.smscId !== null)) row.a = true;
    if (msg.links?.length && !msg.stored) row.l = msg.links;
    const only = msg.parts.length === 1 ? msg.parts[0]! : null;
    if (only && !only.settled) {
      row.q = only.id;
      if (only.smscId !== null) row.s = only.smscId;
      if (only.possibleDuplicate) row.d = true;
      if (only.text !== msg.body) row.pt = only.text;
      if (only.priceMicros !== msg.priceMicros) row.pp = only.priceMicros;
      if (only.route) Object.assign(row, routeColumns(only.route));
    } else if (!only)
      for (const part of msg.parts)
        if (!part.settled)
          parts.push({ q: part.id, i: msg.id, k: part.number, pt: part.text, pp: part.priceMicros, s: part.smscId, d: part.possibleDuplicate, ...(part.route ? routeColumns(part.route) : {}) });
    rows.push(row);
  }
  const analysis = JSON.stringify(c.smsAnalysis && typeof c.smsAnalysis === "object" ? ((c.smsAnalysis as { bodyAnalysis?: unknown }).bodyAnalysis ?? {}) : {});
  const result = await run(
    `WITH u AS (
       SELECT * FROM json_to_recordset($18::json)
         AS u(i uuid, t text, c text, o text, m text, n text, y text, p int, r bigint, b text, e text, x timestamptz, a boolean,
              q uuid, s text, d boolean, pt text, pp bigint, g uuid, h bigint, j jsonb, l json)),
     m AS (
       INSERT INTO messages (id, account_id, application_id, application_name, campaign_id, campaign_name, direction, originating_service,
                             "from", "to", body, label, country, operator, mcc, mnc, number_type, encoding, parts, flash, ttl, transcode,
                             body_analysis, callback_url, callback_strategy, status, detailed_status, status_description, status_at,
                             price_micros, currency, created_at, expires_at)
       SELECT u.i, $1::uuid, $2::uuid, $3, $4::uuid, $5, 'Outbound', 'Sms', $6, u.t, COALESCE(u.b, $20), '', u.c, u.o, u.m, u.n, u.y,
              COALESCE(u.e, $21), u.p, $7, $8, $9, $10::jsonb, $11, $12,
              CASE WHEN u.a THEN 'Sent' ELSE 'Queued' END, CASE WHEN u.a THEN $16 ELSE '' END, CASE WHEN u.a THEN $17 ELSE '' END, $13,
              u.r, $14, $15, COALESCE(u.x, $22::timestamptz)
       FROM u
       ON CONFLICT (id) DO UPDATE SET status = excluded.status, detailed_status = excluded.detailed_status,
                                      status_description = excluded.status_description, status_at = excluded.status_at
         WHERE messages.status = 'Queued' AND excluded.status <> 'Queued'
       ${inserted ? "RETURNING id, xmax = 0 AS inserted" : ""}),
     v AS (
       SELECT u.q, u.i, 1 AS k, COALESCE(u.pt, u.b, $20) AS pt, COALESCE(u.pp, u.r) AS pp, u.s, COALESCE(u.d, false) AS d, u.g, u.h, u.j FROM u WHERE u.q IS NOT NULL
       UNION ALL
       SELECT * FROM json_to_recordset($19::json) AS w(q uuid, i uuid, k int, pt text, pp bigint, s text, d boolean, g uuid, h bigint, j jsonb)),
     p AS (
       INSERT INTO message_parts AS o (id, message_id, account_id, part_number, text, status, detailed_status, status_description, status_at,
                                       price_micros, created_at, smsc_message_id, submitted_at, possible_duplicate, connector_id, cost_micros, route_hops)
       SELECT v.q, v.i, $1::uuid, v.k, v.pt,
              CASE WHEN v.s IS NULL THEN 'Queued' ELSE 'Sent' END, CASE WHEN v.s IS NULL THEN '' ELSE $16 END,
              CASE WHEN v.s IS NULL THEN '' ELSE $17 END, $13, v.pp, $15, v.s, CASE WHEN v.s IS NULL THEN NULL ELSE $13 END, v.d,
              v.g, COALESCE(v.h, 0), v.j
       FROM v
       ON CONFLICT (id) DO UPDATE SET
         status = CASE WHEN o.status = 'Queued' THEN excluded.status ELSE o.status END,
         detailed_status = CASE WHEN o.status = 'Queued' THEN excluded.detailed_status ELSE o.detailed_status END,
         status_description = CASE WHEN o.status = 'Queued' THEN excluded.status_description ELSE o.status_description END,
         status_at = CASE WHEN o.status = 'Queued' THEN excluded.status_at ELSE o.status_at END,
         smsc_message_id = CASE WHEN o.status = 'Queued' THEN excluded.smsc_message_id ELSE o.smsc_message_id END,
         submitted_at = CASE WHEN o.status = 'Queued' THEN excluded.submitted_at ELSE o.submitted_at END,
         connector_id = CASE WHEN o.status = 'Queued' THEN COALESCE(excluded.connector_id, o.connector_id) ELSE o.connector_id END,
         cost_micros = CASE WHEN o.status = 'Queued' AND excluded.connector_id IS NOT NULL THEN excluded.cost_micros ELSE o.cost_micros END,
         route_hops = CASE WHEN o.status = 'Queued' THEN COALESCE(excluded.route_hops, o.route_hops) ELSE o.route_hops END,
         possible_duplicate = o.possible_duplicate OR excluded.possible_duplicate
         WHERE (o.status = 'Queued' AND excluded.status <> 'Queued') OR (excluded.possible_duplicate AND NOT o.possible_duplicate)),
     -- trackLinks: the messages' short links, in the same statement (a rerun writes the same codes).
     sl AS (
       INSERT INTO short_links (code, message_id, account_id, campaign_id, position, url, created_at, expires_at)
       SELECT x.value->>0, u.i, $1::uuid, $4::uuid, (x.n - 1)::int, x.value->>1, $15, $15::timestamptz + make_interval(days => $23::int)
       FROM u CROSS JOIN LATERAL json_array_elements(u.l) WITH ORDINALITY AS x(value, n)
       WHERE u.l IS NOT NULL
       ON CONFLICT (code) DO NOTHING)
     ${inserted ? "SELECT id::text FROM m WHERE inserted" : "SELECT"}`,
    [
      c.accountId,
      c.applicationId,
      c.applicationName,
      c.id,
      c.name,
      c.from,
      c.flash,
      c.ttl,
      c.transcode,
      analysis,
      c.callbackUrl,
      c.callbackStrategy,
      at,
      c.currency,
      createdAt,
      sentToCarrier.detailedStatus,
      sentToCarrier.description,
      JSON.stringify(rows),
      JSON.stringify(parts),
      first.body,
      first.encoding,
      first.expiresAt.toISOString(),
      // Null only without trackLinks, where no short link is written.
      c.linkTtlDays ?? 90,
    ],
  );
  for (const msg of messages) msg.stored = true;
  return inserted ? result.map((r) => r.id) : [];
}

/** Writes the messages not stored yet as Queued, with their Queued reports (callbacks on every change). */
export async function storeQueuedWithReports(ctx: Ctx, c: Campaign, plan: BatchPlan): Promise<void> {
  const fresh = plan.messages.filter((m) => !m.stored);
  if (fresh.length === 0) return;
  await ctx.enqueue.ready();
  await ctx.db.$transaction(
    async (tx) => {
      const inserted = await storeMessages(async (text, values) => (await txSql(tx).query<{ id: string }>(text, values)).rows, c, plan.createdAt, fresh, ctx.now(), true);
      const messages = await tx.message.findMany({ where: { id: { in: inserted } }, include: { messageParts: true } });
      for (const msg of messages) await reportQueued(ctx, tx, msg, msg.messageParts);
    },
    { timeout: 60_000 },
  );
  ctx.wake(deliverCallback);
}
