// An account's price list as CSV, both ways: the file the operator console exports and imports.
// Columns country (ISO 3166-1 alpha-2), network (MCC-MNC, empty for the whole country) and price
// (per SMS part, in the account's currency), in any order, named in a header line; separators,
// quotes and line endings as spreadsheets write them. Pure: the destinations are checked by
// replaceAccountPrices.
import Papa from "papaparse";
import { fromMicros, toMicros } from "../../money.ts";

export const PRICE_CSV_HEADER = "country,network,price";
export const MAX_PRICE_ROWS = 5000;

export interface PriceCsvRow {
  /** The row's line in the file (the header is line 1). */
  line: number;
  country: string;
  network: string;
  priceMicros: bigint;
}

export interface PriceCsvProblem {
  line: number;
  message: string;
}

const aliases: Record<string, "country" | "network" | "price"> = {
  country: "country",
  iso: "country",
  network: "network",
  mccmnc: "network",
  "mcc-mnc": "network",
  price: "price",
  "price per part": "price",
};

export function parsePriceCsv(text: string): { rows: PriceCsvRow[]; problems: PriceCsvProblem[] } {
  // Blank lines are skipped below, not by the parser, so that line numbers stay the file's.
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: false });
  const [header, ...records] = parsed.data;
  const problems: PriceCsvProblem[] = [];
  const columns = (header ?? []).map((h) => aliases[h.trim().toLowerCase()]);
  const at = (name: "country" | "network" | "price") => columns.indexOf(name);
  if (at("country") < 0 || at("price") < 0) return { rows: [], problems: [{ line: 1, message: `The first line must name the columns: ${PRICE_CSV_HEADER} (network may be left out).` }] };
  if (records.filter((r) => !blank(r)).length > MAX_PRICE_ROWS) return { rows: [], problems: [{ line: MAX_PRICE_ROWS + 2, message: `At most ${MAX_PRICE_ROWS} prices per account.` }] };
  const rows: PriceCsvRow[] = [];
  const seen = new Map<string, number>();
  for (const [i, cells] of records.entries()) {
    const line = i + 2;
    if (blank(cells)) continue;
    const row = readRow((name) => (at(name) < 0 ? "" : (cells[at(name)] ?? "").trim()));
    const earlier = typeof row === "string" ? undefined : seen.get(`${row.country}/${row.network}`);
    if (typeof row === "string") problems.push({ line, message: row });
    else if (earlier) problems.push({ line, message: `${row.country}${row.network ? ` ${row.network}` : ""} is priced on line ${earlier} already.` });
    else {
      seen.set(`${row.country}/${row.network}`, line);
      rows.push({ line, ...row });
    }
  }
  return { rows, problems };
}

const blank = (cells: string[]) => cells.every((c) => c.trim() === "");

/** One row's values, or what is wrong with it. */
function readRow(cell: (name: "country" | "network" | "price") => string): Omit<PriceCsvRow, "line"> | string {
  const country = cell("country").toUpperCase();
  const network = cell("network").replace(/[\s-]/g, "");
  const priceMicros = amount(cell("price").replace(",", "."));
  if (!/^[A-Z]{2}$/.test(country)) return `country "${cell("country")}" is not a two-letter ISO code such as GR.`;
  if (network && !/^\d{5,6}$/.test(network)) return `network "${cell("network")}" is not an MCC-MNC such as 20201.`;
  if (priceMicros === null) return `price "${cell("price")}" is not an amount such as 0.035.`;
  return { country, network, priceMicros };
}

/** A price of zero or more, in micros; null when it is not one. */
function amount(text: string): bigint | null {
  try {
    const micros = toMicros(text);
    return micros >= 0n ? micros : null;
  } catch {
    return null;
  }
}

export function formatPriceCsv(rows: readonly { country: string; network: string; priceMicros: bigint }[]): string {
  return `${PRICE_CSV_HEADER}\n${rows.map((r) => `${r.country},${r.network},${fromMicros(r.priceMicros)}\n`).join("")}`;
}
