// GET /api/dashboard/messages/{trackingId} — a message with its parts, status events and callbacks
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { messageDetailRoute } from "@/lib/schemas/dashboard-sms";
import { getMessage } from "@/lib/core/tracking/get-message";
import { messageClicks } from "@/lib/core/links/message-clicks";
import { iso } from "@/lib/schemas/iso";
import { callbackView, eventView, messageView, partView } from "@/lib/schemas/dashboard-sms-serializers";

export const { POST, PUT, PATCH, DELETE, GET } = methods({
  GET: withApi(messageDetailRoute, async ({ ctx, principal, params }) => {
    const { message, parts, events, callbacks } = await getMessage(ctx, principal.accountId, params.trackingId);
    const partNumbers = new Map(parts.map((p) => [p.id, p.partNumber]));
    const clicks = (await messageClicks(ctx, [message.id])).get(message.id);
    return {
      message: messageView(message),
      parts: parts.map((p) => partView(p, message.createdAt)),
      events: events.map((e) => eventView(e, partNumbers)),
      callbacks: callbacks.map(callbackView),
      clicks: clicks ? { count: clicks.count, firstClickAt: iso(clicks.firstClickAt) } : null,
    };
  }),
});
