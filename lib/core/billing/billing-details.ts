// The platform's billing details (GET /accounts/me/banks): read, with empty values until the
// operator sets them, and replaced as a whole by the command line or the Settings page.
import type { Ctx } from "../context.ts";
import { billingDetails, type BillingDetails } from "../../schemas/billing.ts";

const ROW = "platform";

export async function readBillingDetails(ctx: Ctx): Promise<BillingDetails> {
  const row = await ctx.db.billingDetails.findUnique({ where: { id: ROW } });
  // Parsed again on the way out: every documented key is present, whatever an older row holds.
  return billingDetails.parse(row ? { name: row.name, address: row.address, phone: row.phone, vatId: row.vatId, email: row.email, banks: row.banks } : {});
}

export async function saveBillingDetails(ctx: Ctx, input: BillingDetails): Promise<BillingDetails> {
  const data = { name: input.name, address: input.address, phone: input.phone, vatId: input.vatId, email: input.email, banks: input.banks, updatedAt: ctx.now() };
  await ctx.db.billingDetails.upsert({ where: { id: ROW }, create: { id: ROW, ...data }, update: data });
  return readBillingDetails(ctx);
}
