// Contacts picked by id for a campaign, in the order given. An id that is not one of the
// account's contacts fails contactNotFound with that id as property.
import type { Ctx } from "../context.ts";
import { isUuid } from "../../ids.ts";
import { selectContacts, toContactMember } from "./contact-rows.ts";
import { contactNotFound } from "./contact-errors.ts";
import type { ContactMember } from "./model.ts";

export async function getContactsByIds(ctx: Ctx, accountId: string, ids: string[]): Promise<ContactMember[]> {
  const bad = ids.find((id) => !isUuid(id));
  if (bad !== undefined) contactNotFound(bad);
  const rows = await selectContacts(ctx, accountId, [...new Set(ids.map((id) => id.toLowerCase()))]);
  const byId = new Map(rows.map((r) => [r.id, toContactMember(r)]));
  return ids.map((id) => byId.get(id.toLowerCase()) ?? contactNotFound(id));
}
