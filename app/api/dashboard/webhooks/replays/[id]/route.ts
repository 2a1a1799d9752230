// GET /api/dashboard/webhooks/replays/{id} — a bulk replay's progress bar
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { dashReplayProgressRoute } from "@/lib/schemas/webhooks";
import { replayProgress } from "@/lib/core/callbacks/replay-callbacks";
import { replayProgressView } from "@/lib/schemas/webhooks-serializers";

export const { PUT, PATCH, DELETE, POST, GET } = methods({
  GET: withApi(dashReplayProgressRoute, async ({ ctx, principal, params }) => replayProgressView(await replayProgress(ctx, { accountId: principal.accountId, id: params.id }))),
});
