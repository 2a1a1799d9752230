// Routee's report time grouping, chosen by the span: up to 24 hours by Hour, up to a month by
// Day, up to a year by Month, up to five years by Year; longer (or reversed) spans are refused.
// Pure: no context.
import { fail } from "../errors.ts";

export type TimeGrouping = "Hour" | "Day" | "Month" | "Year";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export function timeGroupingFor(start: Date, end: Date): TimeGrouping {
  const span = end.getTime() - start.getTime();
  if (span < 0) fail("reportRange", { message: "startDate is after endDate." });
  if (span <= DAY) return "Hour";
  if (span <= 31 * DAY) return "Day";
  if (span <= 366 * DAY) return "Month";
  if (span <= (5 * 365 + 2) * DAY) return "Year";
  fail("reportRange", { message: "The span between startDate and endDate is more than 5 years." });
}

/** "+02:00" → 120; "Z", "" → 0. Anything else is a bad parameter. */
export function offsetMinutes(offset: string | undefined): number {
  if (offset === undefined || offset === "" || offset.toUpperCase() === "Z") return 0;
  // A '+' in a query string may arrive as a space.
  const m = /^([+\- ])(\d{2}):?(\d{2})$/.exec(offset);
  if (!m || Number(m[2]) > 14 || Number(m[3]) > 59) fail("reportParameter", { message: "offset must look like +02:00 or -05:30.", property: "offset" });
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === "-" ? -minutes : minutes;
}

/** "Z" for 0, else "+02:00" / "-05:30": the suffix of bucket starts in that offset. */
export function offsetSuffix(minutes: number): string {
  if (minutes === 0) return "Z";
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? "-" : "+"}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}
