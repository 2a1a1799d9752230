// Contacts read with raw SQL (lists and group membership must stay fast for tens of thousands of
// rows); lib/schemas/contacts-serializers.ts turns them into the API's shape.
import type { Ctx } from "../context.ts";
import type { ContactBasics, ContactMember, LabelType, LabelValue } from "./model.ts";

export const CONTACT_COLUMNS = `id, mobile, first_name AS "firstName", last_name AS "lastName", email, country, vip,
  coalesce(groups, '{}') AS groups, coalesce(blacklisted_services, '{}') AS "blacklistedServices", labels`;

export interface ContactRow extends ContactBasics {
  id: string;
  groups: string[] | null;
  blacklistedServices: string[] | null;
  labels: unknown;
}

export async function loadLabelTypes(ctx: Ctx, accountId: string): Promise<Map<string, LabelType>> {
  const rows = await ctx.db.contactLabel.findMany({ where: { accountId }, select: { name: true, type: true }, orderBy: [{ createdAt: "asc" }, { name: "asc" }] });
  return new Map(rows.map((r) => [r.name, r.type === "Number" ? "Number" : "Text"]));
}

export function labelValues(labels: unknown): Record<string, LabelValue> {
  const out: Record<string, LabelValue> = {};
  if (!labels || typeof labels !== "object" || Array.isArray(labels)) return out;
  for (const [k, v] of Object.entries(labels)) if (typeof v === "string" || typeof v === "number") out[k] = v;
  return out;
}

export function toContactMember(row: ContactRow): ContactMember {
  return {
    id: row.id,
    mobile: row.mobile,
    country: row.country ?? "",
    firstName: row.firstName ?? "",
    lastName: row.lastName ?? "",
    email: row.email ?? "",
    vip: Boolean(row.vip),
    labels: labelValues(row.labels),
    blacklistedServices: row.blacklistedServices ?? [],
  };
}

/** Contacts of the account by id, as views (in no particular order). */
export async function selectContacts(ctx: Ctx, accountId: string, ids: string[]): Promise<ContactRow[]> {
  if (!ids.length) return [];
  const { rows } = await ctx.sql.query<ContactRow>(`SELECT ${CONTACT_COLUMNS} FROM contacts WHERE account_id = $1 AND id = ANY($2::uuid[])`, [accountId, ids]);
  return rows;
}
