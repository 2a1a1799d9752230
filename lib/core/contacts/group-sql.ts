// Group membership as SQL conditions on contacts. Groups are tags in contacts.groups: a named
// group is `groups @> ARRAY[name]` (served by the GIN index), "All" is every contact and
// "NotListed" the contacts without any tag.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { GROUP_ALL, GROUP_NOT_LISTED, isVirtualGroup } from "./model.ts";

export const NOT_LISTED_SQL = `(groups IS NULL OR groups = '{}')`;

/**
 * A condition true for contacts in any of `names`, with its parameters numbered from
 * `firstParam`. No names gives FALSE.
 */
export function inAnyGroupSql(names: readonly string[], firstParam: number): { sql: string; params: unknown[] } {
  if (names.includes(GROUP_ALL)) return { sql: "TRUE", params: [] };
  const parts: string[] = [];
  const params: unknown[] = [];
  const real = [...new Set(names.filter((n) => !isVirtualGroup(n)))];
  if (real.length === 1) {
    parts.push(`groups @> ARRAY[$${firstParam}]::text[]`);
    params.push(real[0]);
  } else if (real.length > 1) {
    parts.push(`groups && $${firstParam}::text[]`);
    params.push(real);
  }
  if (names.includes(GROUP_NOT_LISTED)) parts.push(NOT_LISTED_SQL);
  return { sql: parts.length ? `(${parts.join(" OR ")})` : "FALSE", params };
}

/** Fails groupNotFound (value: the name) unless every name is a group of the account or a built-in one. */
export async function ensureGroupsExist(ctx: Ctx, accountId: string, names: readonly string[]): Promise<void> {
  const real = [...new Set(names.filter((n) => !isVirtualGroup(n)))];
  if (!real.length) return;
  const found = await ctx.db.contactGroup.findMany({ where: { accountId, name: { in: real } }, select: { name: true } });
  const known = new Set(found.map((g) => g.name));
  const missing = real.find((n) => !known.has(n));
  if (missing !== undefined) groupNotFound(missing);
}

export function groupNotFound(name: string): never {
  fail("groupNotFound", { message: `There is no group named "${name}".`, entity: "Group", value: name, property: "name" });
}

/** How many contacts of the account are in the group. */
export async function countMembers(ctx: Ctx, accountId: string, name: string): Promise<number> {
  const cond = inAnyGroupSql([name], 2);
  const { rows } = await ctx.sql.query<{ n: number | string }>(`SELECT count(*)::int AS n FROM contacts WHERE account_id = $1 AND ${cond.sql}`, [accountId, ...cond.params]);
  return Number(rows[0]?.n ?? 0);
}
