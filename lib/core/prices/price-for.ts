// The price of one SMS part to a destination: the network's own price where the network is
// known, else the country-wide one, in the account's currency.
import type { Ctx, Tx } from "../context.ts";
import { fail } from "../errors.ts";

export type PartPrice = { priceMicros: bigint; mcc: string; mnc: string; network: string };

function unsupported(input: { iso: string; currency: string }): never {
  fail("destinationUnsupported", { message: `There is no ${input.currency} price for ${input.iso}, so it cannot be sent to.`, property: "to" });
}

export async function priceFor(db: Tx, input: { iso: string; currency: string; mnc?: string }): Promise<PartPrice> {
  const rows = await db.price.findMany({
    where: { service: "Sms", iso: input.iso, currency: input.currency, mnc: { in: input.mnc ? [input.mnc, ""] : [""] } },
    orderBy: { mcc: "asc" },
  });
  const row = rows.find((r) => r.mnc === input.mnc) ?? rows.find((r) => r.mnc === "");
  if (!row) unsupported(input);
  return { priceMicros: row.priceMicros, mcc: row.mcc, mnc: row.mnc, network: row.network };
}

/**
 * The country-wide price (the network is not known before sending) as one raw SQL statement: the
 * row sendSms's statement reads (lib/core/sms/send-sms.ts, CTE `priced`): keep the two in step.
 */
export const countryPriceSql = `SELECT price_micros, mcc, mnc, network FROM prices
   WHERE service = 'Sms' AND iso = $1 AND currency = $2 AND mnc = '' ORDER BY mcc LIMIT 1`;

export async function countryPrice(ctx: Ctx, input: { iso: string; currency: string }): Promise<PartPrice> {
  const { rows } = await ctx.sql.query<{ price_micros: string | bigint; mcc: string; mnc: string; network: string }>(countryPriceSql, [input.iso, input.currency]);
  const row = rows[0];
  if (!row) unsupported(input);
  return { priceMicros: BigInt(row.price_micros), mcc: row.mcc, mnc: row.mnc, network: row.network };
}
