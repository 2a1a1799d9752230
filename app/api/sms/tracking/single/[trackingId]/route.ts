// GET /api/sms/tracking/single/{trackingId} — one tracking record per part of a message
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { trackingSingleRoute } from "@/lib/schemas/sms";
import { trackMessage } from "@/lib/core/tracking/search-tracking";
import { trackingRecord } from "@/lib/schemas/sms-serializers";
import { messageClicks } from "@/lib/core/links/message-clicks";

export const { POST, PUT, PATCH, DELETE, GET } = methods({
  GET: withApi(trackingSingleRoute, async ({ ctx, principal, params }) => {
    const parts = await trackMessage(ctx, principal.accountId, params.trackingId);
    const clicks = await messageClicks(
      ctx,
      parts.map((p) => p.message.id),
    );
    return parts.map((p) => trackingRecord(p, clicks.get(p.message.id)));
  }),
});
