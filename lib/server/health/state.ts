// What this process tells /api/ready about itself: whether it is shutting down, whether its job
// engine runs, whether its carrier must be bound. Kept on globalThis: boot (instrumentation) sets
// it, and the route handlers, a separate module graph, read it.
import { getDatabase } from "../../db/index.ts";
import { readiness, type Readiness, type ReadinessSources } from "./readiness.ts";

const key = Symbol.for("switchboard.health");
type G = typeof globalThis & { [key]?: ReadinessSources };

export function healthState(): ReadinessSources {
  return ((globalThis as G)[key] ??= { database: getDatabase, stopping: false, requestsInFlight: 0 });
}

export function processReadiness(): Promise<Readiness> {
  return readiness(healthState());
}

/**
 * Resolves once no API request has been in flight for `quietMs` (the load balancer saw /api/ready
 * answer 503 and stopped sending), or after `boundMs` whatever is still running.
 */
export async function drainRequests(quietMs = 500, boundMs = 10_000): Promise<void> {
  const state = healthState();
  const end = Date.now() + boundMs;
  let quietSince = Date.now();
  while (Date.now() < end) {
    if (state.requestsInFlight > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The answers of /api/health and /api/ready, the same on web instances and worker processes. */
export function liveness(): { status: number; body: object } {
  return { status: 200, body: { status: "ok" } };
}

export async function readinessAnswer(): Promise<{ status: number; body: object }> {
  const r = await processReadiness();
  return { status: r.ready ? 200 : 503, body: { status: r.ready ? "ready" : "not ready", notReady: r.notReady, checks: r.checks } };
}
