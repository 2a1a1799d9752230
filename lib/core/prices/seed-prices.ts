// Fills an empty price list with the defaults, in every currency an account can hold.
import type { Ctx } from "../context.ts";
import { toMicros } from "../../money.ts";
import { defaultSmsPrices, seedRates } from "./default-prices.ts";

export async function seedPrices(ctx: Ctx): Promise<number> {
  if ((await ctx.db.price.count()) > 0) return 0;
  const data = Object.entries(seedRates).flatMap(([currency, rate]) =>
    defaultSmsPrices.flatMap(({ iso, mcc, country, networks }) => {
      const average = networks.reduce((s, n) => s + n.price, 0) / networks.length;
      const countryWide = { service: "Sms", mcc, mnc: "", iso, country, network: "", currency, priceMicros: toMicros(average * rate) };
      return [countryWide, ...networks.filter((n) => n.mnc).map(({ mnc, network, price }) => ({ ...countryWide, mnc, network, priceMicros: toMicros(price * rate) }))];
    }),
  );
  const { count } = await ctx.db.price.createMany({ data, skipDuplicates: true });
  return count;
}
