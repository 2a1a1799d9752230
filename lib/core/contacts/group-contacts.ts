// Adds contacts to one of the account's groups, or takes them out, answering the group's new size.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { markContacts } from "./blacklist-contacts.ts";
import { requireContactIds } from "./delete-contacts.ts";
import { countMembers } from "./group-sql.ts";
import { requireOwnGroup } from "./list-groups.ts";
import { groupSize, type GroupSize } from "./model.ts";

export async function addContactsToGroup(ctx: Ctx, accountId: string, name: string, ids: string[]): Promise<GroupSize> {
  await requireOwnGroup(ctx, accountId, name);
  await markContacts(ctx, accountId, await requireIds(ctx, accountId, ids), "groups", "add", name);
  return groupSize(name, await countMembers(ctx, accountId, name));
}

export async function removeContactsFromGroup(ctx: Ctx, accountId: string, name: string, ids: string[]): Promise<GroupSize> {
  await requireOwnGroup(ctx, accountId, name);
  await markContacts(ctx, accountId, await requireIds(ctx, accountId, ids), "groups", "remove", name);
  return groupSize(name, await countMembers(ctx, accountId, name));
}

async function requireIds(ctx: Ctx, accountId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) fail("validation", { message: "Validation Error!", property: "body", properties: { body: "Send at least one contact id" } });
  return requireContactIds(ctx, accountId, ids);
}
