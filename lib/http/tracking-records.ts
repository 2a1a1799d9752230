// The API's tracking records for a list of parts: each with its message's link clicks, read for
// the whole list in one statement (the tracking search, a campaign's and a message's parts).
import type { Ctx } from "../core/context.ts";
import { messageClicks } from "../core/links/message-clicks.ts";
import { trackingRecord, type TrackedPart } from "../schemas/sms-serializers.ts";

export async function trackingRecords(ctx: Ctx, parts: readonly TrackedPart[]) {
  const clicks = await messageClicks(
    ctx,
    parts.map((p) => p.message.id),
  );
  return parts.map((p) => trackingRecord(p, clicks.get(p.message.id)));
}
