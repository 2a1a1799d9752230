// POST /api/operator/accounts/{id}/resume — reactivate the account; its campaigns go on (operator)
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { resumeAccountRoute } from "@/lib/schemas/operator";
import { toOperatorAccountDetail } from "@/lib/schemas/operator-serializers";
import { resumeAccount } from "@/lib/core/accounts/resume-account";
import { accountOverview } from "@/lib/core/operator/account-overview";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: withApi(resumeAccountRoute, async ({ ctx, params }) => {
    const { resumedJobs } = await resumeAccount(ctx, { accountId: params.id });
    return { ...toOperatorAccountDetail(await accountOverview(ctx, params.id)), resumedJobs };
  }),
});
