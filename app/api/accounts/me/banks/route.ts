// GET /api/accounts/me/banks — the bank accounts a customer can pay top-ups into
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { banksRoute } from "@/lib/schemas/billing";
import { readBillingDetails } from "@/lib/core/billing/billing-details";

export const { POST, PUT, PATCH, DELETE, GET } = methods({
  GET: withApi(banksRoute, ({ ctx }) => readBillingDetails(ctx)),
});
