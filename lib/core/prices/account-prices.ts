// An account's own price list, kept by the platform operator: a price per SMS part for a country
// (network "") or for one of its networks (MCC-MNC), in the account's currency, that replaces the
// system price wherever the account's parts are priced and charged (price-for.ts, the send
// statement of sms/send-sms.ts). A destination must be on the system list in that currency: that
// is where its MCC and networks come from, and what sending looks a destination up in.
import type { Ctx, Tx } from "../context.ts";
import { errorCatalog, fail, type ErrorItem } from "../errors.ts";
import { fromMicros } from "../../money.ts";
import { MAX_PRICE_ROWS, type PriceCsvRow } from "./price-csv.ts";

export interface AccountPriceView {
  country: string;
  countryName: string;
  /** MCC-MNC, or "" for the whole country. */
  network: string;
  networkName: string;
  priceMicros: bigint;
  price: number;
  /** The system's price for the same destination, to compare. */
  systemPrice: number | null;
  updatedAt: Date;
}

type Destination = { name: string; mccs: Set<string>; networks: Map<string, { name: string; priceMicros: bigint }>; priceMicros: bigint | null };

/** The system list's destinations in a currency: names, MCCs, networks and prices. */
async function destinations(db: Tx, currency: string, isos: string[]): Promise<Map<string, Destination>> {
  const rows = await db.price.findMany({ where: { service: "Sms", currency, iso: { in: [...new Set(isos)] } }, orderBy: [{ iso: "asc" }, { mcc: "asc" }, { mnc: "asc" }] });
  const out = new Map<string, Destination>();
  for (const r of rows) {
    const d = out.get(r.iso) ?? { name: r.country, mccs: new Set<string>(), networks: new Map(), priceMicros: null };
    out.set(r.iso, d);
    d.mccs.add(r.mcc);
    if (r.mnc) d.networks.set(`${r.mcc}${r.mnc}`, { name: r.network, priceMicros: r.priceMicros });
    else d.priceMicros ??= r.priceMicros;
  }
  return out;
}

/** Why a country or network cannot be priced for the account, or null. */
function problemWith(known: Map<string, Destination>, currency: string, country: string, network: string): { property: string; message: string } | null {
  const d = known.get(country);
  if (!d) return { property: "country", message: `${country} is not a destination of the system price list in ${currency}: add it there first (npm run cli -- price set).` };
  if (network && ![...d.mccs].some((mcc) => network.startsWith(mcc) && network.length - mcc.length >= 2))
    return { property: "network", message: `${network} is not a network of ${d.name}: an MCC-MNC of ${country} starts with ${[...d.mccs].join(" or ")}.` };
  return null;
}

async function accountCurrency(db: Tx, accountId: string): Promise<string> {
  const account = await db.account.findUnique({ where: { id: accountId }, select: { currency: true } });
  if (!account) fail("accountNotFound");
  return account.currency;
}

export async function listAccountPrices(ctx: Ctx, accountId: string): Promise<AccountPriceView[]> {
  const currency = await accountCurrency(ctx.db, accountId);
  const rows = await ctx.db.accountPrice.findMany({ where: { accountId }, orderBy: [{ iso: "asc" }, { network: "asc" }] });
  const known = await destinations(
    ctx.db,
    currency,
    rows.map((r) => r.iso),
  );
  return rows.map((r) => {
    const d = known.get(r.iso);
    const network = r.network ? d?.networks.get(r.network) : undefined;
    const system = r.network ? (network?.priceMicros ?? d?.priceMicros) : d?.priceMicros;
    return {
      country: r.iso,
      countryName: d?.name ?? r.iso,
      network: r.network,
      networkName: r.network ? (network?.name ?? "") : "",
      priceMicros: r.priceMicros,
      price: fromMicros(r.priceMicros),
      systemPrice: system === undefined || system === null ? null : fromMicros(system),
      updatedAt: r.updatedAt,
    };
  });
}

export interface SetAccountPriceInput {
  accountId: string;
  country: string;
  network?: string;
  priceMicros: bigint;
}

export async function setAccountPrice(ctx: Ctx, input: SetAccountPriceInput) {
  const country = input.country.trim().toUpperCase();
  const network = (input.network ?? "").trim();
  if (!/^[A-Z]{2}$/.test(country)) fail("validation", { message: "country is a two-letter ISO 3166-1 code such as GR.", property: "country" });
  if (network && !/^\d{5,6}$/.test(network)) fail("validation", { message: "network is an MCC-MNC of five or six digits such as 20201.", property: "network" });
  if (input.priceMicros < 0n) fail("validation", { message: "The price cannot be negative.", property: "price" });
  const currency = await accountCurrency(ctx.db, input.accountId);
  const problem = problemWith(await destinations(ctx.db, currency, [country]), currency, country, network);
  if (problem) fail("validation", problem);
  const key = { accountId: input.accountId, iso: country, network };
  const row = await ctx.db.accountPrice.upsert({
    where: { accountId_iso_network: key },
    create: { ...key, priceMicros: input.priceMicros, updatedAt: ctx.now() },
    update: { priceMicros: input.priceMicros, updatedAt: ctx.now() },
  });
  return { accountId: row.accountId, country: row.iso, ...(row.network ? { network: row.network } : {}), price: fromMicros(row.priceMicros), currency };
}

export async function removeAccountPrice(ctx: Ctx, input: { accountId: string; country: string; network?: string }) {
  const { count } = await ctx.db.accountPrice.deleteMany({ where: { accountId: input.accountId, iso: input.country.toUpperCase(), network: input.network ?? "" } });
  if (count === 0) fail("notFound", { message: "The account has no own price for this destination.", property: input.network ? "network" : "country" });
}

/**
 * Replaces the account's whole price list with the rows of an imported file, in one transaction,
 * or changes nothing and names every bad line (a 400 whose errors carry the line numbers).
 */
export async function replaceAccountPrices(ctx: Ctx, accountId: string, rows: readonly PriceCsvRow[], fileProblems: readonly { line: number; message: string }[] = []) {
  const currency = await accountCurrency(ctx.db, accountId);
  const known = await destinations(
    ctx.db,
    currency,
    rows.map((r) => r.country),
  );
  const problems = [...fileProblems];
  for (const r of rows) {
    const p = problemWith(known, currency, r.country, r.network);
    if (p) problems.push({ line: r.line, message: p.message });
  }
  if (problems.length) {
    problems.sort((a, b) => a.line - b.line);
    const errors: ErrorItem[] = problems.slice(0, 100).map((p) => ({ code: errorCatalog.validation.code, developerMessage: `Line ${p.line}: ${p.message}`, property: `line ${p.line}` }));
    fail("validation", { message: `The file has ${problems.length} bad ${problems.length === 1 ? "line" : "lines"}; nothing was imported. ${errors[0]!.developerMessage}`, property: "csv", errors });
  }
  if (rows.length > MAX_PRICE_ROWS) fail("validation", { message: `At most ${MAX_PRICE_ROWS} prices per account.`, property: "csv" });
  const at = ctx.now();
  await ctx.db.$transaction([
    ctx.db.accountPrice.deleteMany({ where: { accountId } }),
    ctx.db.accountPrice.createMany({ data: rows.map((r) => ({ accountId, iso: r.country, network: r.network, priceMicros: r.priceMicros, updatedAt: at })) }),
  ]);
  return { imported: rows.length };
}
