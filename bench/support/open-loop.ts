// An open-loop HTTP load generator: requests sent at a fixed rate whatever the answers do, so a
// slow server shows as latency rather than as fewer requests (http-load.ts's closed loop would
// send less when answers slow down and hide it). Each latency is measured from the moment the
// request was due, not when it went out: a stall in this process counts against the figure too
// (no coordinated omission). node:http only.
//
// A request that meets a keep-alive socket the server has just closed as idle (ECONNRESET on a
// reused socket, before any answer) is sent again once on a new socket, as Node's documentation
// advises: the server never read it. Those are counted in `resent`, not as errors.
import http from "node:http";
import { percentile, sleep } from "./stats.ts";

export interface OpenLoopOptions {
  url: string;
  ratePerSecond: number;
  durationMs: number;
  headers?: Record<string, string>;
  /** The i-th request's body. */
  body?: (i: number) => string;
  /** Answers still outstanding this long after the last was sent count as errors. */
  graceMs?: number;
}

export interface OpenLoopResult {
  sent: number;
  /** Requests sent again after their reused keep-alive socket was found closed by the server. */
  resent: number;
  ok: number;
  errors: number;
  statuses: Record<string, number>;
  firstError?: string;
  /** Latencies of the 2xx answers, ms from when each request was due. */
  latencies: number[];
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

export async function runOpenLoop(o: OpenLoopOptions): Promise<OpenLoopResult> {
  const u = new URL(o.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let firstError: string | undefined;
  let ok = 0;
  let errors = 0;
  let resent = 0;
  const count = (key: string | number) => (statuses[key] = (statuses[key] ?? 0) + 1);

  const one = (i: number, due: number, again = false): Promise<void> =>
    new Promise<void>((resolve) => {
      const body = o.body?.(i);
      const headers: Record<string, string | number> = { "content-type": "application/json", ...o.headers };
      if (body !== undefined) headers["content-length"] = Buffer.byteLength(body);
      const fail = (why: string) => {
        errors++;
        firstError ??= why;
        resolve();
      };
      const req = http.request({ agent, host: u.hostname, port: u.port, path: u.pathname + u.search, method: "POST", headers }, (res) => {
        const status = res.statusCode ?? 0;
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.once("end", () => {
          count(status);
          if (status >= 200 && status < 300) {
            ok++;
            latencies.push(performance.now() - due);
            resolve();
          } else fail(`${status} ${Buffer.concat(chunks).toString("utf8").slice(0, 300)}`);
        });
        res.once("error", (err) => fail(err.message));
      });
      req.once("error", (err) => {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === "ECONNRESET" && req.reusedSocket && !again) {
          resent++;
          resolve(one(i, due, true));
          return;
        }
        count(code ?? "error");
        fail(err.message);
      });
      req.end(body);
    });

  const interval = 1000 / o.ratePerSecond;
  const total = Math.floor((o.durationMs / 1000) * o.ratePerSecond);
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; ) {
    const now = performance.now();
    // Everything due by now goes out, so a late timer catches up instead of slowing the rate.
    for (; i < total && started + i * interval <= now; i++) inFlight.push(one(i, started + i * interval));
    await sleep(Math.max(1, Math.min(interval, started + i * interval - performance.now())));
  }
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), o.graceMs ?? 30_000)));
  const outcome = await Promise.race([Promise.all(inFlight), grace]);
  clearTimeout(timer);
  if (outcome === "timeout") {
    const missing = total - ok - errors;
    errors += missing;
    statuses.timeout = missing;
    firstError ??= `${missing} requests unanswered`;
  }
  agent.destroy();
  return {
    sent: total,
    resent,
    ok,
    errors,
    statuses,
    firstError,
    latencies,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.length ? Math.max(...latencies) : Number.NaN,
  };
}
