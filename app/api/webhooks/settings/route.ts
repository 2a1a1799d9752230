// GET /api/webhooks/settings — when endpoints pause and their pace; PUT — change them
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { readSettingsRoute, updateSettingsRoute } from "@/lib/schemas/webhooks";
import { readWebhookSettings, updateWebhookSettings } from "@/lib/core/callbacks/webhook-settings";

export const { PUT, PATCH, DELETE, POST, GET } = methods({
  GET: withApi(readSettingsRoute, ({ ctx, principal }) => readWebhookSettings(ctx, principal.accountId)),
  PUT: withApi(updateSettingsRoute, ({ ctx, principal, body }) => updateWebhookSettings(ctx, { ...body, accountId: principal.accountId })),
});
