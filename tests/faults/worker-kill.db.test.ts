// A worker process killed with SIGKILL at 25% and again at 50% of a campaign, each time in the
// middle of a stream of single messages posted to POST /api/sms beside it (sms.submit, a claimed
// batch at once: lib/core/sms/submit-batch.ts), a new worker started each time: every recipient
// of both is sent exactly once, no status moves backwards, the parts the dead workers may have
// left at the SMSC are flagged (the simulator recognises the copies by their client reference,
// so we can count them: per kill at most 2 × binds × window of the campaign's, and 2 × 2 ×
// binds × window of the singles'), and every receipt arrives. A dead worker's jobs are taken
// over when their lease runs out (JOB_LEASE_SECONDS, 4 s here: fault-kit.ts).
// PostgreSQL only: separate worker processes share the database there; PGlite belongs to one.
import { afterAll, describe, expect, it } from "vitest";
import { dbKind, useTestDatabase } from "../support/test-db.ts";
import type { SmscSimulator } from "../../lib/carrier/smsc-simulator.ts";
import { campaignOutcome, singlesOutcome, StatusWatch, startWorkerCampaign, waitFor, type WorkerProcess } from "./fault-kit.ts";
import { streamSingles, type SingleStream } from "./single-stream.ts";

const db = useTestDatabase();
const workers: WorkerProcess[] = [];
let simulator: SmscSimulator | undefined;

afterAll(async () => {
  for (const w of workers) if (w.child.exitCode === null) w.child.kill("SIGKILL");
  await simulator?.close();
});

const BINDS = 2;
const WINDOW = 10;
/** Campaign parts one crash can leave at the SMSC unrecorded: on the wire, and answered but not yet written. */
const BOUND = 2 * BINDS * WINDOW;
/** Single messages' parts one crash can leave so: two windows per bind handed over (submit-batch.ts), per batch in flight (2). */
const SINGLES_BOUND = 2 * 2 * BINDS * WINDOW;

