// POST /api/sms/tracking — messages in a time window (latest 7 days) with filters, paged
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { trackingSearchRoute } from "@/lib/schemas/sms";
import { searchTracking } from "@/lib/core/tracking/search-tracking";
import { trackingWindow } from "@/lib/core/tracking/tracking-window";
import { trackingRecords } from "@/lib/http/tracking-records";
import { pageOf } from "@/lib/http/paging";

export const { GET, PUT, PATCH, DELETE, POST } = methods({
  POST: withApi(trackingSearchRoute, async ({ ctx, principal, query, body }) => {
    const { dateStart, dateEnd } = trackingWindow(ctx.now(), query.dateStart, query.dateEnd);
    const { total, rows } = await searchTracking(ctx, {
      accountId: principal.accountId,
      dateStart,
      dateEnd,
      filters: body,
      campaignId: query.trackingId,
      campaignOnly: query.campaign === "true",
      page: query.page,
      size: query.size,
      sort: query.sort,
    });
    return pageOf(await trackingRecords(ctx, rows), total, query.page, query.size);
  }),
});
