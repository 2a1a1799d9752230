// Editing the price list from the command line: one row per (country, network, currency).
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { fromMicros, supportedCurrencies } from "../../money.ts";

export async function listPriceRows(ctx: Ctx, input: { iso?: string; currency?: string }) {
  const rows = await ctx.db.price.findMany({
    where: { service: "Sms", iso: input.iso, currency: input.currency },
    orderBy: [{ iso: "asc" }, { currency: "asc" }, { mnc: "asc" }],
  });
  return rows.map((r) => ({ country: r.iso, mcc: r.mcc, mnc: r.mnc, network: r.network, currency: r.currency, price: fromMicros(r.priceMicros) }));
}

export async function setPrice(ctx: Ctx, input: { iso: string; mnc: string; network?: string; currency: string; priceMicros: bigint }) {
  if (!supportedCurrencies.includes(input.currency)) fail("validation", { message: `--currency must be one of ${supportedCurrencies.join(", ")}.`, property: "currency" });
  if (input.mnc && !/^\d{2,3}$/.test(input.mnc)) fail("validation", { message: "--mnc is two or three digits.", property: "mnc" });
  const known = await ctx.db.price.findFirst({ where: { iso: input.iso } });
  if (!known) fail("validation", { message: `No prices exist for ${input.iso} yet, so its mcc is unknown; add the country with --mnc "" first via the seed list.`, property: "country" });
  const key = { service: "Sms", mcc: known.mcc, mnc: input.mnc, currency: input.currency };
  const row = await ctx.db.price.upsert({
    where: { service_mcc_mnc_currency: key },
    create: { ...key, iso: input.iso, country: known.country, network: input.network ?? "", priceMicros: input.priceMicros },
    update: { priceMicros: input.priceMicros, ...(input.network !== undefined ? { network: input.network } : {}) },
  });
  return { country: row.iso, mcc: row.mcc, mnc: row.mnc, network: row.network, currency: row.currency, price: fromMicros(row.priceMicros) };
}
