// GET /api/dashboard/tracking — the tracking explorer: parts of the account's messages, filtered, sorted, paged
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { pageOf } from "@/lib/http/paging";
import { trackingExploreRoute } from "@/lib/schemas/dashboard-tracking";
import { exploreTracking } from "@/lib/core/tracking/explore-tracking";
import { searchOf } from "./search";
import { trackingRowView } from "@/lib/schemas/dashboard-tracking-serializers";

export const { POST, PUT, PATCH, DELETE, GET } = methods({
  GET: withApi(trackingExploreRoute, async ({ ctx, principal, query }) => {
    const search = searchOf(query, principal.accountId, ctx.now());
    const { rows, total, capped } = await exploreTracking(ctx, { ...search, sort: query.sort.field, dir: query.sort.dir, page: query.page, size: query.size });
    return { ...pageOf(rows.map(trackingRowView), total, query.page, query.size), capped, from: search.from.toISOString(), to: search.to.toISOString() };
  }),
});