describe.skipIf(dbKind !== "postgres")("worker processes killed mid-campaign and mid-stream of single messages", () => {
  it("at 25% and at 50%: each recipient once, copies bounded and flagged, every receipt in", { timeout: 150_000 }, async () => {
    const N = 1600;
    const M = 200; // single messages per kill
    // Each submit_sm is answered after 40 ms: the binds' windows are full when the kills land
    // (2 × 10 in flight, ≈ 500 submit_sm/s).
    const run = await startWorkerCampaign({ url: db.url()!, ctx: () => db.ctx(), workers, n: N, respondDelayMs: 40, binds: BINDS, window: WINDOW, from: "Crash", body: "One of a few thousand" });
    simulator = run.simulator;
    const { campaign: c, watch, start, account } = run;
    const token = await account.token();
    const singlesWatch = new StatusWatch(() => db.ctx(), { singlesOf: account.id }).start();
    let worker = run.first;
    const streams: SingleStream[] = [];
    const kills: { at: number; submitted: number; singles: string; recoveredMs: number }[] = [];
    const submitted = () => run.received().length;
    for (const share of [0.25, 0.5]) {
      // Just before the kill's share of the campaign, a stream of single messages: still being
      // posted, and submitted, when the kill lands.
      await waitFor(submitted, (n) => n >= (share - 0.1) * N, 60_000, `${(share - 0.1) * 100}% of the campaign submitted`);
      const stream = streamSingles({ token, n: M, first: 50_000 + streams.length * M, from: "Crash" });
      streams.push(stream);
      await waitFor(
        () => ({ campaign: submitted(), singles: stream.reached(simulator!) }),
        (n) => n.campaign >= share * N && n.singles >= 0.3 * M,
        60_000,
        `${share * 100}% of the campaign and 30% of the stream submitted`,
      );
      worker.child.kill("SIGKILL");
      await worker.exited;
      const killedAt = Date.now();
      const sent = submitted();
      expect(sent).toBeLessThan(N);
      const singles = `${stream.reached(simulator)} of ${M} at the SMSC, ${stream.posted()} posted`;
      // Its last submit_sm may still be in the SMSC's socket: count only the new worker's sessions.
      const lastSession = Math.max(...simulator.received().map((r) => r.session));
      worker = start();
      // The campaign resumes once the dead worker's leases ran out and the new one took the batches
      // (the single messages not yet claimed go at once).
      await waitFor(
        () => run.received().some((r) => r.session > lastSession),
        (x) => x,
        // A replacement's start alone took up to 30 s with the machine loaded (load average 16 on 2 cores).
        60_000,
        `sending resumed after the kill at ${share * 100}%`,
      ).catch(async (e) => {
        const batches = await db.ctx().sql.query(`SELECT state::text, retry_count, started_on, now() AS now, output FROM pgboss.job WHERE name = 'campaign.batch'`);
        throw new Error(`${e.message}\n${JSON.stringify(batches.rows)}\n${worker.log().slice(-3000)}`);
      });
      kills.push({ at: share, submitted: sent, singles, recoveredMs: Date.now() - killedAt });
    }
    await Promise.all(streams.map((s) => s.done));

    await waitFor(
      () => db.ctx().db.campaign.findUniqueOrThrow({ where: { id: c.id } }),
      (x) => x.state === "Sent" || x.state === "Finished",
      60_000,
      "campaign sent",
    );
    // Every receipt reaches a message (the last ones 200 ms after their submit).
    await waitFor(
      async () => [(await campaignOutcome(db.ctx(), c.id, simulator!)).statuses, (await singlesOutcome(db.ctx(), account.id, simulator!)).statuses],
      ([campaign, singles]) => campaign.Delivered === N && singles.Delivered === 2 * M,
      30_000,
      "every message delivered",
    ).catch((e) => {
      throw new Error(`${e.message}\n${worker.log()}`);
    });
    await waitFor(
      () => simulator!.pendingDeliveries(),
      (n) => n === 0,
      10_000,
      "every receipt acknowledged",
    );
    watch.stop();
    singlesWatch.stop();
    await watch.sample();
    await singlesWatch.sample();

    const outcome = await campaignOutcome(db.ctx(), c.id, simulator);
    const singles = await singlesOutcome(db.ctx(), account.id, simulator);
    console.info(
      `[faults] SIGKILL ×2 on ${N} recipients and 2 × ${M} single messages: recovered after ${kills.map((k) => `${k.recoveredMs} ms (at ${k.at * 100}%, singles ${k.singles})`).join(", ")}; ` +
        `${outcome.duplicatedParts.length} campaign parts reached the SMSC twice (bound ${2 * BOUND}), ${outcome.flagged} flagged; ` +
        `${singles.duplicatedParts.length} single parts twice (bound ${2 * SINGLES_BOUND}), ${singles.flagged} flagged`,
    );
    const once = { notOnce: 0, unflagged: 0, deliveredNotOnce: 0, repeatedEvents: 0 };
    expect(outcome).toMatchObject({ messages: N, recipients: N, statuses: { Delivered: N }, ...once });
    expect(singles).toMatchObject({ messages: 2 * M, recipients: 2 * M, statuses: { Delivered: 2 * M }, ...once });
    // The copies are the parts in flight at each kill and the answers not yet recorded.
    expect(outcome.duplicatedParts.length).toBeLessThanOrEqual(2 * BOUND);
    expect(singles.duplicatedParts.length).toBeLessThanOrEqual(2 * SINGLES_BOUND);
    expect(watch.regressions).toEqual([]);
    expect(singlesWatch.regressions).toEqual([]);
    // The campaign's batches were each counted once.
    const counted = await db.ctx().db.campaign.findUniqueOrThrow({ where: { id: c.id } });
    expect(counted.batchesDone).toBe(counted.batches);
  });
});
