// GET, PUT /api/numbers/my/{msisdn} — a rented number and its callbacks; DELETE — cancel it
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { cancelRentedRoute, getRentedRoute, updateRentedRoute } from "@/lib/schemas/numbers";
import { getRentedNumber } from "@/lib/core/numbers/get-rented-number";
import { updateNumber } from "@/lib/core/numbers/update-number";
import { cancelNumber } from "@/lib/core/numbers/cancel-number";
import { rentedNumberResource } from "@/lib/schemas/numbers-serializers";

export const { POST, PATCH, GET, PUT, DELETE } = methods({
  GET: withApi(getRentedRoute, async ({ ctx, principal, params }) => {
    const { rented, row } = await getRentedNumber(ctx, { accountId: principal.accountId, msisdn: params.msisdn });
    return rentedNumberResource(rented, row);
  }),
  PUT: withApi(updateRentedRoute, ({ ctx, principal, params, body }) => updateNumber(ctx, { ...body, accountId: principal.accountId, msisdn: params.msisdn })),
  DELETE: withApi(cancelRentedRoute, async ({ ctx, principal, params }) => {
    await cancelNumber(ctx, { accountId: principal.accountId, msisdn: params.msisdn });
    return new Response(null, { status: 200 });
  }),
});
