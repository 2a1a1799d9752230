// The carrier the core submits to when connectors are configured: for each part, the first
// routing rule that matches picks the connectors (else the one named default), and they are
// tried in the rule's order. A connector with no bound bind, an open circuit breaker or a
// temporary refusal (its temporary_errors, throttling, no answer before the part went out) is a
// hop to the next (the route's last one, while its breaker's probe is out, is waited for rather
// than refused); a permanent refusal fails the part as before; a part that may have reached an
// SMSC (its submit_sm went out, no answer came) goes nowhere else now, so it is never on two
// SMSCs at once: its caller flags it possible_duplicate and retries it later. The result names
// the connector that carried it, what that costs, and the hops before it.
import type { Carrier, DeliveryReceipt, InboundMessage, RouteHop, RoutedResult, SubmitOptions, SubmitPart, SubmitResult } from "../ports/carrier.ts";
import { CircuitBreaker, type BreakerOptions, type BreakerState } from "./circuit-breaker.ts";
import { connectorOrder, findRule, type RouteQuery } from "./route-rules.ts";
import { costOn, type RouteSnapshot, type RouteTable } from "./route-table.ts";

/** The connections this process holds, by connector id (lib/server/connectors.ts keeps them). */
export interface LiveConnectors {
  get(connectorId: string): Carrier | undefined;
  all(): Iterable<Carrier>;
}

/** No SMSC answered: the value SubmitResult carries then (as lib/carrier's NO_SMSC_STATUS). */
const NO_ANSWER = -1;

export interface RouteChoice {
  /** The rule that decided, or null: none matched and the part goes to the default connector. */
  rule: { id: string; name: string; position: number; strategy: string } | null;
  /** Connector ids in the order they would be tried. */
  order: string[];
}

/** Which rule routes this part and in which order its connectors are tried (the route tester asks it too). */
export function chooseRoute(snapshot: RouteSnapshot, q: RouteQuery, random: () => number = Math.random): RouteChoice {
  const rule = findRule(snapshot.rules, q);
  if (!rule) {
    const fallback = snapshot.byName.get("default");
    return { rule: null, order: fallback ? [fallback.id] : [] };
  }
  const r = rule.row;
  return { rule: { id: r.id, name: r.name, position: r.position, strategy: r.strategy }, order: connectorOrder(r, (id) => costOn(snapshot, id, q.country, q.network), random) };
}

export class Router implements Carrier {
  private readonly breakers = new Map<string, CircuitBreaker>();

  constructor(
    private readonly table: RouteTable,
    private readonly live: LiveConnectors,
    private readonly breakerOptions: BreakerOptions = {},
  ) {}

  breaker(connectorId: string): CircuitBreaker {
    let b = this.breakers.get(connectorId);
    if (!b) this.breakers.set(connectorId, (b = new CircuitBreaker(this.breakerOptions)));
    return b;
  }

  breakerState(connectorId: string): BreakerState {
    return this.breakers.get(connectorId)?.state ?? "closed";
  }

  async submit(part: SubmitPart, options: SubmitOptions = {}): Promise<SubmitResult & RoutedResult> {
    const snapshot = await this.table.get();
    const key = options.route ?? { accountId: "", kind: "single" as const, country: "" };
    const q: RouteQuery = { ...key, to: part.to, from: part.from };
    const { order } = chooseRoute(snapshot, q);
    const hops: RouteHop[] = [];
    let last: (SubmitResult & RoutedResult) | null = null;
    for (const [i, id] of order.entries()) {
      const info = snapshot.connectors.get(id);
      const name = info?.name ?? id;
      const carrier = this.live.get(id);
      if (!info?.enabled || !carrier) {
        hops.push({ connector: name, description: info?.enabled === false ? "stopped" : "not connected in this worker" });
        continue;
      }
      if (carrier.stats().connected === 0) {
        hops.push({ connector: name, description: "no bound bind" });
        continue;
      }
      const breaker = this.breaker(id);
      let admitted = breaker.tryAcquire();
      // The route's last connector is being probed: the probe's answer decides, not a refusal now
      // (a part with nowhere else to go would wait out its job's backoff though the probe succeeded).
      while (!admitted && i === order.length - 1 && breaker.state === "half-open") {
        await breaker.probed();
        admitted = breaker.tryAcquire();
      }
      if (!admitted) {
        hops.push({ connector: name, description: "taken out after repeated failures (cooling down)" });
        continue;
      }
      const result = await carrier.submit(part, options);
      const routed = { connectorId: id, connector: name, costMicros: costOn(snapshot, id, key.country, key.network) ?? 0n, hops };
      if (result.ok) {
        breaker.success();
        return { ...result, ...routed };
      }
      const temporary = result.retryable || info.temporaryErrors.has(result.commandStatus);
      if (!temporary) {
        // A permanent refusal says nothing against the connector.
        breaker.release();
        return { ...result, ...routed };
      }
      if (options.cancelled?.()) {
        // Its job no longer holds the part (the carrier dropped it unsent, or its answer came too
        // late): nothing against this connector, and no other one may send it now.
        breaker.release();
        return { ...result, retryable: true, ...routed };
      }
      breaker.failure();
      // It may be at this SMSC: not offered to another one now (the caller retries it, flagged).
      if (result.maybeAccepted) return { ...result, retryable: true, ...routed };
      hops.push({ connector: name, description: result.description });
      last = { ...result, retryable: true, ...routed };
    }
    if (last) return { ...last, hops, description: describeHops(hops) };
    return {
      ok: false,
      commandStatus: NO_ANSWER,
      retryable: true,
      description: order.length ? `no connector of the route could take it: ${describeHops(hops)}` : "no routing rule matched and there is no connector named default",
      hops,
    };
  }

  onReceipt(_handler: (r: DeliveryReceipt) => Promise<void>): void {
    // Each connection's receipts are wired where it is connected (lib/server/connectors.ts), with its connector id.
  }

  onInbound(_handler: (m: InboundMessage) => Promise<void>): void {}

  /** The sum of the live connections: campaigns size their hand-over and pace by it. */
  stats() {
    let binds = 0;
    let connected = 0;
    let inFlight = 0;
    let slots = 0;
    let perSecond = 0;
    for (const c of this.live.all()) {
      const s = c.stats();
      binds += s.binds;
      connected += s.connected;
      inFlight += s.inFlight;
      slots += s.binds * (s.window ?? 10);
      perSecond += s.binds * (s.submitsPerSecond ?? Infinity);
    }
    return { binds, connected, inFlight, window: binds ? Math.ceil(slots / binds) : 10, submitsPerSecond: binds ? perSecond / binds : Infinity };
  }

  async close(): Promise<void> {}
}

function describeHops(hops: RouteHop[]): string {
  return hops.map((h) => `${h.connector}: ${h.description}`).join(" → ");
}
