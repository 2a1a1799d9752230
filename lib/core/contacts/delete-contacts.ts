// Deletes contacts: one (answering it as it was) or several by id (answering the deleted ids).
// An id that is not one of the account's contacts fails the whole request with 404002001.
import type { Ctx } from "../context.ts";
import { isUuid } from "../../ids.ts";
import { getContact } from "./get-contact.ts";
import { contactNotFound } from "./contact-errors.ts";
import type { ContactView } from "./model.ts";

export async function deleteContact(ctx: Ctx, accountId: string, id: string): Promise<ContactView> {
  const contact = await getContact(ctx, accountId, id);
  // Two deletes at once: only the one that removed the row answers it.
  const { count } = await ctx.db.contact.deleteMany({ where: { id, accountId } });
  if (count === 0) contactNotFound(id);
  return contact;
}

export async function deleteContacts(ctx: Ctx, accountId: string, ids: string[]): Promise<string[]> {
  const wanted = await requireContactIds(ctx, accountId, ids);
  const { rows } = await ctx.sql.query<{ id: string }>(`DELETE FROM contacts WHERE account_id = $1 AND id = ANY($2::uuid[]) RETURNING id`, [accountId, wanted]);
  const deleted = new Set(rows.map((r) => r.id));
  return wanted.filter((id) => deleted.has(id));
}

/** The distinct ids, lower-cased, after checking each is a contact of the account. */
export async function requireContactIds(ctx: Ctx, accountId: string, ids: string[]): Promise<string[]> {
  const bad = ids.find((id) => !isUuid(id));
  if (bad !== undefined) contactNotFound(bad);
  const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
  const { rows } = await ctx.sql.query<{ id: string }>(`SELECT id FROM contacts WHERE account_id = $1 AND id = ANY($2::uuid[])`, [accountId, wanted]);
  const found = new Set(rows.map((r) => r.id));
  const missing = wanted.find((id) => !found.has(id));
  if (missing !== undefined) contactNotFound(missing);
  return wanted;
}
