// A small closed-loop HTTP load generator: `connections` keep-alive connections, each sending
// its next request as soon as the previous answer is read, for a fixed time. node:http only.
import http from "node:http";
import { percentile } from "./stats.ts";

export interface LoadOptions {
  url: string;
  method?: string;
  connections: number;
  durationMs: number;
  headers?: Record<string, string>;
  /** Per-request headers added to `headers` (e.g. a token per account). */
  headersFor?: (i: number) => Record<string, string>;
  /** The i-th request's body. */
  body?: (i: number) => string;
  /** The i-th request's path (default: the url's). */
  pathFor?: (i: number) => string;
  /** Which answers count as served (default: 2xx). */
  okStatus?: (status: number) => boolean;
}

export interface LoadResult {
  requests: number;
  /** Answers with an expected status (2xx unless okStatus says otherwise). */
  ok: number;
  errors: number;
  statuses: Record<string, number>;
  /** The first non-2xx answer, for the error message. */
  firstError?: string;
  elapsedMs: number;
  /** Expected answers per second. */
  rps: number;
  p50Ms: number;
  p99Ms: number;
}

export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  const u = new URL(o.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.connections, maxFreeSockets: o.connections });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let firstError: string | undefined;
  const isOk = o.okStatus ?? ((s: number) => s >= 200 && s < 300);
  let next = 0;
  let ok = 0;
  let errors = 0;

  const one = (i: number) =>
    new Promise<number>((resolve, reject) => {
      const body = o.body?.(i);
      const headers: Record<string, string | number> = { ...o.headers, ...o.headersFor?.(i) };
      if (body !== undefined) headers["content-length"] = Buffer.byteLength(body);
      const req = http.request({ agent, host: u.hostname, port: u.port, path: o.pathFor?.(i) ?? u.pathname + u.search, method: o.method ?? "POST", headers }, (res) => {
        const status = res.statusCode ?? 0;
        if (isOk(status) || firstError) {
          res.resume();
          res.once("end", () => resolve(status));
        } else {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.once("end", () => {
            firstError ??= `${status} ${Buffer.concat(chunks).toString("utf8").slice(0, 300)}`;
            resolve(status);
          });
        }
        res.once("error", reject);
      });
      req.once("error", reject);
      req.end(body);
    });

  const started = performance.now();
  const deadline = started + o.durationMs;
  const loop = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        const status = await one(next++);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (isOk(status)) ok++;
        else errors++;
      } catch (err) {
        errors++;
        const key = (err as NodeJS.ErrnoException).code ?? "error";
        statuses[key] = (statuses[key] ?? 0) + 1;
        firstError ??= err instanceof Error ? err.message : String(err);
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: o.connections }, loop));
  const elapsedMs = performance.now() - started;
  agent.destroy();
  return {
    requests: ok + errors,
    ok,
    errors,
    statuses,
    firstError,
    elapsedMs,
    rps: (ok / elapsedMs) * 1000,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
  };
}
