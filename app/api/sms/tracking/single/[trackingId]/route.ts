// GET /api/sms/tracking/single/{trackingId} — one tracking record per part of a message
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { trackingSingleRoute } from "@/lib/schemas/sms";
import { trackMessage } from "@/lib/core/tracking/search-tracking";
import { trackingRecords } from "@/lib/http/tracking-records";

export const { POST, PUT, PATCH, DELETE, GET } = methods({
  GET: withApi(trackingSingleRoute, async ({ ctx, principal, params }) => {
    const parts = await trackMessage(ctx, principal.accountId, params.trackingId);
    return trackingRecords(ctx, parts);
  }),
});
