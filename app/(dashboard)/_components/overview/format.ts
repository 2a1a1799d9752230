// Numbers of the overview as people read them.
const countries = typeof Intl.DisplayNames === "function" ? new Intl.DisplayNames(["en"], { type: "region" }) : null;

export function countryName(iso: string): string {
  if (!iso) return "Unknown country";
  try {
    return countries?.of(iso.toUpperCase()) ?? iso;
  } catch {
    return iso;
  }
}

/** An amount as people read a total: cents, or up to four decimals below one unit (€0.0365). */
export function money(amount: number, currency: string): string {
  const small = amount !== 0 && Math.abs(amount) < 1;
  return new Intl.NumberFormat("en", { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: small ? 4 : 2 }).format(amount);
}

export const count = (n: number) => n.toLocaleString("en");

export function percent(rate: number | null, digits = 1): string {
  if (rate === null) return "—";
  const p = rate * 100;
  return `${p === 100 || p === 0 ? p.toFixed(0) : p.toFixed(digits)}%`;
}

/** A latency bucket in words: 46 is "over 45 s". */
export function seconds(s: number | null): string {
  if (s === null) return "—";
  return s > 45 ? "> 45 s" : `≤ ${s} s`;
}
