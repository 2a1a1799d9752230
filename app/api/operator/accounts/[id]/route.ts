// GET /api/operator/accounts/{id} — one account: state, users, usage, what a suspension holds (operator)
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { operatorAccountRoute } from "@/lib/schemas/operator";
import { toOperatorAccountDetail } from "@/lib/schemas/operator-serializers";
import { accountOverview } from "@/lib/core/operator/account-overview";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: withApi(operatorAccountRoute, async ({ ctx, params }) => toOperatorAccountDetail(await accountOverview(ctx, params.id))),
});
