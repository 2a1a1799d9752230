// New groups from existing ones. Merge: the union, each contact once. Difference: the contacts of
// the first group that are in none of the others (a single group gives a copy of it). The new
// tag is written in the same statement that creates the group.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { countMembers, ensureGroupsExist, inAnyGroupSql } from "./group-sql.ts";
import { tagNewGroup } from "./create-group.ts";
import { groupSize, type GroupSize } from "./model.ts";

export async function mergeGroups(ctx: Ctx, accountId: string, input: { name: string; groups: string[] }): Promise<GroupSize> {
  const groups = await checkSources(ctx, accountId, input.groups);
  const cond = inAnyGroupSql(groups, 5);
  await tagNewGroup(ctx, accountId, input.name, cond.sql, cond.params);
  return groupSize(input.name, await countMembers(ctx, accountId, input.name));
}

export async function differenceGroups(ctx: Ctx, accountId: string, input: { name: string; groups: string[] }): Promise<GroupSize> {
  const [first, ...rest] = await checkSources(ctx, accountId, input.groups);
  const keep = inAnyGroupSql([first], 5);
  const drop = inAnyGroupSql(rest, 5 + keep.params.length);
  await tagNewGroup(ctx, accountId, input.name, `${keep.sql} AND NOT ${drop.sql}`, [...keep.params, ...drop.params]);
  return groupSize(input.name, await countMembers(ctx, accountId, input.name));
}

async function checkSources(ctx: Ctx, accountId: string, names: string[]): Promise<string[]> {
  const groups = [...new Set(names)];
  if (!groups.length) fail("validation", { message: "Validation Error!", property: "groups", properties: { groups: "Name at least one group" } });
  await ensureGroupsExist(ctx, accountId, groups);
  return groups;
}
