// GET /api/reports/my/volPrice/perMcc — volume and price for one mcc
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { volPricePerMccRoute } from "@/lib/schemas/reports";
import { volPrice } from "@/lib/core/reports/vol-price";

export const { POST, PUT, PATCH, DELETE, GET } = methods({
  GET: withApi(volPricePerMccRoute, ({ ctx, principal, query }) => volPrice(ctx, { accountId: principal.accountId, start: query.startDate, end: query.endDate, mcc: query.mcc })),
});
