// POST /api/2step — start a 2Step verification (a code by SMS)
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { startTwoStepRoute } from "@/lib/schemas/two-step";
import { startVerification } from "@/lib/core/two-step/start-verification";

export const { GET, PUT, PATCH, DELETE, POST } = methods({
  POST: withApi(startTwoStepRoute, ({ ctx, principal, body }) =>
    startVerification(ctx, { accountId: principal.accountId, currency: principal.currency, applicationId: principal.applicationId, body }),
  ),
});
