// GET, POST (answer) and DELETE (cancel) /api/2step/{trackingId} — one 2Step verification
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { answerTwoStepRoute, cancelTwoStepRoute, getTwoStepRoute } from "@/lib/schemas/two-step";
import { getVerification } from "@/lib/core/two-step/find-verification";
import { answerVerification } from "@/lib/core/two-step/answer-verification";
import { cancelVerification } from "@/lib/core/two-step/cancel-verification";

export const { PUT, PATCH, GET, POST, DELETE } = methods({
  GET: withApi(getTwoStepRoute, ({ ctx, principal, params }) => getVerification(ctx, principal.accountId, params.trackingId)),
  POST: withApi(answerTwoStepRoute, ({ ctx, principal, params, body }) => answerVerification(ctx, { accountId: principal.accountId, trackingId: params.trackingId, answer: body.answer })),
  DELETE: withApi(cancelTwoStepRoute, ({ ctx, principal, params }) => cancelVerification(ctx, { accountId: principal.accountId, trackingId: params.trackingId })),
});
