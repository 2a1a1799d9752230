// Creates a contact: fields normalised (E.164 mobile, country from the number), labels checked
// against the account's label types, groups checked to exist. One contact per mobile per account.
import crypto from "node:crypto";
import type { Ctx } from "../context.ts";
import { loadLabelTypes } from "./contact-rows.ts";
import { toContactView } from "../../schemas/contacts-serializers.ts";
import { failContactInput, mobileTaken } from "./contact-errors.ts";
import { ensureGroupsExist } from "./group-sql.ts";
import { normalizeContactInput } from "./normalize-contact-input.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import type { ContactView } from "./model.ts";

export async function createContact(ctx: Ctx, accountId: string, input: unknown): Promise<ContactView> {
  const labelTypes = await loadLabelTypes(ctx, accountId);
  const r = normalizeContactInput(input, { labelTypes });
  if (!r.ok) failContactInput(r);
  const { groups = [], ...fields } = r.fields;
  await ensureGroupsExist(ctx, accountId, groups);
  if (await ctx.db.contact.findUnique({ where: { accountId_mobile: { accountId, mobile: fields.mobile } }, select: { id: true } })) mobileTaken(fields.mobile);
  const now = ctx.now();
  try {
    const row = await ctx.db.contact.create({
      data: { id: crypto.randomUUID(), accountId, ...fields, groups, blacklistedServices: [], createdAt: now, updatedAt: now },
    });
    return toContactView(row, labelTypes);
  } catch (err) {
    if (isUniqueViolation(err)) mobileTaken(fields.mobile);
    throw err;
  }
}
