// GET /api/2step/reports/applications/{applicationId} — one application's 2Step verifications
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { twoStepAppReportRoute } from "@/lib/schemas/two-step";
import { verificationReport } from "@/lib/core/two-step/verification-report";

export const { POST, PUT, PATCH, DELETE, GET } = methods({
  GET: withApi(twoStepAppReportRoute, async ({ ctx, principal, params }) => ({
    applicationId: params.applicationId,
    ...(await verificationReport(ctx, { accountId: principal.accountId, applicationId: params.applicationId })),
  })),
});
