// A worker stopped (SIGSTOP) in the middle of a campaign for longer than its lease, then resumed
// (SIGCONT) after another worker has taken its batches over and sent them: the late worker's
// completions are refused (every batch counted once), its late answers write no second message,
// the submit_sm it had in flight are the only copies at the SMSC (bounded, and flagged), and it
// goes on working. PostgreSQL only (worker processes).
import { afterAll, describe, expect, it } from "vitest";
import { dbKind, useTestDatabase } from "../support/test-db.ts";
import type { SmscSimulator } from "../../lib/carrier/smsc-simulator.ts";
import { campaignOutcome, sleep, startWorkerCampaign, waitFor, type WorkerProcess } from "./fault-kit.ts";

const db = useTestDatabase();
const workers: WorkerProcess[] = [];
let simulator: SmscSimulator | undefined;

afterAll(async () => {
  for (const w of workers) {
    if (w.child.exitCode !== null) continue;
    w.child.kill("SIGCONT");
    w.child.kill("SIGKILL");
  }
  await simulator?.close();
});

const BINDS = 2;
const WINDOW = 10;

describe.skipIf(dbKind !== "postgres")("a worker stalled past its lease", () => {
  it("is overtaken; its late completion is refused and its late answers duplicate nothing", { timeout: 120_000 }, async () => {
    const N = 1500;
    const run = await startWorkerCampaign({ url: db.url()!, ctx: () => db.ctx(), workers, n: N, respondDelayMs: 60, binds: BINDS, window: WINDOW, from: "Stall", body: "Paused and resumed" });
    simulator = run.simulator;
    const { campaign: c, watch, start, first } = run;
    // The first worker has claimed both batches; the second one idles until it may take them.
    await waitFor(
      () => simulator!.submitted(),
      (n) => n >= 0.1 * N,
      60_000,
      "10% submitted",
    );
    const firstSessions = new Set(simulator.received().map((r) => r.session));
    const second = start();
    await waitFor(
      () => simulator!.submitted(),
      (n) => n >= 0.4 * N,
      60_000,
      "40% submitted",
    );
    first.child.kill("SIGSTOP");
    const stoppedAt = Date.now();

    // The second worker takes the batches over when the lease runs out, and finishes them.
    await waitFor(
      () => simulator!.received().some((r) => !firstSessions.has(r.session)),
      (x) => x,
      40_000,
      "the second worker took over",
    ).catch((e) => {
      throw new Error(`${e.message}\n${second.log()}`);
    });
    const takeoverMs = Date.now() - stoppedAt;
    await waitFor(
      async () => (await campaignOutcome(db.ctx(), c.id, simulator!)).statuses,
      (s) => !s.Queued,
      60_000,
      "every message sent",
    );
    first.child.kill("SIGCONT");
    // The first worker wakes up with its submit_sm answered long ago and its lease gone. The
    // receipts the SMSC had sent to its sessions meanwhile are applied now.
    await waitFor(
      async () => (await campaignOutcome(db.ctx(), c.id, simulator!)).statuses,
      (s) => s.Delivered === N,
      30_000,
      "every message delivered",
    );
    await sleep(1000);
    expect(first.child.exitCode).toBeNull();
    expect(first.log()).toContain("job lease lost");
    await waitFor(
      () => simulator!.pendingDeliveries(),
      (n) => n === 0,
      10_000,
      "every receipt acknowledged",
    );
    watch.stop();
    await watch.sample();

    const outcome = await campaignOutcome(db.ctx(), c.id, simulator);
    console.info(
      `[faults] SIGSTOP past the lease on ${N} recipients: taken over after ${takeoverMs} ms; ` +
        `${outcome.duplicatedParts.length} parts reached the SMSC twice (bound ${2 * BINDS * WINDOW}), ${outcome.flagged} flagged possible duplicates`,
    );
    expect(outcome).toMatchObject({ messages: N, recipients: N, notOnce: 0, statuses: { Delivered: N }, unflagged: 0, deliveredNotOnce: 0, repeatedEvents: 0 });
    expect(outcome.duplicatedParts.length).toBeLessThanOrEqual(2 * BINDS * WINDOW);
    expect(watch.regressions).toEqual([]);
    // Each batch was counted once: the late worker's completions changed nothing.
    const counted = await db.ctx().db.campaign.findUniqueOrThrow({ where: { id: c.id } });
    expect(counted.batchesDone).toBe(counted.batches);
    const jobs = await db.ctx().sql.query<{ state: string; retry_count: number }>(`SELECT state::text, retry_count FROM pgboss.job WHERE name = 'campaign.batch' AND data->>'campaignId' = $1`, [c.id]);
    expect(jobs.rows.map((j) => j.state)).toEqual(jobs.rows.map(() => "completed"));
  });
});
