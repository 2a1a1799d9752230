// One contact of the account, as the API shows it.
import type { Ctx } from "../context.ts";
import { isUuid } from "../../ids.ts";
import { loadLabelTypes, selectContacts } from "./contact-rows.ts";
import { toContactView } from "../../schemas/contacts-serializers.ts";
import { contactNotFound } from "./contact-errors.ts";
import { parseMobile } from "./normalize-contact-input.ts";
import type { ContactView } from "./model.ts";

export async function getContact(ctx: Ctx, accountId: string, id: string): Promise<ContactView> {
  if (!isUuid(id)) contactNotFound(id);
  const [row] = await selectContacts(ctx, accountId, [id]);
  if (!row) contactNotFound(id);
  return toContactView(row, await loadLabelTypes(ctx, accountId));
}

/** Whether the account has a contact with this mobile, given with or without '+' (or a space for it). */
export async function mobileExists(ctx: Ctx, accountId: string, mobile: string): Promise<boolean> {
  const parsed = parseMobile(mobile);
  if (!parsed) return false;
  return (await ctx.db.contact.count({ where: { accountId, mobile: parsed.e164 } })) > 0;
}
