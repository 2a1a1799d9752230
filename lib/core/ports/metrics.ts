// What the domain counts for the operator's Prometheus (lib/server/metrics implements it): the
// hot paths add whole batches at once (one call per statement or batch, not one per part; the
// one-by-one paths, one per part), and every label is bounded: outcomes, connector ids (named at
// scrape time), countries and kinds.
export type PartOutcome = "submitted" | "delivered" | "undelivered" | "failed" | "expired";
export type CallbackOutcome = "delivered" | "failed" | "abandoned";

export interface Metrics {
  /** n parts reached the outcome, carried by the connector (its id; null: none known) to the country (ISO code). */
  parts(outcome: PartOutcome, connectorId: string | null, country: string, n: number): void;
  /** n delivery receipts stored (each acknowledged to the SMSC afterwards). */
  receiptsApplied(n: number): void;
  /** n callback attempts of the kind ended so: delivered, failed (to be retried) or abandoned (no retry left, or refused). */
  callbacks(kind: string, outcome: CallbackOutcome, n: number): void;
  /** n parts of campaigns accepted by the SMSC. */
  campaignParts(n: number): void;
}
