// The dashboard's tracking explorer: every part of an account's messages (outbound and inbound,
// single and campaign) in a time window, filtered with the spec's operators, sorted and paged.
// Plain SQL so that each condition lands on an index: the window and the account always appear
// on both tables, so PostgreSQL may start from message_parts (account_id, created_at desc) or,
// for a recipient, from messages (account_id, to, created_at desc). The export reads the same
// search page by page with a keyset on (created_at, id) instead of an offset.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { isUuid } from "../../ids.ts";
import { smsStatuses } from "../sms/statuses.ts";
import { adhoc } from "../../db/statement-cache.ts";
import { connectorCondition, connectorName, connectorNames, type ConnectorNames } from "./explore-connectors.ts";

import type { ExploreField, ExploreFilter, ExploreOperator, ExploreSortField } from "./explore-fields.ts";

export type { ExploreField, ExploreFilter, ExploreOperator, ExploreSortField };

export interface ExploreSearch {
  accountId: string;
  from: Date;
  to: Date;
  filters: ExploreFilter[];
}

export interface ExploreRow {
  smsId: string;
  trackingId: string;
  part: number;
  parts: number;
  direction: string;
  from: string;
  to: string;
  body: string;
  status: string;
  detailedStatus: string;
  statusDescription: string;
  country: string;
  operator: string;
  mcc: string;
  mnc: string;
  label: string;
  campaignId: string;
  campaignName: string;
  /** The connector that carried the part, by name; "" for none. */
  connector: string;
  priceMicros: bigint;
  currency: string;
  createdAt: Date;
  statusAt: Date;
  doneAt: Date | null;
  /** Clicks on the message's short links (trackLinks). */
  clicks: number;
}

/** At most this many matches are counted exactly; beyond, the page says "more than". */
export const COUNT_CAP = 1_000;

const sortColumns: Record<ExploreSortField, string> = {
  createdAt: "p.created_at",
  statusAt: "p.status_at",
  to: "m.to",
  from: "m.from",
  status: "p.status",
  country: "m.country",
  price: "p.price_micros",
};

// Text columns compared without regard to case, and the plain ones (numbers, ids) compared as typed.
const columns: Record<Exclude<ExploreField, "id" | "campaign" | "connector" | "clicked">, { expr: string; folded: boolean }> = {
  to: { expr: "m.to", folded: false },
  from: { expr: "m.from", folded: true },
  status: { expr: "p.status", folded: true },
  detailedStatus: { expr: "p.detailed_status", folded: true },
  direction: { expr: "m.direction::text", folded: true },
  country: { expr: "m.country", folded: true },
  label: { expr: "m.label", folded: true },
};

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Numbers as people type them: "+30 691-234 5601" → "+306912345601"; a bare "3069…" for is gets its '+'. */
function normaliseNumber(value: string, op: ExploreOperator): string {
  const compact = value.replace(/[\s().-]/g, "");
  if ((op === "is" || op === "is_not" || op === "starts_with") && /^\d{6,}$/.test(compact)) return `+${compact}`;
  return compact;
}

