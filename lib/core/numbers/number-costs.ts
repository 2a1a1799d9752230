// The catalogue is priced in EUR; an account in another currency sees and pays the same prices
// converted at fixed reference rates (rounded to the cent), so a quote and its charge agree.
import { fromMicros } from "../../money.ts";

/** Units of the currency per euro. */
const perEuro: Record<string, number> = { EUR: 1, USD: 1.08, GBP: 0.85, CHF: 0.95, SEK: 11.5, PLN: 4.3 };

export function convertMicros(eurMicros: bigint, currency: string): bigint {
  const rate = perEuro[currency] ?? 1;
  if (rate === 1) return eurMicros;
  const cents = Math.round((Number(eurMicros) / 1e6) * rate * 100);
  return BigInt(cents) * 10_000n;
}

export type Cost = { price: number; currency: string };

export const cost = (micros: bigint, currency: string): Cost => ({ price: fromMicros(micros), currency });

/** The monthly, activation and inbound costs of a catalogue row in the account's currency. */
export function numberCosts(row: { monthlyMicros: bigint; activationMicros: bigint; inboundSmsMicros: bigint; inboundVoiceMicros: bigint; services: string[] }, currency: string) {
  const monthly = convertMicros(row.monthlyMicros, currency);
  const activation = convertMicros(row.activationMicros, currency);
  const inboundCosts = row.services.map((service) => ({
    ...cost(convertMicros(service === "Sms" ? row.inboundSmsMicros : row.inboundVoiceMicros, currency), currency),
    service,
  }));
  return { monthlyMicros: monthly, activationMicros: activation, monthlyCosts: cost(monthly, currency), activationCosts: cost(activation, currency), inboundCosts };
}
