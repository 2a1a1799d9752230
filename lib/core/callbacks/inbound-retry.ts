// Routee's published retry schedule for inbound-message callbacks: after a failed attempt the
// next one waits 30 s, 1 min, 2, 5, 10, 15, 30 min, 1 h, 2, 4, 8 and 24 h — twelve retries,
// thirteen attempts in all. A receiver has 2 s to answer.
export const INBOUND_RETRY_DELAYS_S = [30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14400, 28800, 86400] as const;
export const INBOUND_TIMEOUT_MS = 2000;

/** Seconds to wait after failed attempt `attempt` (1-based); null when it was the last. */
export function inboundRetryDelay(attempt: number): number | null {
  return attempt >= 1 && attempt <= INBOUND_RETRY_DELAYS_S.length ? INBOUND_RETRY_DELAYS_S[attempt - 1]! : null;
}

/** The callback kinds that follow this schedule instead of the delivery-report one. */
export const inboundCallbackKinds = new Set(["sms.inbound", "pool.inbound"]);