class Params {
  readonly values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

function textCondition(expr: string, folded: boolean, op: ExploreOperator, value: string, p: Params): string {
  const col = folded ? `lower(${expr})` : expr;
  const v = folded ? value.toLowerCase() : value;
  switch (op) {
    case "is":
      return `${col} = ${p.add(v)}`;
    case "is_not":
      return `${col} <> ${p.add(v)}`;
    case "contains":
      return `${col} LIKE ${p.add(`%${likeEscape(v)}%`)}`;
    case "starts_with":
      return `${col} LIKE ${p.add(`${likeEscape(v)}%`)}`;
    case "ends_with":
      return `${col} LIKE ${p.add(`%${likeEscape(v)}`)}`;
  }
}

function filterCondition(f: ExploreFilter, p: Params, names: ConnectorNames): string {
  const value = f.value.trim();
  if (f.field === "id") {
    // A message id (trackingId) or a part id (smsId), both on the part: its primary key and its
    // (message_id, part_number) key, so either lands on an index.
    if (f.op === "is" || f.op === "is_not") {
      if (!isUuid(value)) return f.op === "is" ? "false" : "true";
      const id = p.add(value.toLowerCase());
      return f.op === "is" ? `(p.message_id = ${id}::uuid OR p.id = ${id}::uuid)` : `(p.message_id <> ${id}::uuid AND p.id <> ${id}::uuid)`;
    }
    const v = value.toLowerCase();
    return `(${textCondition("p.message_id::text", false, f.op, v, p)} OR ${textCondition("p.id::text", false, f.op, v, p)})`;
  }
  if (f.field === "campaign") {
    // A campaign by id, or by name. Single messages have no campaign: "is not X" keeps them.
    if (isUuid(value) && (f.op === "is" || f.op === "is_not")) {
      const id = p.add(value.toLowerCase());
      return f.op === "is" ? `m.campaign_id = ${id}::uuid` : `m.campaign_id IS DISTINCT FROM ${id}::uuid`;
    }
    return textCondition("m.campaign_name", true, f.op, value, p);
  }
  if (f.field === "connector") return connectorCondition(f, names, (v) => p.add(v));
  if (f.field === "clicked") {
    // "is yes": a message with a clicked short link; "is no" / "is not yes": every other one.
    const yes = /^(yes|true|1|clicked)$/i.test(value);
    if (!yes && !/^(no|false|0)$/i.test(value)) return "false";
    const clicked = yes === (f.op !== "is_not");
    return `${clicked ? "" : "NOT "}EXISTS (SELECT 1 FROM short_links s WHERE s.message_id = m.id AND s.clicks > 0)`;
  }
  if (f.field === "direction" && (f.op === "is" || f.op === "is_not")) {
    // Two values: compared as the enum itself, so the partial index of inbound messages applies.
    const d = ["Outbound", "Inbound"].find((x) => x.toLowerCase() === value.toLowerCase());
    if (!d) return f.op === "is" ? "false" : "true";
    return `m.direction ${f.op === "is" ? "=" : "<>"} '${d}'`;
  }
  if (f.field === "country" && (f.op === "is" || f.op === "is_not")) {
    // Countries are stored as upper-case ISO codes: compared as stored, so the planner's
    // statistics of the column apply (lower(country) has none, and it guessed badly).
    return `m.country ${f.op === "is" ? "=" : "<>"} ${p.add(value.toUpperCase())}`;
  }
  if (f.field === "status" && (f.op === "is" || f.op === "is_not")) {
    const st = smsStatuses.find((x) => x.toLowerCase() === value.toLowerCase());
    if (st) return `p.status ${f.op === "is" ? "=" : "<>"} '${st}'`;
  }
  const c = columns[f.field];
  return textCondition(c.expr, c.folded, f.op, f.field === "to" ? normaliseNumber(value, f.op) : value, p);
}

/**
 * A search an index of messages narrows: by recipient ((account_id, to, created_at) or the
 * trigram index), by campaign id ((campaign_id, created_at)), by direction (inbound messages'
 * partial index). Such a search is read from the messages side, newest first by the message's
 * time (the same instant as its parts'), so the first page needs no scan of the window's parts.
 */
function fromMessages(filters: ExploreFilter[]): boolean {
  return filters.some((f) => f.field === "to" || f.field === "direction" || (f.field === "campaign" && isUuid(f.value.trim())));
}

function checkWindow(search: ExploreSearch): void {
  if (search.from.getTime() > search.to.getTime()) fail("validation", { message: "The start of the range is after its end.", property: "from" });
}

function whereClause(search: ExploreSearch, p: Params, names: ConnectorNames): string {
  checkWindow(search);
  const account = p.add(search.accountId);
  const from = p.add(search.from);
  const to = p.add(search.to);
  // Both tables carry the account and the creation time (parts copy the message's), so the
  // planner can start from either side's index. The account and window on the messages side
  // only help a search that an index of messages narrows (see fromMessages); otherwise they
  // tempt the planner into joining through that index instead of the primary key.
  const byMessage = fromMessages(search.filters);
  const conditions = [
    `p.account_id = ${account}`,
    `p.created_at >= ${from}`,
    `p.created_at <= ${to}`,
    ...(byMessage ? [`m.account_id = ${account}`, `m.created_at >= ${from}`, `m.created_at <= ${to}`] : []),
    ...search.filters.map((f) => filterCondition(f, p, names)),
  ];
  return conditions.join(" AND ");
}

const selectList = `p.id AS "smsId", m.id AS "trackingId", p.part_number AS part, m.parts, m.direction::text AS direction,
  m.from AS "from", m.to AS "to", left(m.body, 160) AS body, p.status, p.detailed_status AS "detailedStatus",
  p.status_description AS "statusDescription", m.country, m.operator, m.mcc, m.mnc, m.label,
  coalesce(m.campaign_id::text, '') AS "campaignId", m.campaign_name AS "campaignName", p.connector_id AS "connectorId", p.price_micros AS "priceMicros",
  m.currency, p.created_at AS "createdAt", p.status_at AS "statusAt", p.done_at AS "doneAt",
  (SELECT coalesce(sum(s.clicks), 0) FROM short_links s WHERE s.message_id = m.id)::int AS clicks`;

type RawRow = Omit<ExploreRow, "priceMicros" | "connector"> & { priceMicros: string | number | bigint; connectorId: string | null };

function toRow(names: ConnectorNames, { connectorId, ...r }: RawRow): ExploreRow {
  return {
    ...r,
    connector: connectorName(names, connectorId),
    priceMicros: BigInt(r.priceMicros),
    createdAt: new Date(r.createdAt),
    statusAt: new Date(r.statusAt),
    doneAt: r.doneAt ? new Date(r.doneAt) : null,
  };
}

/**
 * The search's count of parts, stopping past COUNT_CAP. When every filter is on the message
 * (country, sender, label, campaign, recipient, direction…), it reads messages alone, newest
 * first through their (account, time) or a narrower index, and adds up their `parts` (a
 * message has exactly that many part rows): no join per counted row, and no plan that counts
 * from a sequential scan of messages (whose start, with synchronised scans, and heap order made
 * one run 10 ms and the next 0.7 s). A filter on the part (status, ids) counts parts, joined
 * to their message only when a condition needs it.
 */
function countStatement(search: ExploreSearch, names: ConnectorNames): { text: string; values: unknown[] } {
  const p = new Params();
  checkWindow(search);
  const conditions = search.filters.map((f) => filterCondition(f, p, names));
  if (conditions.every((c) => !c.includes("p."))) {
    const window = [`m.account_id = ${p.add(search.accountId)}`, `m.created_at >= ${p.add(search.from)}`, `m.created_at <= ${p.add(search.to)}`];
    const cap = p.add(COUNT_CAP + 1);
    return {
      text: `SELECT coalesce(sum(parts), 0) AS n FROM (SELECT m.parts FROM messages m WHERE ${[...window, ...conditions].join(" AND ")} ORDER BY m.created_at DESC LIMIT ${cap}) hits`,
      values: p.values,
    };
  }
  const q = new Params();
  const where = whereClause(search, q, names);
  const cap = q.add(COUNT_CAP + 1);
  const from = where.includes("m.") ? "message_parts p JOIN messages m ON m.id = p.message_id" : "message_parts p";
  return { text: `SELECT count(*) AS n FROM (SELECT 1 FROM ${from} WHERE ${where} ORDER BY p.created_at DESC LIMIT ${cap}) hits`, values: q.values };
}

export interface ExploreInput extends ExploreSearch {
  sort: ExploreSortField;
  dir: "asc" | "desc";
  page: number;
  size: number;
}

export async function exploreTracking(ctx: Ctx, input: ExploreInput): Promise<{ rows: ExploreRow[]; total: number; capped: boolean }> {
  // A filter by connector compares the part's connector_id with the ids of the names it matches,
  // as values the planner sees (its statistics of the column apply): the names are read first.
  const known = input.filters.some((f) => f.field === "connector") ? await connectorNames(ctx) : null;
  const p = new Params();
  const where = whereClause(input, p, known ?? new Map());
  const dir = input.dir === "asc" ? "ASC" : "DESC";
  const sortBy = input.sort === "createdAt" && fromMessages(input.filters) ? "m.created_at" : sortColumns[input.sort];
  const order = `${sortBy} ${dir}, p.id ${dir}`;
  const limit = p.add(input.size);
  const offset = p.add(input.page * input.size);
  const counting = countStatement(input, known ?? new Map());
  const [page, count, names] = await Promise.all([
    ctx.sql.query<RawRow>(adhoc(`SELECT ${selectList} FROM message_parts p JOIN messages m ON m.id = p.message_id WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`), p.values),
    ctx.sql.query<{ n: string | number }>(adhoc(counting.text), counting.values),
    known ?? connectorNames(ctx),
  ]);
  const n = Number(count.rows[0]?.n ?? 0);
  return { rows: page.rows.map((r) => toRow(names, r)), total: Math.min(n, COUNT_CAP), capped: n > COUNT_CAP };
}

/**
 * The whole search, newest first, a page at a time: each page continues after the last row of
 * the previous one (created_at, id), so a large export reads no row twice and holds one page.
 */
export async function* exploreTrackingPages(ctx: Ctx, search: ExploreSearch, pageSize = 1000): AsyncGenerator<ExploreRow[]> {
  let after: { createdAt: Date; id: string } | null = null;
  const names = await connectorNames(ctx);
  for (;;) {
    const p = new Params();
    const where = whereClause(search, p, names);
    const keyset: string = after ? ` AND (p.created_at, p.id) < (${p.add(after.createdAt)}::timestamptz, ${p.add(after.id)}::uuid)` : "";
    const limit = p.add(pageSize);
    const { rows } = await ctx.sql.query<RawRow>(
      `SELECT ${selectList} FROM message_parts p JOIN messages m ON m.id = p.message_id WHERE ${where}${keyset} ORDER BY p.created_at DESC, p.id DESC LIMIT ${limit}`,
      p.values,
    );
    if (rows.length === 0) return;
    const page = rows.map((r) => toRow(names, r));
    yield page;
    if (rows.length < pageSize) return;
    const last = page[page.length - 1];
    after = { createdAt: last.createdAt, id: last.smsId };
  }
}
