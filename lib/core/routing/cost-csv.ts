// A connector's costs as CSV, the file an operator keeps per carrier contract: columns country,
// network, cost (and optionally currency), one row per country or country + network (MCC-MNC).
// Pure: reading checks every row and names the first bad line; writing gives the same columns.
import { countries } from "countries-list";
import { invalid } from "./checked.ts";
import { fromMicros, supportedCurrencies, toMicros } from "../../money.ts";

export interface CostRow {
  iso: string;
  /** '' for the whole country, else MCC-MNC digits (20201). */
  network: string;
  currency: string;
  costMicros: bigint;
}

const COLUMNS = ["country", "network", "cost", "currency"] as const;
type Column = (typeof COLUMNS)[number];
const MAX_ROWS = 20_000;

const cells = (line: string) =>
  line.split(",").map((c) =>
    c
      .trim()
      .replace(/^"(.*)"$/, "$1")
      .trim(),
  );

export function readCostCsv(text: string): CostRow[] {
  const bad = (line: number, message: string): never => invalid("csv", `Line ${line}: ${message}`, `CSV line ${line}: ${message}`);
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  let order: Column[] = ["country", "network", "cost", "currency"];
  let start = 0;
  const first = cells(lines[0] ?? "").map((c) => c.toLowerCase());
  if (first.includes("country")) {
    for (const c of first) if (!(COLUMNS as readonly string[]).includes(c)) bad(1, `unknown column "${c}"; the columns are country, network, cost and optionally currency.`);
    if (!first.includes("cost")) bad(1, "the header has no cost column.");
    order = first as Column[];
    start = 1;
  }
  const rows: CostRow[] = [];
  const seen = new Set<string>();
  for (let i = start; i < lines.length; i++) {
    const line = i + 1;
    if (lines[i]!.trim() === "") continue;
    if (rows.length >= MAX_ROWS) bad(line, `at most ${MAX_ROWS} rows.`);
    const values = cells(lines[i]!);
    const row: Record<Column, string> = { country: "", network: "", cost: "", currency: "" };
    for (const [j, col] of order.entries()) row[col] = values[j] ?? "";
    const iso = row.country.toUpperCase();
    if (!Object.hasOwn(countries, iso)) bad(line, `"${row.country}" is not an ISO 3166-1 alpha-2 country code such as GR.`);
    const network = row.network.replace(/[\s-]/g, "");
    if (network && !/^\d{5,6}$/.test(network)) bad(line, `network "${row.network}" is not an MCC-MNC such as 20201.`);
    let costMicros: bigint;
    try {
      costMicros = toMicros(row.cost);
    } catch {
      return bad(line, `cost "${row.cost}" is not an amount such as 0.0123.`);
    }
    if (costMicros < 0n) bad(line, "cost must not be negative.");
    const currency = (row.currency || "EUR").toUpperCase();
    if (!supportedCurrencies.includes(currency)) bad(line, `currency must be one of ${supportedCurrencies.join(", ")}.`);
    const key = `${iso} ${network}`;
    if (seen.has(key)) bad(line, `${iso}${network ? ` ${network}` : ""} appears twice.`);
    seen.add(key);
    rows.push({ iso, network, currency, costMicros });
  }
  return rows;
}

export function writeCostCsv(rows: readonly CostRow[]): string {
  return ["country,network,cost,currency", ...rows.map((r) => `${r.iso},${r.network},${fromMicros(r.costMicros)},${r.currency}`)].map((line) => `${line}\r\n`).join("");
}
