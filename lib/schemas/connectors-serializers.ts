// Connectors to the answers of lib/schemas/connectors.ts: the stored row without its sealed
// password, and the workers' status rows (written by lib/server/connector-status.ts) made into
// one view per connector, with reports that stopped coming marked stale.
import type { Connector, ConnectorStatus } from "../db/generated/client.ts";
import type { z } from "zod";
import type { bindStatus, connectorWorkerStatus } from "./connectors.ts";

export function connectorResource(c: Connector, routes = 0) {
  return {
    id: c.id,
    name: c.name,
    host: c.host,
    port: c.port,
    systemId: c.systemId,
    passwordSet: c.passwordSealed !== "",
    systemType: c.systemType,
    bindMode: c.bindMode,
    binds: c.binds,
    window: c.windowSize,
    tps: c.tps,
    tls: c.tls,
    caFile: c.caFile,
    sourceTon: c.sourceTon,
    sourceNpi: c.sourceNpi,
    destTon: c.destTon,
    destNpi: c.destNpi,
    gsm7DataCoding: c.gsm7DataCoding,
    enquireLinkSeconds: c.enquireLinkSeconds,
    temporaryErrors: c.temporaryErrors,
    enabled: c.enabled,
    routes,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** A worker that has not written its row for this long has likely stopped (it writes every ~2 s). */
export const STALE_AFTER_MS = 10_000;

type Loose = Record<string, unknown>;
const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);
const numOrNull = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const text = (v: unknown): string => (typeof v === "string" ? v : v == null ? "" : String(v));

function bindOf(b: Loose, i: number): z.output<typeof bindStatus> {
  return { index: typeof b.index === "number" ? b.index : i, kind: text(b.kind), state: text(b.state) || "down", lastError: text(b.lastError), since: text(b.since), inFlight: num(b.inFlight) };
}

export function workerStatus(s: ConnectorStatus, now: Date): z.output<typeof connectorWorkerStatus> {
  const counters = (s.counters ?? {}) as Loose;
  const rates = (s.rates ?? {}) as Loose;
  const latency = rates.latencyMs;
  const binds = Array.isArray(s.binds) ? (s.binds as Loose[]).map(bindOf) : [];
  return {
    worker: s.worker,
    state: s.state,
    binds,
    inFlight: num(counters.inFlight),
    window: num(counters.window),
    submitsPerSecond: num(rates.submitsPerSecond),
    receiptsPerSecond: num(rates.receiptsPerSecond),
    throttledPerSecond: num(rates.throttledPerSecond),
    latencyMs: typeof latency === "object" && latency ? numOrNull((latency as Loose).mean) : numOrNull(latency),
    latencyP95Ms: typeof latency === "object" && latency ? numOrNull((latency as Loose).p95) : null,
    breaker: s.breaker,
    updatedAt: s.updatedAt.toISOString(),
    stale: now.getTime() - s.updatedAt.getTime() > STALE_AFTER_MS,
  };
}

/** One word for a connector across its workers: stopped, bound, degraded, connecting, down, or unknown (nobody reports it). */
export function connectorState(enabled: boolean, workers: readonly { state: string; stale: boolean }[]): string {
  if (!enabled) return "stopped";
  const states = workers.filter((w) => !w.stale).map((w) => w.state);
  if (states.length === 0) return "unknown";
  if (states.every((s) => s === "bound")) return "bound";
  if (states.some((s) => s === "bound" || s === "degraded")) return "degraded";
  return states.includes("connecting") ? "connecting" : "down";
}
