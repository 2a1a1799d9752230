// The tracking explorer's CSV: one line per part, RFC 4180 quoting, and cells neutralised
// against spreadsheet formula injection. Pure: no context.
import { fromMicros } from "../../money.ts";
import type { ExploreRow } from "./explore-tracking.ts";

/** A plain number, optionally signed: "+306912345678", "-0.0365". Spreadsheets read it as a number, not a formula. */
const plainNumber = /^[+-]\d+(\.\d+)?$/;

/**
 * A cell a spreadsheet would run as a formula gets a leading single quote: one that begins
 * with =, @, a tab or a carriage return, or with + or - not followed by a plain number. So
 * "=HYPERLINK(…)" and "+1+cmd|…" are neutralised while "+306912345678" stays a readable number.
 */
export function neutraliseCell(value: string): string {
  if (value === "") return value;
  const first = value[0];
  if (first === "=" || first === "@" || first === "\t" || first === "\r") return `'${value}`;
  if ((first === "+" || first === "-") && !plainNumber.test(value)) return `'${value}`;
  return value;
}

/** A neutralised cell, quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: string | number): string {
  const text = neutraliseCell(String(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

type Column = { header: string; value: (r: ExploreRow) => string | number };
type PlainField = { [K in keyof ExploreRow]: ExploreRow[K] extends string | number ? K : never }[keyof ExploreRow];

/** Columns that are the row's fields as they stand, under their own names. */
const fields = (...names: PlainField[]): Column[] => names.map((name) => ({ header: name, value: (r) => r[name] }));

export const csvColumns: Column[] = [
  { header: "createdAt", value: (r) => r.createdAt.toISOString() },
  ...fields("trackingId", "smsId", "part", "parts", "direction", "from", "to", "status", "detailedStatus"),
  { header: "statusAt", value: (r) => r.statusAt.toISOString() },
  ...fields("country", "operator", "mcc", "mnc"),
  { header: "price", value: (r) => fromMicros(r.priceMicros) },
  ...fields("currency", "connector", "label", "campaignId", "campaignName", "body"),
];

export const csvHeader = `${csvColumns.map((c) => c.header).join(",")}\r\n`;

export function csvLine(row: ExploreRow): string {
  return `${csvColumns.map((c) => csvCell(c.value(row))).join(",")}\r\n`;
}
