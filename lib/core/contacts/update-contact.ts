// Changes a contact. Only the fields sent change (clients send the whole contact back, with its
// id and groups); labels, when sent, replace the contact's labels; groups, when sent, its tags.
import type { Ctx } from "../context.ts";
import { isUuid } from "../../ids.ts";
import { loadLabelTypes } from "./contact-rows.ts";
import { toContactView } from "../../schemas/contacts-serializers.ts";
import { contactNotFound, failContactInput, mobileTaken } from "./contact-errors.ts";
import { ensureGroupsExist } from "./group-sql.ts";
import { normalizeContactInput, parseMobile } from "./normalize-contact-input.ts";
import { isRecordGone, isUniqueViolation } from "../../db/errors.ts";
import type { ContactView } from "./model.ts";

export async function updateContact(ctx: Ctx, accountId: string, id: string, input: unknown): Promise<ContactView> {
  if (!isUuid(id)) contactNotFound(id);
  const existing = await ctx.db.contact.findFirst({ where: { id, accountId } });
  if (!existing) contactNotFound(id);
  const labelTypes = await loadLabelTypes(ctx, accountId);
  const r = normalizeContactInput(input, { labelTypes, partial: true });
  if (!r.ok) failContactInput(r);
  const fields = r.fields;
  if (fields.groups) await ensureGroupsExist(ctx, accountId, fields.groups);
  if (fields.mobile && fields.mobile !== existing.mobile) {
    const other = await ctx.db.contact.findUnique({ where: { accountId_mobile: { accountId, mobile: fields.mobile } }, select: { id: true } });
    if (other) mobileTaken(fields.mobile);
  }
  if (fields.country === "") fields.country = parseMobile(fields.mobile ?? existing.mobile)?.country ?? "";
  try {
    const row = await ctx.db.contact.update({ where: { id }, data: { ...fields, updatedAt: ctx.now() } });
    return toContactView(row, labelTypes);
  } catch (err) {
    if (isUniqueViolation(err)) mobileTaken(fields.mobile ?? existing.mobile);
    if (isRecordGone(err)) contactNotFound(id); // deleted meanwhile
    throw err;
  }
}
