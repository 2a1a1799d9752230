// The process's Prometheus registry (prom-client) and the Metrics the core counts into. Kept on
// globalThis: Next bundles route handlers and instrumentation (where the inline worker runs) as
// separate module graphs, and both must count into, and be scraped from, the same registry.
import client from "prom-client";
import type { CallbackOutcome, Metrics, PartOutcome } from "../../core/ports/metrics.ts";
import { collectLive, refreshConnectorNames, type LiveSources } from "./live-gauges.ts";

export interface ProcessMetrics extends Metrics {
  registry: client.Registry;
  /** One API request answered: its route as its spec names it (bounded), never its URL. */
  request(method: string, route: string, status: number, seconds: number): void;
  /** What the scrape-time gauges read (the database, this worker's connections), and the connectors' names. */
  sources: LiveSources;
  /** What a connector's SMPP carrier tells of each submit_sm answered (its bind, the seconds it took). */
  submitSmObserver(connector: string): (bind: number, seconds: number) => void;
}

/** submit_sm → submit_sm_resp: a local SMSC answers in a millisecond, a distant one in tens, a struggling one in seconds. */
const SUBMIT_SM_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

function create(): ProcessMetrics {
  const sources: LiveSources = { connectorNames: new Map() };
  const connectorNames = sources.connectorNames;
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: "switchboard_" });
  const registers = [registry];

  // Parts are counted into a plain map on the hot paths and handed to the counter when scraped,
  // with the connector's name (its id would be an unbounded, unreadable label).
  const parts = new Map<string, { outcome: PartOutcome; connectorId: string | null; country: string; n: number }>();
  new client.Counter({
    name: "switchboard_sms_parts_total",
    help: "SMS parts by outcome (submitted: accepted by the SMSC; delivered, undelivered, failed, expired), connector and destination country",
    labelNames: ["outcome", "connector", "country"],
    registers,
    collect() {
      this.reset();
      refreshConnectorNames(sources);
      for (const p of parts.values()) this.inc({ outcome: p.outcome, connector: p.connectorId ? (connectorNames.get(p.connectorId) ?? "unknown") : "none", country: p.country || "unknown" }, p.n);
    },
  });
  const receipts = new client.Counter({ name: "switchboard_receipts_applied_total", help: "SMSC delivery receipts stored", registers });
  const callbacks = new client.Counter({
    name: "switchboard_callbacks_total",
    help: "Callback attempts by kind and outcome (delivered; failed: to be retried; abandoned: no retry left or refused)",
    labelNames: ["kind", "outcome"],
    registers,
  });
  const campaignParts = new client.Counter({ name: "switchboard_campaign_parts_submitted_total", help: "Campaign parts accepted by the SMSC", registers });
  const requests = new client.Counter({ name: "switchboard_http_requests_total", help: "API requests by route, method and status", labelNames: ["route", "method", "status"], registers });
  const latency = new client.Histogram({
    name: "switchboard_http_request_duration_seconds",
    help: "API request latency by route and method",
    labelNames: ["route", "method"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const submitSm = new client.Histogram({
    name: "switchboard_submit_sm_duration_seconds",
    help: "submit_sm to its submit_sm_resp, per connector and bind (this worker's connections)",
    labelNames: ["connector", "bind"],
    buckets: SUBMIT_SM_BUCKETS,
    registers,
  });
  collectLive(registry, sources);

  // Children per label set, found by one map lookup instead of prom-client's label hashing.
  const requestChildren = new Map<string, { count: client.Counter.Internal; time: client.Histogram.Internal<string> }>();
  return {
    registry,
    sources,
    parts(outcome, connectorId, country, n) {
      const key = `${outcome}|${connectorId ?? ""}|${country}`;
      const p = parts.get(key);
      if (p) p.n += n;
      else parts.set(key, { outcome, connectorId, country, n });
    },
    submitSmObserver(connector) {
      // One child per bind, found by index: an observation per submit_sm is the hot path.
      const binds: client.Histogram.Internal<string>[] = [];
      return (bind, seconds) => (binds[bind] ??= submitSm.labels({ connector, bind: String(bind) })).observe(seconds);
    },
    receiptsApplied: (n) => receipts.inc(n),
    callbacks: (kind: string, outcome: CallbackOutcome, n: number) => callbacks.inc({ kind, outcome }, n),
    campaignParts: (n) => campaignParts.inc(n),
    request(method, route, status, seconds) {
      const key = `${method} ${route} ${status}`;
      let c = requestChildren.get(key);
      if (!c) {
        c = { count: requests.labels({ route, method, status: String(status) }), time: latency.labels({ route, method }) };
        requestChildren.set(key, c);
      }
      c.count.inc();
      c.time.observe(seconds);
    },
  };
}

const key = Symbol.for("switchboard.metrics");
type G = typeof globalThis & { [key]?: ProcessMetrics };

export function processMetrics(): ProcessMetrics {
  return ((globalThis as G)[key] ??= create());
}
