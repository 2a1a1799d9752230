// Deletes groups, and either their contacts or only the contacts' tags, in one statement.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { ensureGroupsExist } from "./group-sql.ts";
import { isVirtualGroup } from "./model.ts";

export async function deleteGroups(ctx: Ctx, accountId: string, names: string[], options: { deleteContacts?: boolean } = {}): Promise<{ name: string; deletedContacts: boolean }[]> {
  const groups = [...new Set(names)];
  if (!groups.length) fail("validation", { message: "Validation Error!", property: "body", properties: { body: "Name at least one group" } });
  const builtIn = groups.find(isVirtualGroup);
  if (builtIn) fail("validation", { message: `Validation Error! ${builtIn} is built in and cannot be deleted.`, property: builtIn, properties: { [builtIn]: "cannot be deleted" } });
  await ensureGroupsExist(ctx, accountId, groups);
  const contacts = options.deleteContacts
    ? `DELETE FROM contacts WHERE account_id = $1 AND groups && $2::text[] RETURNING 1`
    : `UPDATE contacts SET groups = ARRAY(SELECT t FROM unnest(groups) AS t WHERE NOT t = ANY($2::text[])), updated_at = $3
        WHERE account_id = $1 AND groups && $2::text[] RETURNING 1`;
  await ctx.sql.query(
    `WITH g AS (DELETE FROM contact_groups WHERE account_id = $1 AND name = ANY($2::text[]) RETURNING 1),
          c AS (${contacts})
     SELECT (SELECT count(*) FROM g)::int AS groups, (SELECT count(*) FROM c)::int AS contacts`,
    options.deleteContacts ? [accountId, groups] : [accountId, groups, ctx.now()],
  );
  return groups.map((name) => ({ name, deletedContacts: Boolean(options.deleteContacts) }));
}
