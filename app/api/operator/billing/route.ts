// PUT /api/operator/billing — the billing details and bank accounts customers see (Settings)
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { saveBillingRoute } from "@/lib/schemas/billing";
import { saveBillingDetails } from "@/lib/core/billing/billing-details";

export const { GET, POST, PATCH, DELETE, PUT } = methods({
  PUT: withApi(saveBillingRoute, ({ ctx, body }) => saveBillingDetails(ctx, body)),
});
