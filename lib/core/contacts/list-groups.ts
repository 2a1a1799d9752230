// The account's groups: All and NotListed first (every account has them), then its own by name.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { NOT_LISTED_SQL, countMembers, groupNotFound } from "./group-sql.ts";
import { GROUP_ALL, GROUP_NOT_LISTED, VIRTUAL_GROUPS, groupSize, isVirtualGroup, type GroupSize } from "./model.ts";

export async function listGroups(ctx: Ctx, accountId: string): Promise<{ name: string }[]> {
  const own = await ctx.db.contactGroup.findMany({ where: { accountId }, select: { name: true }, orderBy: { name: "asc" } });
  return [...VIRTUAL_GROUPS.map((name) => ({ name })), ...own];
}

export async function listGroupsPage(ctx: Ctx, accountId: string, input: { page: number; size: number }): Promise<{ total: number; rows: GroupSize[] }> {
  const skip = input.page * input.size;
  const virtual = VIRTUAL_GROUPS.slice(skip, skip + input.size);
  const [ownTotal, own] = await Promise.all([
    ctx.db.contactGroup.count({ where: { accountId } }),
    ctx.db.contactGroup.findMany({
      where: { accountId },
      select: { name: true },
      orderBy: { name: "asc" },
      skip: Math.max(0, skip - VIRTUAL_GROUPS.length),
      take: input.size - virtual.length,
    }),
  ]);
  const names = [...virtual, ...own.map((g) => g.name)];
  const sizes = await groupSizes(ctx, accountId, names);
  return { total: ownTotal + VIRTUAL_GROUPS.length, rows: names.map((n) => groupSize(n, sizes.get(n) ?? 0)) };
}

export async function getGroup(ctx: Ctx, accountId: string, name: string): Promise<GroupSize> {
  if (!isVirtualGroup(name) && !(await ctx.db.contactGroup.findUnique({ where: { accountId_name: { accountId, name } }, select: { id: true } }))) groupNotFound(name);
  return groupSize(name, await countMembers(ctx, accountId, name));
}

/** Sizes of several groups in one query. */
export async function groupSizes(ctx: Ctx, accountId: string, names: string[]): Promise<Map<string, number>> {
  if (!names.length) return new Map();
  const own = names.filter((n) => !isVirtualGroup(n));
  const { rows } = await ctx.sql.query<{ all: number; notListed: number; own: Record<string, number> | null }>(
    `SELECT count(*)::int AS "all",
            count(*) FILTER (WHERE ${NOT_LISTED_SQL})::int AS "notListed",
            (SELECT jsonb_object_agg(g.name, (SELECT count(*) FROM contacts c WHERE c.account_id = $1 AND c.groups @> ARRAY[g.name]))
               FROM unnest($2::text[]) AS g(name)) AS own
       FROM contacts WHERE account_id = $1`,
    [accountId, own],
  );
  const r = rows[0];
  const out = new Map<string, number>();
  for (const n of names) out.set(n, n === GROUP_ALL ? Number(r?.all ?? 0) : n === GROUP_NOT_LISTED ? Number(r?.notListed ?? 0) : Number(r?.own?.[n] ?? 0));
  return out;
}

/** Fails unless the group is one the account made (All and NotListed cannot be changed). */
export async function requireOwnGroup(ctx: Ctx, accountId: string, name: string): Promise<void> {
  if (isVirtualGroup(name))
    fail("validation", { message: `Validation Error! ${name} is built in: its members follow from the contacts' groups.`, property: "name", properties: { name: `${name} cannot be changed` } });
  if (!(await ctx.db.contactGroup.findUnique({ where: { accountId_name: { accountId, name } }, select: { id: true } }))) groupNotFound(name);
}
