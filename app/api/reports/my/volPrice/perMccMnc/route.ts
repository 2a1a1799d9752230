// GET /api/reports/my/volPrice/perMccMnc — volume and price for one network
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { volPricePerMccMncRoute } from "@/lib/schemas/reports";
import { volPrice } from "@/lib/core/reports/vol-price";

export const { POST, PUT, PATCH, DELETE, GET } = methods({
  GET: withApi(volPricePerMccMncRoute, ({ ctx, principal, query }) => volPrice(ctx, { accountId: principal.accountId, start: query.startDate, end: query.endDate, mcc: query.mcc, mnc: query.mnc })),
});
