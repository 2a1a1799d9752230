// The account's contacts blacklisted for a service, oldest first.
import type { Ctx } from "../context.ts";
import { CONTACT_COLUMNS, loadLabelTypes, type ContactRow } from "./contact-rows.ts";
import { toContactView } from "../../schemas/contacts-serializers.ts";
import type { BlacklistService, ContactView } from "./model.ts";

export async function listBlacklisted(ctx: Ctx, accountId: string, service: BlacklistService): Promise<ContactView[]> {
  const [labelTypes, { rows }] = await Promise.all([
    loadLabelTypes(ctx, accountId),
    ctx.sql.query<ContactRow>(`SELECT ${CONTACT_COLUMNS} FROM contacts WHERE account_id = $1 AND blacklisted_services @> ARRAY[$2]::text[] ORDER BY created_at, id`, [accountId, service]),
  ]);
  return rows.map((r) => toContactView(r, labelTypes));
}
