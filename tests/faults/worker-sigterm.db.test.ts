// A worker process stopped with SIGTERM mid-campaign (a deploy, a scale-down): it turns
// /api/ready 503 on its health port at once, stops claiming, finishes the batches in hand, unbinds
// once their windows drained and exits 0; another worker sends the rest. No part is lost, none
// reaches the SMSC twice and none is flagged possible_duplicate (nothing was cut off), every
// receipt arrives. PostgreSQL only: separate worker processes share the database there.
import { afterAll, describe, expect, it } from "vitest";
import { dbKind, useTestDatabase } from "../support/test-db.ts";
import { freePort } from "../support/pg-cluster.ts";
import type { SmscSimulator } from "../../lib/carrier/smsc-simulator.ts";
import { campaignOutcome, spawnWorker, startWorkerCampaign, waitFor, type WorkerProcess } from "./fault-kit.ts";

const db = useTestDatabase();
const workers: WorkerProcess[] = [];
let simulator: SmscSimulator | undefined;

afterAll(async () => {
  for (const w of workers) if (w.child.exitCode === null) w.child.kill("SIGKILL");
  await simulator?.close();
});

describe.skipIf(dbKind !== "postgres")("a worker process stopped with SIGTERM mid-campaign", () => {
  it("finishes its batches, exits 0, and the campaign loses and repeats nothing", { timeout: 120_000 }, async () => {
    const N = 1500;
    const run = await startWorkerCampaign({ url: db.url()!, ctx: () => db.ctx(), workers, n: N, respondDelayMs: 20, binds: 2, window: 10, from: "Deploy", body: "Rolling restart" });
    simulator = run.simulator;
    const { campaign: c, watch } = run;
    await waitFor(
      () => simulator!.submitted(),
      (n) => n >= 0.3 * N,
      60_000,
      "30% submitted",
    );
    const stoppedAt = Date.now();
    run.first.child.kill("SIGTERM");
    await run.first.exited;
    expect({ code: run.first.child.exitCode, signal: run.first.child.signalCode }, run.first.log()).toEqual({ code: 0, signal: null });
    const exitMs = Date.now() - stoppedAt;
    // What it did not claim goes to the next worker (with a health port, as a deployment runs it).
    const port = await freePort();
    const next = spawnWorker({ DATABASE_URL: db.url()!, SMSC_URL: `${simulator.url}?binds=2&window=10&tps=0`, WORKER_HEALTH_PORT: String(port) });
    workers.push(next);
    await waitFor(
      () =>
        fetch(`http://127.0.0.1:${port}/api/ready`).then(
          (r) => r.status,
          () => 0,
        ),
      (s) => s === 200,
      30_000,
      "the next worker ready",
    );
    await waitFor(
      () => db.ctx().db.campaign.findUniqueOrThrow({ where: { id: c.id } }),
      (x) => x.state === "Sent" || x.state === "Finished",
      60_000,
      "campaign sent",
    );
    await waitFor(
      async () => (await campaignOutcome(db.ctx(), c.id, simulator!)).statuses,
      (s) => s.Delivered === N,
      30_000,
      "every message delivered",
    );
    watch.stop();
    await watch.sample();
    const outcome = await campaignOutcome(db.ctx(), c.id, simulator);
    console.info(`[faults] SIGTERM at 30% of ${N}: the worker exited in ${exitMs} ms`);
    expect(outcome).toMatchObject({ messages: N, recipients: N, notOnce: 0, statuses: { Delivered: N }, duplicatedParts: [], flagged: 0, deliveredNotOnce: 0, repeatedEvents: 0 });
    expect(watch.regressions).toEqual([]);

    // Stopped in turn: its readiness turns 503 before it goes, and it exits 0.
    next.child.kill("SIGTERM");
    // Until the signal is handled it may still answer 200; then 503 naming the shutdown, until it is gone.
    const during = await waitFor(
      () =>
        fetch(`http://127.0.0.1:${port}/api/ready`).then(
          async (r) => ({ status: r.status, body: (await r.json()) as { notReady: string[] } }),
          () => null,
        ),
      (r) => r === null || r.status === 503,
      10_000,
      "readiness turning 503",
    );
    if (during) expect(during).toMatchObject({ status: 503, body: { notReady: expect.arrayContaining(["shutdown"]) } });
    await next.exited;
    expect({ code: next.child.exitCode, signal: next.child.signalCode }, next.log()).toEqual({ code: 0, signal: null });
  });
});
