// Creates a group: empty (None), with every contact (All), or with the contacts matching filters
// on labels (Filtered). The group row and its members' new tag are written in one statement.
import crypto from "node:crypto";
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { loadLabelTypes } from "./contact-rows.ts";
import { countMembers } from "./group-sql.ts";
import { SEARCH_OPERATORS, groupSize, isVirtualGroup, type GroupSize, type SearchOperator } from "./model.ts";
import { isUniqueViolation } from "../../db/errors.ts";

export type GroupStrategy = "None" | "Filtered" | "All";

export interface GroupFilter {
  fieldName: string;
  searchTerm: string;
  searchOperator?: SearchOperator;
}

export interface CreateGroupInput {
  name: string;
  strategy?: GroupStrategy;
  /** Checked here (400002007 when malformed), so they may come straight from a request. */
  filters?: unknown;
}

const FIELD_COLUMNS: Record<string, string> = {
  firstName: "first_name",
  lastName: "last_name",
  mobile: "mobile",
  email: "email",
  country: "country",
  vip: "vip::text",
};

export async function createGroup(ctx: Ctx, accountId: string, input: CreateGroupInput): Promise<GroupSize> {
  const strategy = input.strategy ?? "None";
  let condition = "FALSE";
  const params: unknown[] = [];
  if (strategy === "All") condition = "TRUE";
  if (strategy === "Filtered") {
    const built = filterSql(checkFilters(input.filters, await loadLabelTypes(ctx, accountId)), 5);
    condition = built.sql;
    params.push(...built.params);
  }
  await tagNewGroup(ctx, accountId, input.name, condition, params);
  return groupSize(input.name, await countMembers(ctx, accountId, input.name));
}

/**
 * Inserts the group and tags the contacts matching `condition` (its parameters start at $5) in
 * one statement; a taken name fails 409002005 with the name as value.
 */
export async function tagNewGroup(ctx: Ctx, accountId: string, name: string, condition: string, params: unknown[]): Promise<number> {
  if (isVirtualGroup(name) || (await ctx.db.contactGroup.findUnique({ where: { accountId_name: { accountId, name } }, select: { id: true } }))) groupExists(name);
  try {
    // Data-modifying CTEs must be at the top level, so this one counts its own rows.
    const { rows } = await ctx.sql.query<{ n: number | string }>(
      `WITH g AS (INSERT INTO contact_groups (id, account_id, name, created_at) VALUES ($1, $2, $3, $4) RETURNING name),
       u AS (UPDATE contacts SET groups = array_append(coalesce(groups, '{}'), $3), updated_at = $4
              WHERE account_id = $2 AND EXISTS (SELECT 1 FROM g) AND NOT coalesce(groups, '{}') @> ARRAY[$3]::text[] AND ${condition}
              RETURNING 1)
       SELECT count(*)::int AS n FROM u`,
      [crypto.randomUUID(), accountId, name, ctx.now(), ...params],
    );
    return Number(rows[0]?.n ?? 0);
  } catch (err) {
    if (isUniqueViolation(err)) groupExists(name);
    throw err;
  }
}

export function groupExists(name: string): never {
  fail("contactOrGroupExists", { message: `A group named "${name}" already exists.`, entity: "Group", value: name, property: "name" });
}

function badFilters(message: string): never {
  fail("invalidGroupFilters", { message, property: "filters", properties: { filters: message } });
}

function checkFilters(input: unknown, labelTypes: ReadonlyMap<string, unknown>): Required<GroupFilter>[] {
  if (!Array.isArray(input) || input.length === 0) badFilters("A Filtered group needs at least one filter.");
  if (input.length > 20) badFilters("At most 20 filters.");
  return input.map((f, i) => {
    if (!f || typeof f !== "object") badFilters(`filters[${i}] must be an object {fieldName, searchTerm, searchOperator}.`);
    const { fieldName, searchTerm, searchOperator } = f as Record<string, unknown>;
    if (typeof fieldName !== "string" || !(Object.hasOwn(FIELD_COLUMNS, fieldName) || labelTypes.has(fieldName)))
      badFilters(`filters[${i}].fieldName must be a label name (firstName, lastName, mobile, email, country, vip or a custom label).`);
    if ((typeof searchTerm !== "string" && typeof searchTerm !== "number") || String(searchTerm).trim() === "" || String(searchTerm).length > 200) badFilters(`filters[${i}].searchTerm is required.`);
    const op = searchOperator ?? "is";
    if (!SEARCH_OPERATORS.includes(op as SearchOperator)) badFilters(`filters[${i}].searchOperator must be one of ${SEARCH_OPERATORS.join(", ")}.`);
    return { fieldName, searchTerm: String(searchTerm).trim(), searchOperator: op as SearchOperator };
  });
}

/** The filters ANDed, case-insensitive, with parameters from `firstParam`. */
function filterSql(filters: Required<GroupFilter>[], firstParam: number): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const parts = filters.map((f) => {
    let column = FIELD_COLUMNS[f.fieldName];
    if (!column) {
      params.push(f.fieldName);
      column = `(labels ->> $${firstParam + params.length - 1})`;
    }
    const like = f.searchTerm.replace(/[\\%_]/g, (c) => `\\${c}`);
    const [pattern, negate] =
      f.searchOperator === "contains"
        ? [`%${like}%`, false]
        : f.searchOperator === "starts_with"
          ? [`${like}%`, false]
          : f.searchOperator === "ends_with"
            ? [`%${like}`, false]
            : [like, f.searchOperator === "is_not"];
    params.push(pattern);
    const p = `$${firstParam + params.length - 1}`;
    return negate ? `coalesce(${column}, '') NOT ILIKE ${p}` : `${column} ILIKE ${p}`;
  });
  return { sql: `(${parts.join(" AND ")})`, params };
}
