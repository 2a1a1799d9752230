// A worker process killed with SIGKILL at 30% and again at 60% of a campaign, a new one started
// each time: every recipient is sent exactly once, no status moves backwards, the parts the dead
// workers may have left at the SMSC are flagged (the simulator recognises the copies by their
// client reference, so we can count them: at most 2 × binds × window per kill), and every receipt
// arrives. A dead worker's batches are taken over when their lease (10 s) runs out.
// PostgreSQL only: separate worker processes share the database there; PGlite belongs to one.
import { afterAll, describe, expect, it } from "vitest";
import { dbKind, useTestDatabase } from "../support/test-db.ts";
import type { SmscSimulator } from "../../lib/carrier/smsc-simulator.ts";
import { campaignOutcome, startWorkerCampaign, waitFor, type WorkerProcess } from "./fault-kit.ts";

const db = useTestDatabase();
const workers: WorkerProcess[] = [];
let simulator: SmscSimulator | undefined;

afterAll(async () => {
  for (const w of workers) if (w.child.exitCode === null) w.child.kill("SIGKILL");
  await simulator?.close();
});

const BINDS = 2;
const WINDOW = 10;
/** Parts one crash can leave at the SMSC unrecorded: on the wire, and answered but not yet written. */
const BOUND = 2 * BINDS * WINDOW;

describe.skipIf(dbKind !== "postgres")("worker processes killed mid-campaign", () => {
  it("at 30% and at 60%: each recipient once, copies bounded and flagged, every receipt in", { timeout: 150_000 }, async () => {
    const N = 1600;
    // Each submit_sm is answered after 40 ms: the binds' windows are full when the kills land
    // (2 × 10 in flight, ≈ 500 submit_sm/s).
    const run = await startWorkerCampaign({ url: db.url()!, ctx: () => db.ctx(), workers, n: N, respondDelayMs: 40, binds: BINDS, window: WINDOW, from: "Crash", body: "One of a few thousand" });
    simulator = run.simulator;
    const { campaign: c, watch, start } = run;
    let worker = run.first;
    const kills: { at: number; submitted: number; recoveredMs: number }[] = [];
    for (const share of [0.3, 0.6]) {
      await waitFor(
        () => simulator!.submitted(),
        (n) => n >= share * N,
        60_000,
        `${share * 100}% submitted`,
      );
      worker.child.kill("SIGKILL");
      await worker.exited;
      const killedAt = Date.now();
      const submitted = simulator.submitted();
      expect(submitted).toBeLessThan(N);
      // Its last submit_sm may still be in the SMSC's socket: count only the new worker's sessions.
      const lastSession = Math.max(...simulator.received().map((r) => r.session));
      worker = start();
      // Sending resumes once the dead worker's leases ran out and the new one took the batches.
      await waitFor(
        () => simulator!.received().some((r) => r.session > lastSession),
        (x) => x,
        40_000,
        "sending resumed",
      ).catch((e) => {
        throw new Error(`${e.message}\n${worker.log()}`);
      });
      kills.push({ at: share, submitted, recoveredMs: Date.now() - killedAt });
    }

    await waitFor(
      () => db.ctx().db.campaign.findUniqueOrThrow({ where: { id: c.id } }),
      (x) => x.state === "Sent" || x.state === "Finished",
      60_000,
      "campaign sent",
    );
    // Every receipt reaches a message (the last ones 200 ms after their submit).
    await waitFor(
      async () => (await campaignOutcome(db.ctx(), c.id, simulator!)).statuses,
      (s) => s.Delivered === N,
      30_000,
      "every message delivered",
    );
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
      `[faults] SIGKILL ×2 on ${N} recipients: recovered after ${kills.map((k) => `${k.recoveredMs} ms (at ${k.at * 100}%)`).join(", ")}; ` +
        `${outcome.duplicatedParts.length} parts reached the SMSC twice (bound ${2 * BOUND}), ${outcome.flagged} flagged possible duplicates`,
    );
    expect(outcome).toMatchObject({ messages: N, recipients: N, notOnce: 0, statuses: { Delivered: N }, unflagged: 0, deliveredNotOnce: 0, repeatedEvents: 0 });
    // The copies are the parts in flight at each kill and the answers not yet recorded: at most
    // binds × window of each (send-campaign-batch.ts), per kill.
    expect(outcome.duplicatedParts.length).toBeLessThanOrEqual(2 * BOUND);
    expect(watch.regressions).toEqual([]);
    // The campaign's batches were each counted once.
    const counted = await db.ctx().db.campaign.findUniqueOrThrow({ where: { id: c.id } });
    expect(counted.batchesDone).toBe(counted.batches);
  });
});
