// GET /api/sms/quietHours/countries/{language} — the countries quiet hours know, named in a language
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { quietHoursCountriesRoute } from "@/lib/schemas/campaigns-quiet-hours";
import { listQuietHoursCountries } from "@/lib/core/campaigns/list-quiet-hours-countries";

export const { POST, PUT, PATCH, DELETE, GET } = methods({
  GET: withApi(quietHoursCountriesRoute, async ({ params }) => listQuietHoursCountries(params.language)),
});
