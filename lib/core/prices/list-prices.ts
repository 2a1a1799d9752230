// The price list in Routee's /system/prices shape, filtered by mcc, mnc, service and currency;
// with an account, as that account pays: its own prices (account_prices) over the system's.
import type { Ctx } from "../context.ts";
import { currencyInfo, fromMicros } from "../../money.ts";

export interface ListPricesInput {
  currency: string;
  mcc?: string;
  mnc?: string;
  service?: string;
  /** The account whose own prices replace the system's; they are in its currency, so give it only when `currency` is that. */
  accountId?: string;
}

export async function listPrices(ctx: Ctx, input: ListPricesInput) {
  const wantSms = !input.service || input.service === "Sms";
  const rows = wantSms
    ? await ctx.db.price.findMany({
        where: { service: "Sms", currency: input.currency, mcc: input.mcc, ...(input.mnc ? { mnc: input.mnc } : {}) },
        orderBy: [{ country: "asc" }, { mnc: "asc" }],
      })
    : [];
  const own = new Map<string, bigint>();
  if (input.accountId && rows.length)
    for (const p of await ctx.db.accountPrice.findMany({ where: { accountId: input.accountId }, select: { iso: true, network: true, priceMicros: true } }))
      own.set(`${p.iso}/${p.network}`, p.priceMicros);
  const priceOf = (r: (typeof rows)[number]) => (r.mnc ? own.get(`${r.iso}/${r.mcc}${r.mnc}`) : undefined) ?? own.get(`${r.iso}/`) ?? r.priceMicros;
  const byMcc = new Map<string, { mcc: string; country: string; iso: string; networks: { network: string; mnc: string; price: number }[] }>();
  for (const r of rows) {
    const entry = byMcc.get(r.mcc) ?? { mcc: r.mcc, country: r.country, iso: r.iso, networks: [] };
    byMcc.set(r.mcc, entry);
    entry.networks.push({ network: r.network || "Other networks", mnc: r.mnc, price: fromMicros(priceOf(r)) });
  }
  return {
    sms: [...byMcc.values()],
    lookup: { PerRequest: 0.004 },
    twoStep: { SmsVerification: 0.05, VoiceVerification: 0.08 },
    currency: currencyInfo(input.currency),
  };
}
