// POST /api/sms/analyze — parts, encoding and cost per part of a message before sending it
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { analyzeSmsRoute } from "@/lib/schemas/sms";
import { prepareSms } from "@/lib/core/sms/send-sms";
import { fromMicros } from "@/lib/money";

export const { GET, PUT, PATCH, DELETE, POST } = methods({
  POST: withApi(analyzeSmsRoute, async ({ ctx, principal, body }) => {
    const { bodyAnalysis, price } = await prepareSms(ctx, { ...body, accountId: principal.accountId, currency: principal.currency });
    return { bodyAnalysis, cost: fromMicros(price.priceMicros) };
  }),
});
