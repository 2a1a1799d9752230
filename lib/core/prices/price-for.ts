// The price of one SMS part to a destination: the network's own price where the network is
// known, else the country-wide one, in the account's currency.
import type { Tx } from "../context.ts";
import { fail } from "../errors.ts";

export async function priceFor(db: Tx, input: { iso: string; currency: string; mnc?: string }) {
  const rows = await db.price.findMany({
    where: { service: "Sms", iso: input.iso, currency: input.currency, mnc: { in: input.mnc ? [input.mnc, ""] : [""] } },
  });
  const row = rows.find((r) => r.mnc === input.mnc) ?? rows.find((r) => r.mnc === "");
  if (!row) fail("destinationUnsupported", { message: `There is no ${input.currency} price for ${input.iso}, so it cannot be sent to.`, property: "to" });
  return { priceMicros: row.priceMicros, mcc: row.mcc, mnc: row.mnc, network: row.network };
}
