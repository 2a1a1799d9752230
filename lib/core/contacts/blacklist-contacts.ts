// Blacklists per service: add or remove contacts by id, or remove every contact of some groups;
// markContacts also adds contacts to a group and takes them out.
// Each answers how many contacts changed; each is one UPDATE.
import type { Ctx } from "../context.ts";
import { requireContactIds } from "./delete-contacts.ts";
import { ensureGroupsExist, inAnyGroupSql } from "./group-sql.ts";
import type { BlacklistService } from "./model.ts";

export async function blacklistContacts(ctx: Ctx, accountId: string, service: BlacklistService, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  return markContacts(ctx, accountId, await requireContactIds(ctx, accountId, ids), "blacklisted_services", "add", service);
}

export async function unblacklistContacts(ctx: Ctx, accountId: string, service: BlacklistService, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  return markContacts(ctx, accountId, await requireContactIds(ctx, accountId, ids), "blacklisted_services", "remove", service);
}

/** Takes every contact of the groups (All and NotListed too) off the service's blacklist. */
export async function unblacklistGroups(ctx: Ctx, accountId: string, service: BlacklistService, groups: string[]): Promise<number> {
  if (!groups.length) return 0;
  await ensureGroupsExist(ctx, accountId, groups);
  const cond = inAnyGroupSql(groups, 4);
  return countUpdated(
    ctx,
    `UPDATE contacts SET blacklisted_services = array_remove(blacklisted_services, $2), updated_at = $3
      WHERE account_id = $1 AND blacklisted_services @> ARRAY[$2]::text[] AND ${cond.sql} RETURNING 1`,
    [accountId, service, ctx.now(), ...cond.params],
  );
}

/**
 * Adds `value` to, or takes it from, an array column of the account's contacts `ids` (a group's
 * name in groups, a service in blacklisted_services); answers how many contacts changed.
 */
export async function markContacts(ctx: Ctx, accountId: string, ids: string[], column: "groups" | "blacklisted_services", change: "add" | "remove", value: string): Promise<number> {
  const [set, unless] =
    change === "add" ? [`array_append(coalesce(${column}, '{}'), $3)`, `NOT coalesce(${column}, '{}') @> ARRAY[$3]::text[]`] : [`array_remove(${column}, $3)`, `${column} @> ARRAY[$3]::text[]`];
  return countUpdated(
    ctx,
    `UPDATE contacts SET ${column} = ${set}, updated_at = $4
      WHERE account_id = $1 AND id = ANY($2::uuid[]) AND ${unless} RETURNING 1`,
    [accountId, ids, value, ctx.now()],
  );
}

/** Runs an UPDATE … RETURNING 1 and counts its rows without sending them back. */
export async function countUpdated(ctx: Ctx, update: string, params: unknown[]): Promise<number> {
  const { rows } = await ctx.sql.query<{ n: number | string }>(`WITH u AS (${update}) SELECT count(*)::int AS n FROM u`, params);
  return Number(rows[0]?.n ?? 0);
}
