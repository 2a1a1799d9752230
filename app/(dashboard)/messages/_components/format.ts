// Display formats for messages, shared by Compose and the message page. Client-side only (dates
// in the browser's time zone).
import { formatMoney, toMicros } from "@/lib/money";

export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

let regions: Intl.DisplayNames | null | undefined;
/** "Greece" for GR; the code itself when the browser does not know it. */
export function countryName(iso: string): string {
  if (!iso) return "";
  regions ??= typeof Intl.DisplayNames === "function" ? new Intl.DisplayNames(["en"], { type: "region" }) : null;
  try {
    return regions?.of(iso.toUpperCase()) ?? iso;
  } catch {
    return iso;
  }
}

export function formatPrice(amount: number, currency: string): string {
  return formatMoney(toMicros(amount), currency);
}

/** Amount × count without floating-point drift (0.0365 × 3). */
export function multiplyPrice(amount: number, count: number): number {
  return Number(toMicros(amount) * BigInt(count)) / 1e6;
}

export function encodingLabel(encoding: string): string {
  return encoding === "ucs2" ? "Unicode (UCS-2)" : encoding === "gsm7" ? "GSM-7" : encoding;
}

/** 4320 → "3 days", 90 → "1 h 30 min", 45 → "45 min". */
export function ttlLabel(minutes: number): string {
  if (minutes % 1440 === 0) return plural(minutes / 1440, "day");
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${m} min` : plural(h, "hour");
}

const timeFormat = new Intl.DateTimeFormat("en", { hour: "2-digit", minute: "2-digit", second: "2-digit", fractionalSecondDigits: 3, hour12: false });
const dateTimeFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "medium" });

/** 14:03:27.512 — for timelines where a second matters. */
export function formatTime(iso: string): string {
  return iso ? timeFormat.format(new Date(iso)) : "";
}

export function formatDateTimeSeconds(iso: string): string {
  return iso ? dateTimeFormat.format(new Date(iso)) : "";
}

/** "+1.52 s" from `from` to `to`. */
export function offsetLabel(from: string, to: string): string {
  const ms = new Date(to).getTime() - new Date(from).getTime();
  if (!Number.isFinite(ms)) return "";
  return ms < 1000 ? `+${Math.max(0, ms)} ms` : `+${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

export function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
