// The contacts of each named group, for a campaign: one query over the GIN index for the named
// groups, plus one for All or NotListed when asked. Unknown group → groupNotFound.
import type { Ctx } from "../context.ts";
import { CONTACT_COLUMNS, toContactMember, type ContactRow } from "./contact-rows.ts";
import { ensureGroupsExist, inAnyGroupSql } from "./group-sql.ts";
import { GROUP_ALL, GROUP_NOT_LISTED, isVirtualGroup, type ContactMember } from "./model.ts";

export async function resolveGroupMembers(ctx: Ctx, accountId: string, groupNames: string[]): Promise<Map<string, ContactMember[]>> {
  const names = [...new Set(groupNames)];
  await ensureGroupsExist(ctx, accountId, names);
  const out = new Map<string, ContactMember[]>(names.map((n) => [n, []]));
  if (!names.length) return out;
  const cond = inAnyGroupSql(names, 2);
  const { rows } = await ctx.sql.query<ContactRow>(`SELECT ${CONTACT_COLUMNS} FROM contacts WHERE account_id = $1 AND ${cond.sql} ORDER BY created_at, id`, [accountId, ...cond.params]);
  for (const row of rows) {
    const member = toContactMember(row);
    const tags = row.groups ?? [];
    for (const name of names) {
      const isMember = isVirtualGroup(name) ? name === GROUP_ALL || (name === GROUP_NOT_LISTED && tags.length === 0) : tags.includes(name);
      if (isMember) out.get(name)!.push(member);
    }
  }
  return out;
}
