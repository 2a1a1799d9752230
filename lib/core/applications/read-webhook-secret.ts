// The account's webhook signing secret, which signs every callback (lib/core/callbacks/sign.ts,
// Standard Webhooks). Stored as the base64 of a 32-byte key; shown as Standard Webhooks writes
// it: whsec_ followed by that base64.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";

export const WEBHOOK_SECRET_PREFIX = "whsec_";

export async function readWebhookSecret(ctx: Ctx, accountId: string): Promise<string> {
  const account = await ctx.db.account.findUnique({ where: { id: accountId }, select: { webhookSecret: true } });
  if (!account) fail("accountNotFound");
  return WEBHOOK_SECRET_PREFIX + account.webhookSecret;
}
