// The dashboard's display formats, in one place so that a count, a price, a country or a date
// reads the same on every page. Dates render in the browser's time zone, so call these from
// client components (or pass already formatted text) to avoid hydration mismatches.
import { formatMoney, toMicros } from "@/lib/money";

// ---- Counts and words

export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

/** "1 contact", "2,500 contacts": plural() with thousands separators, for imports and groups. */
export function countOf(n: number, word: string, many = `${word}s`): string {
  return `${formatCount(n)} ${n === 1 ? word : many}`;
}

export function formatCount(n: number): string {
  return n.toLocaleString("en");
}

/** 0.0312 → "3.1%"; whole 0 and 100 without decimals; null → "—". */
export function formatPercent(rate: number | null, digits = 1): string {
  if (rate === null) return "—";
  const p = rate * 100;
  return `${p === 100 || p === 0 ? p.toFixed(0) : p.toFixed(digits)}%`;
}

export function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export const roleLabel = capitalize;

/** A contact's name, or its mobile when it has none. */
export function nameOf(c: { firstName: string; lastName: string; mobile: string }): string {
  return `${c.firstName} ${c.lastName}`.trim() || c.mobile;
}

/** A blacklist service as people write it. */
export function serviceLabel(service: string): string {
  return service === "Sms" ? "SMS" : service === "TwoStep" ? "Two-step" : service;
}

export function encodingLabel(encoding: string): string {
  return encoding === "ucs2" ? "Unicode (UCS-2)" : encoding === "gsm7" ? "GSM-7" : encoding;
}

let regions: Intl.DisplayNames | null | undefined;
/** "Greece" for GR; the code itself when the browser does not know it; "" for "". */
export function countryName(iso: string): string {
  if (!iso) return "";
  regions ??= typeof Intl.DisplayNames === "function" ? new Intl.DisplayNames(["en"], { type: "region" }) : null;
  try {
    return regions?.of(iso.toUpperCase()) ?? iso;
  } catch {
    return iso;
  }
}

// ---- Money

/** A price as the API gives it (up to six decimals), shown with up to four. */
export function formatPrice(amount: number, currency: string): string {
  return formatMoney(toMicros(amount), currency);
}

/** Amount × count without floating-point drift (0.0365 × 3). */
export function multiplyPrice(amount: number, count: number): number {
  return Number(toMicros(amount) * BigInt(count)) / 1e6;
}

/** An amount as people read a total: cents, or up to four decimals below one unit (€0.0365). */
export function formatAmount(amount: number, currency: string): string {
  const small = amount !== 0 && Math.abs(amount) < 1;
  return new Intl.NumberFormat("en", { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: small ? 4 : 2 }).format(amount);
}

/** A number's cost (activation, monthly): always cents, up to four decimals; "—" when unknown. */
export function formatCost(c: { price: number; currency: string } | undefined): string {
  if (!c) return "—";
  return new Intl.NumberFormat("en", { style: "currency", currency: c.currency, minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(c.price);
}

// ---- Durations

const lifetimes: Record<number, string> = { 3600: "1 hour", 86400: "1 day", 631139040: "20 years" };

export function tokenLifetimeLabel(seconds: number): string {
  return lifetimes[seconds] ?? `${seconds} s`;
}

/** 4320 → "3 days", 90 → "1 h 30 min", 45 → "45 min". */
export function ttlLabel(minutes: number): string {
  if (minutes % 1440 === 0) return plural(minutes / 1440, "day");
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${m} min` : plural(h, "hour");
}

/** 850 → "850 ms", 1520 → "1.52 s", 12000 → "12.0 s"; null → "—". */
export function formatMs(ms: number | null): string {
  if (ms === null) return "—";
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

/** A latency bucket in words: 46 is "over 45 s". */
export function latencyBucket(s: number | null): string {
  if (s === null) return "—";
  return s > 45 ? "> 45 s" : `≤ ${s} s`;
}

/** "+1.52 s" from `from` to `to`. */
export function offsetLabel(from: string, to: string): string {
  const ms = new Date(to).getTime() - new Date(from).getTime();
  if (!Number.isFinite(ms)) return "";
  return ms < 1000 ? `+${Math.max(0, ms)} ms` : `+${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

// ---- Dates and times

export function formatDateTime(iso: string): string {
  if (!iso) return "";
  return new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

export function formatDate(iso: string): string {
  if (!iso) return "";
  return new Intl.DateTimeFormat("en", { dateStyle: "medium" }).format(new Date(iso));
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

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** "3 minutes ago", "yesterday"; "just now" under a minute. */
export function formatRelative(iso: string, now: number = Date.now()): string {
  if (!iso) return "";
  const seconds = (new Date(iso).getTime() - now) / 1000;
  const rtf = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
  for (const [unit, size] of units) if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
  return "just now";
}
