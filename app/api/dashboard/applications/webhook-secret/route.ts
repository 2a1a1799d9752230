// GET, POST /api/dashboard/applications/webhook-secret — show or rotate the callback signing secret
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { rotateWebhookSecretRoute, webhookSecretRoute } from "@/lib/schemas/applications";
import { readWebhookSecret } from "@/lib/core/applications/read-webhook-secret";
import { rotateWebhookSecret } from "@/lib/core/applications/rotate-webhook-secret";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: withApi(webhookSecretRoute, async ({ ctx, principal }) => ({ secret: await readWebhookSecret(ctx, principal.accountId) })),
  POST: withApi(rotateWebhookSecretRoute, async ({ ctx, principal }) => ({ secret: await rotateWebhookSecret(ctx, principal.accountId) })),
});
