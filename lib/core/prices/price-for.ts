// The price of one SMS part to a destination: the network's own price where the network is
// known, else the country-wide one, in the account's currency. An account's own price list
// (account_prices, set by the platform operator) comes first: its network price, then its
// country price, then the system's (prices).
import type { Ctx, Tx } from "../context.ts";
import { fail } from "../errors.ts";

export type PartPrice = { priceMicros: bigint; mcc: string; mnc: string; network: string };

export interface PriceQuery {
  iso: string;
  /** The account's currency: its own prices are in it. */
  currency: string;
  mnc?: string;
  /** Whose own price list overrides the system's (none: the system's alone). */
  accountId?: string;
}

function unsupported(input: { iso: string; currency: string }): never {
  fail("destinationUnsupported", { message: `There is no ${input.currency} price for ${input.iso}, so it cannot be sent to.`, property: "to" });
}

export async function priceFor(db: Tx, input: PriceQuery): Promise<PartPrice> {
  const rows = await db.price.findMany({
    where: { service: "Sms", iso: input.iso, currency: input.currency, mnc: { in: input.mnc ? [input.mnc, ""] : [""] } },
    orderBy: { mcc: "asc" },
  });
  const row = rows.find((r) => r.mnc === input.mnc) ?? rows.find((r) => r.mnc === "");
  if (!row) unsupported(input);
  const own = input.accountId ? await ownPrice(db, input.accountId, input.iso, input.mnc ? `${row.mcc}${input.mnc}` : "") : null;
  return { priceMicros: own ?? row.priceMicros, mcc: row.mcc, mnc: row.mnc, network: row.network };
}

/** The account's own price for the network (MCC-MNC), else for the country; null without one. */
async function ownPrice(db: Tx, accountId: string, iso: string, network: string): Promise<bigint | null> {
  const rows = await db.accountPrice.findMany({ where: { accountId, iso, network: { in: network ? [network, ""] : [""] } }, select: { network: true, priceMicros: true } });
  return (rows.find((r) => r.network === network) ?? rows.find((r) => r.network === ""))?.priceMicros ?? null;
}

/**
 * The country-wide price (the network is not known before sending) as one raw SQL statement,
 * the account's own country price first ($3, null for none): the row sendSms's statement reads
 * (lib/core/sms/send-sms.ts, CTE `priced`): keep the two in step.
 */
export const countryPriceSql = `SELECT coalesce((SELECT a.price_micros FROM account_prices a WHERE a.account_id = $3::uuid AND a.iso = $1 AND a.network = ''), p.price_micros) AS price_micros,
          p.mcc, p.mnc, p.network
     FROM prices p
    WHERE p.service = 'Sms' AND p.iso = $1 AND p.currency = $2 AND p.mnc = '' ORDER BY p.mcc LIMIT 1`;

export async function countryPrice(ctx: Ctx, input: Omit<PriceQuery, "mnc">): Promise<PartPrice> {
  const { rows } = await ctx.sql.query<{ price_micros: string | bigint; mcc: string; mnc: string; network: string }>(countryPriceSql, [input.iso, input.currency, input.accountId ?? null]);
  const row = rows[0];
  if (!row) unsupported(input);
  return { priceMicros: BigInt(row.price_micros), mcc: row.mcc, mnc: row.mnc, network: row.network };
}
