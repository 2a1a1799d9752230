// Replaces the account's webhook signing secret with a new random 32-byte key. Callbacks signed
// from now on (retries of earlier ones too) use the new secret, so receivers switch with it.
import crypto from "node:crypto";
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { WEBHOOK_SECRET_PREFIX } from "./read-webhook-secret.ts";

export async function rotateWebhookSecret(ctx: Ctx, accountId: string): Promise<string> {
  const secret = crypto.randomBytes(32).toString("base64");
  const { count } = await ctx.db.account.updateMany({ where: { id: accountId }, data: { webhookSecret: secret } });
  if (count === 0) fail("accountNotFound");
  return WEBHOOK_SECRET_PREFIX + secret;
}
