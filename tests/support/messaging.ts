// A messaging stack inside the test process: the bundled SMSC simulator on a free port, the SMPP
// carrier bound to it, the job worker, and an HTTP receiver that records callbacks.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { startSmscSimulator, type SmscSimulator } from "../../lib/carrier/smsc-simulator.ts";
import { connectCarrier } from "../../lib/carrier/smpp-carrier.ts";
import { setCarrier } from "../../lib/server/services.ts";
import { attachCarrier } from "../../lib/server/carrier.ts";
import type { Carrier } from "../../lib/core/ports/carrier.ts";
import { startWorker, type Worker } from "../../lib/server/worker.ts";
import { jobs } from "../../lib/server/jobs.ts";
import { deliverCallback } from "../../lib/core/callbacks/deliver-callback.ts";
import { contextFor } from "../../lib/server/context.ts";
import { processMetrics } from "../../lib/server/metrics/registry.ts";
import type { Database } from "../../lib/db/connection.ts";

export interface Received {
  path: string;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  headers: http.IncomingHttpHeaders;
  at: number;
}

export function useMessaging(database: () => Database, options: { deliveryDelayMs?: number } = {}) {
  let simulator: SmscSimulator;
  let carrier: Carrier;
  let worker: Worker;
  let server: http.Server;
  const received: Received[] = [];
  let baseUrl = "";
  beforeAll(async () => {
    simulator = await startSmscSimulator({ port: 0, deliveryDelayMs: options.deliveryDelayMs ?? 100 });
    // Not a connector of the table: its submit_sm latencies are labelled connector "none", as its parts are.
    carrier = await connectCarrier(simulator.url, { observeSubmitSm: processMetrics().submitSmObserver("none") });
    const ctx = contextFor(database());
    attachCarrier(ctx, carrier);
    // Callbacks retry at once in tests; the schedule of growing delays is data in the job.
    const fast = jobs.map((j) => (j.name === deliverCallback.name ? { ...j, retryDelaySeconds: 0, retryBackoff: false } : j));
    worker = await startWorker(database(), fast, { pollingIntervalSeconds: 0.5 });
    server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        received.push({ path: req.url ?? "", body: body ? JSON.parse(body) : null, headers: req.headers, at: Date.now() });
        res.statusCode = req.url?.startsWith("/fail") ? 500 : 200;
        res.end("ok");
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    await worker?.stop(5000);
    setCarrier(undefined);
    await carrier?.close();
    await simulator?.close();
    await new Promise((r) => server?.close(r));
  });
  return { received, receiverUrl: (path: string) => baseUrl + path, simulator: () => simulator };
}

export async function eventually<T>(probe: () => Promise<T>, accept: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (accept(v)) return v;
    if (Date.now() > end) throw new Error(`condition not met within ${ms} ms; last value: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
