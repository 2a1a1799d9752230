// The price list a new installation starts with: EUR per SMS part, per destination network
// (default-prices.json: plausible wholesale-plus-margin figures, kept as data so that it reads and
// diffs as a table). Operators edit the prices from the command line.
import table from "./default-prices.json";

export interface DefaultCountryPrices {
  iso: string;
  mcc: string;
  country: string;
  networks: Array<{ mnc: string; network: string; price: number }>;
}

export const defaultSmsPrices: readonly DefaultCountryPrices[] = table;

/** Conversion used only to seed the list in other currencies; prices are edited per currency. */
export const seedRates: Record<string, number> = { EUR: 1, USD: 1.08, GBP: 0.85, CHF: 0.95, SEK: 11.4, PLN: 4.3 };
