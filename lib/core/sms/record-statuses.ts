// Part status changes many per statement, for the hot paths (single messages' Sent, receipts):
// what recordPartStatus does for one part — the part, an event row, the message's status, the
// delivery report its callback strategy asks for — for changes that need none of its reads. The
// message's status follows from the change alone (a single-part message's is its part's; a
// message with a part just Sent is Sent until all its parts are final), nothing is refunded (no Failed or
// Unsent), and no "sms.status" subscriber needs the change's transaction (the caller asks
// ctx.events.needsTransaction). Reports are written by the same statement, due for callbacks.deliver
// as it commits; "sms.status" is published once it has committed (tx null).
import crypto from "node:crypto";
import type { Ctx } from "../context.ts";
import type { RouteHop } from "../ports/carrier.ts";
import { traceCarrier } from "../../trace/tracing.ts";
import { deliverCallback } from "../callbacks/deliver-callback.ts";
import { isFinal, type StatusChange } from "./statuses.ts";
import { smsReportPayload } from "./report-payload.ts";
import { outcomeOf, PartTally } from "./part-tally.ts";

/** What a delivery report says of the message, and where it goes. */
export type ReportedMessage = Parameters<typeof smsReportPayload>[0] & { accountId: string; callbackUrl: string; callbackStrategy: string; poolId: string | null };

export interface PartChange {
  partId: string;
  change: StatusChange;
  message: { id: string; accountId: string; campaignId: string | null; label: string; country?: string };
  /** The connector the part went through, where `sent` does not say (a receipt's): the metrics' label. */
  connectorId?: string | null;
  /** The SMSC's answer to the part's submit_sm, and the route that carried it. */
  sent?: { smscMessageId: string; possibleDuplicate: boolean; connectorId?: string; costMicros?: bigint; routeHops?: RouteHop[] };
  /** The report this change sends to the message's callback URL (reportOf), if any. */
  report?: { url: string; payload: object } | null;
}

/**
 * The report the message's callback strategy asks for on this change (OnChange: every change;
 * otherwise the final one), or null. A pool's reports name the pool: not built here (recordPartStatus).
 */
export function reportOf(m: ReportedMessage, part: { id: string; partNumber: number; priceMicros: bigint }, change: StatusChange, at: Date): PartChange["report"] {
  if (!m.callbackUrl || !(m.callbackStrategy === "OnChange" || isFinal(change.status))) return null;
  return { url: m.callbackUrl, payload: smsReportPayload(m, { ...part, doneAt: isFinal(change.status) ? at : null }, { ...change, at }) };
}

/** Whether a message's reports can be written here (a pool's name the pool, which recordPartStatus looks up). */
export const reportsSetWise = (m: { callbackUrl: string; poolId: string | null }) => !m.callbackUrl || !m.poolId;

/**
 * A part as the set-wise paths read it (receipts, expiry): `PART_ROW` selects it from
 * `message_parts p JOIN messages m`. `report` is read only for messages with a callback URL.
 */
export interface PartRow {
  id: string;
  smsc_message_id: string | null;
  status: string;
  parts: number;
  callback_url: string;
  message_id: string;
  account_id: string;
  campaign_id: string | null;
  label: string;
  pool_id: string | null;
  connector_id: string | null;
  country: string;
  report: {
    strategy: string;
    partNumber: number;
    priceMicros: string;
    campaignName: string;
    applicationName: string;
    originatingService: string;
    direction: string;
    from: string;
    to: string;
    body: string;
    country: string;
    operator: string;
    createdAt: string;
  } | null;
}

export const PART_ROW = `
  p.id::text, p.smsc_message_id, p.status, m.parts, m.callback_url, m.id::text AS message_id, m.account_id::text, m.campaign_id::text, m.label, m.pool_id::text,
  p.connector_id::text, m.country,
  CASE WHEN m.callback_url <> '' THEN json_build_object(
    'strategy', m.callback_strategy, 'partNumber', p.part_number, 'priceMicros', p.price_micros::text, 'campaignName', m.campaign_name,
    'applicationName', m.application_name, 'originatingService', m.originating_service, 'direction', m.direction, 'from', m."from",
    'to', m."to", 'body', m.body, 'country', m.country, 'operator', m.operator, 'createdAt', m.created_at) END AS report`;

/**
 * Whether this change of a part can be recorded here rather than by recordPartStatus: a
 * single-part message (its status is its part's), a report that needs no pool, no refund (not
 * Failed or Unsent), a final status, and no "sms.status" subscriber that needs its transaction.
 */
export function setWiseChange(ctx: Ctx, row: PartRow, change: StatusChange): boolean {
  return (
    row.parts === 1 &&
    reportsSetWise({ callbackUrl: row.callback_url, poolId: row.pool_id }) &&
    isFinal(change.status) &&
    change.status !== "Failed" &&
    change.status !== "Unsent" &&
    !ctx.events.needsTransaction("sms.status", {
      messageId: row.message_id,
      accountId: row.account_id,
      campaignId: row.campaign_id,
      label: row.label,
      status: change.status,
      final: true,
    })
  );
}

/** The change of a part read as PART_ROW, with the report its message's callback asks for. */
export function changeOfRow(row: PartRow, change: StatusChange, at: Date, connectorId: string | null = null): PartChange {
  const r = row.report;
  return {
    partId: row.id,
    change,
    message: { id: row.message_id, accountId: row.account_id, campaignId: row.campaign_id, label: row.label, country: row.country },
    connectorId: row.connector_id ?? connectorId,
    report: r
      ? reportOf(
          {
            id: row.message_id,
            accountId: row.account_id,
            campaignId: row.campaign_id,
            label: row.label,
            parts: row.parts,
            callbackUrl: row.callback_url,
            callbackStrategy: r.strategy,
            poolId: row.pool_id,
            campaignName: r.campaignName,
            applicationName: r.applicationName,
            originatingService: r.originatingService,
            direction: r.direction,
            from: r.from,
            to: r.to,
            body: r.body,
            country: r.country,
            operator: r.operator,
            createdAt: new Date(r.createdAt),
          },
          { id: row.id, partNumber: r.partNumber, priceMicros: BigInt(r.priceMicros) },
          change,
          at,
        )
      : null,
  };
}

