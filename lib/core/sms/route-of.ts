// What routing needs to know of a message (its route key) and what a part records of the route
// it took (its connector, cost and hops), for single messages, pool and OTP sends alike.
import type { MessageKind, RouteKey, RoutedResult } from "../ports/carrier.ts";

const OTP_LABEL = "otp:"; // lib/core/otp/flow-view.ts: an OTP step's SMS carries it

export function routeKeyOf(m: { accountId: string; country: string; mcc: string; mnc: string; label: string; poolId: string | null }): RouteKey {
  const kind: MessageKind = m.poolId ? "pool" : m.label.startsWith(OTP_LABEL) ? "otp" : "single";
  return { accountId: m.accountId, kind, country: m.country, ...(m.mnc ? { network: `${m.mcc}${m.mnc}` } : {}) };
}

/** The part's columns for the route it took; nothing when no routing carrier submitted it. */
export function routeOf(r: RoutedResult): { connectorId?: string; costMicros?: bigint; routeHops?: RoutedResult["hops"] } {
  return {
    ...(r.connectorId ? { connectorId: r.connectorId, costMicros: r.costMicros ?? 0n } : {}),
    ...(r.hops?.length ? { routeHops: r.hops } : {}),
  };
}
