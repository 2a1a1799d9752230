// Money is integer micro-units (1e-6 of the currency) everywhere below the API; answers show
// plain numbers. Conversions round half away from zero at the sixth decimal.

export const MICROS = 1_000_000n;

export function toMicros(amount: number | string): bigint {
  const text = typeof amount === "number" ? amount.toFixed(6) : amount.trim();
  const m = /^(-)?(\d+)(?:\.(\d{1,6})\d*)?$/.exec(text);
  if (!m) throw new RangeError(`not an amount: ${amount}`);
  const micros = BigInt(m[2]) * MICROS + BigInt((m[3] ?? "").padEnd(6, "0"));
  return m[1] ? -micros : micros;
}

export function fromMicros(micros: bigint): number {
  return Number(micros) / 1e6;
}

const currencies: Record<string, { name: string; sign: string }> = {
  EUR: { name: "Euro", sign: "€" },
  USD: { name: "US Dollar", sign: "$" },
  GBP: { name: "British Pound", sign: "£" },
  CHF: { name: "Swiss Franc", sign: "CHF" },
  SEK: { name: "Swedish Krona", sign: "kr" },
  PLN: { name: "Polish Zloty", sign: "zł" },
};

export const supportedCurrencies = Object.keys(currencies);

export function currencyInfo(code: string): { code: string; name: string; sign: string } {
  return { code, ...(currencies[code] ?? { name: code, sign: code }) };
}

export function formatMoney(micros: bigint, currency: string): string {
  return new Intl.NumberFormat("en", { style: "currency", currency, maximumFractionDigits: 4 }).format(fromMicros(micros));
}
