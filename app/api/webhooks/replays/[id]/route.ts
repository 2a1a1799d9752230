// GET /api/webhooks/replays/{id} — a bulk replay's progress
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { replayProgressRoute } from "@/lib/schemas/webhooks";
import { replayProgress } from "@/lib/core/callbacks/replay-callbacks";
import { replayProgressView } from "@/lib/schemas/webhooks-serializers";

export const { PUT, PATCH, DELETE, POST, GET } = methods({
  GET: withApi(replayProgressRoute, async ({ ctx, principal, params }) => replayProgressView(await replayProgress(ctx, { accountId: principal.accountId, id: params.id }))),
});
