// Display formats shared by dashboard pages. Dates render in the browser's time zone, so call
// these from client components (or pass already formatted text) to avoid hydration mismatches.

const lifetimes: Record<number, string> = { 3600: "1 hour", 86400: "1 day", 631139040: "20 years" };

export function tokenLifetimeLabel(seconds: number): string {
  return lifetimes[seconds] ?? `${seconds} s`;
}

export function formatDateTime(iso: string): string {
  if (!iso) return "";
  return new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

export function formatDate(iso: string): string {
  if (!iso) return "";
  return new Intl.DateTimeFormat("en", { dateStyle: "medium" }).format(new Date(iso));
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

export function roleLabel(role: string): string {
  return role.charAt(0).toUpperCase() + role.slice(1);
}
