// POST /api/dashboard/sms/quote — what a message to a destination costs: per part, parts, total
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { quoteSmsRoute } from "@/lib/schemas/dashboard-sms";
import { prepareSms } from "@/lib/core/sms/send-sms";
import { fromMicros } from "@/lib/money";

export const { GET, PUT, PATCH, DELETE, POST } = methods({
  POST: withApi(quoteSmsRoute, async ({ ctx, principal, body }) => {
    const { bodyAnalysis, split, price, currency, recipient } = await prepareSms(ctx, { ...body, accountId: principal.accountId });
    const parts = split.parts.length;
    return {
      bodyAnalysis,
      costPerPart: fromMicros(price.priceMicros),
      parts,
      total: fromMicros(price.priceMicros * BigInt(parts)),
      currency,
      country: recipient.country,
    };
  }),
});
