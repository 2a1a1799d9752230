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

export const csvColumns: { header: string; value: (r: ExploreRow) => string | number }[] = [
  { header: "createdAt", value: (r) => r.createdAt.toISOString() },
  { header: "trackingId", value: (r) => r.trackingId },
  { header: "smsId", value: (r) => r.smsId },
  { header: "part", value: (r) => r.part },
  { header: "parts", value: (r) => r.parts },
  { header: "direction", value: (r) => r.direction },
  { header: "from", value: (r) => r.from },
  { header: "to", value: (r) => r.to },
  { header: "status", value: (r) => r.status },
  { header: "detailedStatus", value: (r) => r.detailedStatus },
  { header: "statusAt", value: (r) => r.statusAt.toISOString() },
  { header: "country", value: (r) => r.country },
  { header: "operator", value: (r) => r.operator },
  { header: "mcc", value: (r) => r.mcc },
  { header: "mnc", value: (r) => r.mnc },
  { header: "price", value: (r) => fromMicros(r.priceMicros) },
  { header: "currency", value: (r) => r.currency },
  { header: "connector", value: (r) => r.connector },
  { header: "label", value: (r) => r.label },
  { header: "campaignId", value: (r) => r.campaignId },
  { header: "campaignName", value: (r) => r.campaignName },
  { header: "body", value: (r) => r.body },
];

export const csvHeader = `${csvColumns.map((c) => c.header).join(",")}\r\n`;

export function csvLine(row: ExploreRow): string {
  return `${csvColumns.map((c) => csvCell(c.value(row))).join(",")}\r\n`;
}
