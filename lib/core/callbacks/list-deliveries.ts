// The webhook log: one account's callbacks of every kind, newest first, a page at a time by a
// keyset cursor over (created_at, id) — the index callbacks(account_id, created_at, id), or the
// partial one of unsettled callbacks when the state filter excludes delivered ones, or the
// host's — so page 1,000 costs what page 1 does with millions of rows (bench/webhook-center.ts).
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { isUuid } from "../../ids.ts";
import { filterSql, shownState, type DeliveryFilter } from "./delivery-filter.ts";
import type { DeliveryState } from "./delivery-states.ts";

export interface DeliverySummary {
  id: string;
  kind: string;
  url: string;
  endpoint: string;
  state: DeliveryState;
  attempts: number;
  messageId: string | null;
  campaignId: string | null;
  createdAt: Date;
  completedAt: Date | null;
  replayedBy: string | null;
  lastAttempt: { at: Date; statusCode: number; latencyMs: number; error: string } | null;
}

interface Row {
  id: string;
  kind: string;
  url: string;
  endpoint: string | null;
  state: string;
  attempts: number;
  message_id: string | null;
  campaign_id: string | null;
  created_at: Date | string;
  completed_at: Date | string | null;
  replayed_by: string | null;
  last_at: Date | string | null;
  last_status: number | null;
  last_latency: number | null;
  last_error: string | null;
}

/** The position after a row: its creation time (to the millisecond, as stored) and id. */
export function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`).toString("base64url");
}

function decodeCursor(cursor: string): { at: string; id: string } {
  const [at, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if (!at || !id || !isUuid(id) || Number.isNaN(Date.parse(at))) fail("validation", { message: "cursor is not one this log handed out.", property: "cursor" });
  return { at, id };
}

/** The list's SQL and values (the bench runs the same text directly, side by side). */
export function listDeliveriesSql(accountId: string, filter: DeliveryFilter, size: number, cursor?: string): { text: string; values: unknown[] } {
  const { where, values } = filterSql(accountId, filter);
  let keyset = "";
  if (cursor) {
    const c = decodeCursor(cursor);
    values.push(c.at, c.id);
    keyset = ` AND (c.created_at, c.id) < ($${values.length - 1}::timestamptz, $${values.length}::uuid)`;
  }
  values.push(size + 1);
  const text = `SELECT c.id, c.kind, c.url, c.endpoint, c.state, c.attempts, c.message_id, c.campaign_id, c.created_at, c.completed_at, c.replayed_by,
         a.at AS last_at, a.status_code AS last_status, a.latency_ms AS last_latency, a.error AS last_error
    FROM (SELECT c.id, c.kind, c.url, c.endpoint, c.state, c.attempts, c.message_id, c.campaign_id, c.created_at, c.completed_at, c.replayed_by
            FROM callbacks c WHERE ${where}${keyset} ORDER BY c.created_at DESC, c.id DESC LIMIT $${values.length}) c
    LEFT JOIN LATERAL (SELECT at, status_code, latency_ms, error FROM callback_attempts WHERE callback_id = c.id ORDER BY attempt DESC LIMIT 1) a ON true
   ORDER BY c.created_at DESC, c.id DESC`;
  return { text, values };
}

export async function listDeliveries(ctx: Ctx, input: { accountId: string; filter: DeliveryFilter; size: number; cursor?: string }) {
  const { text, values } = listDeliveriesSql(input.accountId, input.filter, input.size, input.cursor);
  const { rows } = await ctx.sql.query<Row>(text, values);
  const more = rows.length > input.size;
  const content = rows.slice(0, input.size).map(summary);
  const last = content.at(-1);
  return { content, nextCursor: more && last ? encodeCursor(last.createdAt, last.id) : null };
}

const date = (v: Date | string) => (v instanceof Date ? v : new Date(v));

function summary(r: Row): DeliverySummary {
  return {
    id: r.id,
    kind: r.kind,
    url: r.url,
    endpoint: r.endpoint ?? "",
    state: shownState(r.state, Number(r.attempts)),
    attempts: Number(r.attempts),
    messageId: r.message_id,
    campaignId: r.campaign_id,
    createdAt: date(r.created_at),
    completedAt: r.completed_at === null ? null : date(r.completed_at),
    replayedBy: r.replayed_by,
    lastAttempt: r.last_at === null ? null : { at: date(r.last_at), statusCode: Number(r.last_status), latencyMs: Number(r.last_latency), error: r.last_error ?? "" },
  };
}
