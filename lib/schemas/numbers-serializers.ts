// Numbers to the spec's Number resource (lib/schemas/numbers.ts): an available number (catalogue
// row) or a rented one. Rented numbers in update and list answers carry monthlyCosts and
// activationCosts as arrays (the spec says so); the rent answer and the catalogue carry objects.
import { cost, numberCosts } from "../core/numbers/number-costs.ts";

export type CatalogueRow = {
  msisdn: string;
  country: string;
  tollFree: boolean;
  areaCode: string;
  services: string[];
  monthlyMicros: bigint;
  activationMicros: bigint;
  inboundSmsMicros: bigint;
  inboundVoiceMicros: bigint;
  chargeInterval: number;
};

export type RentedRow = {
  id: string;
  msisdn: string;
  inboundSmsCallbackUrl: string;
  dialplanUrl: string;
  inboundVoiceCallbackUrl: string;
  currency: string;
  monthlyMicros: bigint;
  activationMicros: bigint;
  nextRenewal: Date;
  rentedAt: Date;
};

export function availableNumberResource(row: CatalogueRow, currency: string) {
  const c = numberCosts(row, currency);
  return {
    msisdn: row.msisdn,
    country: row.country,
    services: row.services,
    inboundCosts: c.inboundCosts,
    monthlyCosts: c.monthlyCosts,
    activationCosts: c.activationCosts,
    chargeInterval: row.chargeInterval,
    tollFree: row.tollFree,
    type: row.tollFree ? "TOLL_FREE" : "VLN",
    areaCode: row.areaCode,
  };
}

export function rentedNumberResource(rented: RentedRow, row: CatalogueRow, form: "object" | "array" = "array") {
  const c = numberCosts(row, rented.currency);
  const monthly = cost(rented.monthlyMicros, rented.currency);
  const activation = cost(rented.activationMicros, rented.currency);
  return {
    trackingId: rented.id,
    msisdn: rented.msisdn,
    country: row.country,
    services: row.services,
    inboundCosts: c.inboundCosts,
    monthlyCosts: form === "array" ? [monthly] : monthly,
    activationCosts: form === "array" ? [activation] : activation,
    chargeInterval: row.chargeInterval,
    tollFree: row.tollFree,
    inboundSmsCallbackUrl: rented.inboundSmsCallbackUrl,
    voiceInboundStrategy: { dialplanUrl: rented.dialplanUrl },
    inboundVoiceCallbackUrl: rented.inboundVoiceCallbackUrl,
    nextRenewal: rented.nextRenewal.toISOString(),
    rentedAt: rented.rentedAt.toISOString(),
  };
}