const FINAL = `('Delivered', 'Undelivered', 'Failed', 'Unsent')`;

// One statement: parts that are not final and not already in this status move; their events,
// their messages and their reports follow from the parts that moved. Arrays rather than a JSON
// document: the planner then knows how many rows there are and updates by primary key.
const STATEMENT = `
  WITH r AS (
    SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[], $7::uuid[], $8::bigint[], $9::text[])
      AS r(id, status, detailed, description, smsc_id, duplicate, connector_id, cost, hops)),
  up AS (
    UPDATE message_parts p
       SET status = r.status, detailed_status = r.detailed, status_description = r.description, status_at = $10,
           done_at = CASE WHEN r.status IN ${FINAL} THEN $10 ELSE p.done_at END,
           smsc_message_id = COALESCE(r.smsc_id, p.smsc_message_id),
           submitted_at = CASE WHEN r.smsc_id IS NULL THEN p.submitted_at ELSE $10 END,
           possible_duplicate = p.possible_duplicate OR r.duplicate,
           connector_id = COALESCE(r.connector_id, p.connector_id),
           cost_micros = CASE WHEN r.connector_id IS NULL THEN p.cost_micros ELSE r.cost END,
           route_hops = COALESCE(r.hops::jsonb, p.route_hops)
      FROM r
     WHERE p.id = r.id AND p.status NOT IN ${FINAL} AND NOT (p.status = r.status AND p.detailed_status = r.detailed)
     RETURNING p.id, p.message_id, r.status, r.detailed, r.description),
  ev AS (
    INSERT INTO message_events (id, message_id, part_id, status, detailed_status, description, at)
    SELECT gen_random_uuid(), message_id, id, status, detailed, description, $10 FROM up),
  ms AS (
    UPDATE messages m
       SET status = up.status, detailed_status = up.detailed, status_description = up.description, status_at = $10,
           final_at = CASE WHEN up.status IN ${FINAL} THEN $10 ELSE m.final_at END
      FROM up
     WHERE m.id = up.message_id AND (m.status <> up.status OR up.status IN ${FINAL})),
  cb AS (
    INSERT INTO callbacks (id, account_id, kind, url, payload, message_id, created_at, trace)
    SELECT c.id, c.account_id, 'sms.status', c.url, c.payload::jsonb, up.message_id, $10, $16::jsonb
      FROM unnest($11::uuid[], $12::uuid[], $13::uuid[], $14::text[], $15::text[]) AS c(part_id, id, account_id, url, payload)
      JOIN up ON up.id = c.part_id)
  SELECT up.id::text FROM up`;

/** The active trace context as a jsonb parameter (null without tracing or when nothing carries it). */
function traceJson(wanted: boolean): string | null {
  const carrier = wanted ? traceCarrier() : null;
  return carrier ? JSON.stringify(carrier) : null;
}

/**
 * Records the changes (at most one per part) in one statement, with their reports' callbacks.
 * Resolves with the ids of the parts that moved (a part already final, or already in that status,
 * does not); throws when the statement failed (nothing was recorded).
 */
export async function recordStatuses(ctx: Ctx, changes: readonly PartChange[], at: Date = ctx.now()): Promise<Set<string>> {
  if (changes.length === 0) return new Set();
  const reports = changes.flatMap((c) => (c.report ? [{ partId: c.partId, id: crypto.randomUUID(), accountId: c.message.accountId, ...c.report }] : []));
  const values = [
    changes.map((c) => c.partId),
    changes.map((c) => c.change.status),
    changes.map((c) => c.change.detailedStatus),
    changes.map((c) => c.change.description),
    changes.map((c) => c.sent?.smscMessageId ?? null),
    changes.map((c) => c.sent?.possibleDuplicate ?? false),
    changes.map((c) => c.sent?.connectorId ?? null),
    changes.map((c) => (c.sent?.connectorId ? (c.sent.costMicros ?? 0n).toString() : null)),
    changes.map((c) => (c.sent?.routeHops?.length ? JSON.stringify(c.sent.routeHops) : null)),
    at,
    reports.map((r) => r.partId),
    reports.map((r) => r.id),
    reports.map((r) => r.accountId),
    reports.map((r) => r.url),
    reports.map((r) => JSON.stringify(r.payload)),
    traceJson(reports.length > 0),
  ];
  // One statement, the reports' callbacks with it: they are due as they commit (deliver-callback.ts).
  const moved = new Set((await ctx.sql.prepared<{ id: string }>("sms_record_statuses", STATEMENT, values)).rows.map((r) => r.id));
  if (reports.length) ctx.wake(deliverCallback);
  const tally = new PartTally();
  for (const c of changes) if (moved.has(c.partId)) tally.add(outcomeOf(c.change), c.sent?.connectorId ?? c.connectorId, c.message.country);
  tally.flush(ctx.metrics);
  for (const { partId, message: m, change } of changes)
    if (moved.has(partId))
      await ctx.events.publish(ctx, null, "sms.status", {
        messageId: m.id,
        accountId: m.accountId,
        campaignId: m.campaignId,
        label: m.label,
        status: change.status,
        final: isFinal(change.status),
      });
  return moved;
}
