// A page of the account's contacts, newest first unless sorted by a label, optionally within a
// group (All and NotListed included) and matching a search over name, mobile and email.
import type { Ctx } from "../context.ts";
import { CONTACT_COLUMNS, loadLabelTypes, type ContactRow } from "./contact-rows.ts";
import { toContactView } from "../../schemas/contacts-serializers.ts";
import { ensureGroupsExist, inAnyGroupSql } from "./group-sql.ts";
import type { ContactView } from "./model.ts";

export interface ListContactsInput {
  page: number;
  size: number;
  search?: string;
  group?: string;
  /** A label name (firstName, a custom label…), optionally followed by ",asc" or ",desc". */
  sort?: string;
}

// Text sorts ignore letter case (PGlite's collation is bytewise: "alice" would follow "Carol").
const COLUMNS: Record<string, string> = {
  firstName: "lower(first_name)",
  lastName: "lower(last_name)",
  mobile: "mobile",
  email: "lower(email)",
  country: "country",
  vip: "vip",
  createdAt: "created_at",
};

/** `createdAt` holds each listed contact's creation time by id (the dashboard shows it). */
export async function listContacts(ctx: Ctx, accountId: string, input: ListContactsInput): Promise<{ total: number; rows: ContactView[]; createdAt: Map<string, Date> }> {
  const labelTypes = await loadLabelTypes(ctx, accountId);
  const params: unknown[] = [accountId];
  const where = ["account_id = $1"];
  if (input.group) {
    await ensureGroupsExist(ctx, accountId, [input.group]);
    const cond = inAnyGroupSql([input.group], params.length + 1);
    where.push(cond.sql);
    params.push(...cond.params);
  }
  const search = input.search?.trim();
  if (search) {
    params.push(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const p = `$${params.length}`;
    where.push(`(first_name ILIKE ${p} OR last_name ILIKE ${p} OR (first_name || ' ' || last_name) ILIKE ${p} OR mobile ILIKE ${p} OR email ILIKE ${p})`);
  }
  const filterParams = [...params];
  const order = orderBy(input.sort, labelTypes, params);
  params.push(input.size, input.page * input.size);
  const whereSql = where.join(" AND ");
  const [count, page] = await Promise.all([
    ctx.sql.query<{ n: number | string }>(`SELECT count(*)::int AS n FROM contacts WHERE ${whereSql}`, filterParams),
    ctx.sql.query<ContactRow & { createdAt: Date | string }>(
      `SELECT ${CONTACT_COLUMNS}, created_at AS "createdAt" FROM contacts WHERE ${whereSql} ORDER BY ${order} LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    ),
  ]);
  return {
    total: Number(count.rows[0]?.n ?? 0),
    rows: page.rows.map((r) => toContactView(r, labelTypes)),
    createdAt: new Map(page.rows.map((r) => [r.id, new Date(r.createdAt)])),
  };
}

function orderBy(sort: string | undefined, labelTypes: ReadonlyMap<string, unknown>, params: unknown[]): string {
  const fallback = "created_at DESC, id DESC";
  if (!sort) return fallback;
  const [name, dir] = sort.split(",").map((s) => s.trim());
  const direction = dir?.toLowerCase() === "desc" ? "DESC" : "ASC";
  if (Object.hasOwn(COLUMNS, name)) return `${COLUMNS[name]} ${direction}, id ${direction}`;
  if (labelTypes.has(name)) {
    params.push(name);
    return `labels -> $${params.length} ${direction} NULLS LAST, id ${direction}`;
  }
  return fallback;
}
