// GET /api/reports/my/volPrice — volume and price per time bucket, country and network
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { volPriceRoute } from "@/lib/schemas/reports";
import { volPrice } from "@/lib/core/reports/vol-price";

export const { POST, PUT, PATCH, DELETE, GET } = methods({
  GET: withApi(volPriceRoute, ({ ctx, principal, query }) => volPrice(ctx, { accountId: principal.accountId, start: query.startDate, end: query.endDate })),
});
