// The price of one Viber OTP to a country: a `prices` row of service Viber when the operator set
// one, else a quarter of the country's SMS price (Viber business messages cost a fraction of an
// SMS, the account's own SMS price where the operator set one), in the account's currency.
import type { Ctx } from "../context.ts";
import { countryPrice } from "../prices/price-for.ts";

export async function viberPrice(ctx: Ctx, input: { iso: string; currency: string; accountId: string }): Promise<bigint> {
  const { rows } = await ctx.sql.query<{ price_micros: string | bigint }>(`SELECT price_micros FROM prices WHERE service = 'Viber' AND iso = $1 AND currency = $2 ORDER BY mnc, mcc LIMIT 1`, [
    input.iso,
    input.currency,
  ]);
  if (rows[0]) return BigInt(rows[0].price_micros);
  const sms = await countryPrice(ctx, input);
  return sms.priceMicros / 4n;
}
