// GET /api/2step/reports — the account's 2Step verifications by status and country
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { twoStepReportRoute } from "@/lib/schemas/two-step";
import { verificationReport } from "@/lib/core/two-step/verification-report";

export const { POST, PUT, PATCH, DELETE, GET } = methods({
  GET: withApi(twoStepReportRoute, ({ ctx, principal }) => verificationReport(ctx, { accountId: principal.accountId })),
});
