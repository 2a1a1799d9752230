// A worker stopped (SIGSTOP) in the middle of a campaign and of a stream of single messages
// posted to POST /api/sms beside it, for longer than its lease, then resumed (SIGCONT) after
// another worker has taken its jobs over and sent them: the late worker's completions are refused
// (every batch counted once), its late answers write no second message and no second Sent, the
// submit_sm it had in flight are the only copies at the SMSC (bounded, and flagged), every
// receipt is applied, and it goes on working. PostgreSQL only (worker processes).
import { afterAll, describe, expect, it } from "vitest";
import { dbKind, useTestDatabase } from "../support/test-db.ts";
import type { SmscSimulator } from "../../lib/carrier/smsc-simulator.ts";
import { campaignOutcome, singlesOutcome, sleep, StatusWatch, startWorkerCampaign, waitFor, type WorkerProcess } from "./fault-kit.ts";
import { streamSingles } from "./single-stream.ts";

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
/** Campaign parts a stall can leave at the SMSC unrecorded: on the wire, and answered but not yet written. */
const BOUND = 2 * BINDS * WINDOW;
/** Single messages' parts: two windows per bind handed over (submit-batch.ts), per batch in flight (2). */
const SINGLES_BOUND = 2 * 2 * BINDS * WINDOW;

describe.skipIf(dbKind !== "postgres")("a worker stalled past its lease, mid-campaign and mid-stream of single messages", () => {
  it("is overtaken; its late completion is refused and its late answers duplicate nothing", { timeout: 120_000 }, async () => {
    const N = 1500;
    const M = 200;
    const run = await startWorkerCampaign({ url: db.url()!, ctx: () => db.ctx(), workers, n: N, respondDelayMs: 60, binds: BINDS, window: WINDOW, from: "Stall", body: "Paused and resumed" });
    simulator = run.simulator;
    const { campaign: c, watch, start, first, account } = run;
    const singlesWatch = new StatusWatch(() => db.ctx(), { singlesOf: account.id }).start();
    const token = await account.token();
    const submitted = () => run.received().length;
    // The first worker has claimed both batches; the second one idles until it may take them.
    await waitFor(submitted, (n) => n >= 0.1 * N, 60_000, "10% submitted");
    const firstSessions = new Set(simulator.received().map((r) => r.session));
    const second = start();
    // Single messages meanwhile, to both workers once the second is up; still posted at the stop.
    const stream = streamSingles({ token, n: M, first: 50_000, from: "Stall" });
    await waitFor(
      () => ({ campaign: submitted(), singles: stream.reached(simulator!) }),
      (n) => n.campaign >= 0.4 * N && n.singles >= 0.3 * M,
      60_000,
      "40% of the campaign and 30% of the stream submitted",
    );
    first.child.kill("SIGSTOP");
    const stoppedAt = Date.now();
    const singlesAtStop = `${stream.reached(simulator)} of ${M} at the SMSC, ${stream.posted()} posted`;

    // The second worker takes the batches over when the lease runs out, and finishes them (it
    // sends the single messages nobody had claimed at once).
    await waitFor(
      () => run.received().some((r) => !firstSessions.has(r.session)),
      (x) => x,
      40_000,
      "the second worker took over",
    ).catch((e) => {
      throw new Error(`${e.message}\n${second.log()}`);
    });
    const takeoverMs = Date.now() - stoppedAt;
    await stream.done;
    const statuses = async () => [(await campaignOutcome(db.ctx(), c.id, simulator!)).statuses, (await singlesOutcome(db.ctx(), account.id, simulator!)).statuses];
    await waitFor(statuses, ([campaign, singles]) => !campaign.Queued && !singles.Queued, 60_000, "every message sent");
    first.child.kill("SIGCONT");
    // The first worker wakes up with its submit_sm answered long ago and its lease gone. The
    // receipts the SMSC had sent to its sessions meanwhile are applied now.
    await waitFor(statuses, ([campaign, singles]) => campaign.Delivered === N && singles.Delivered === M, 30_000, "every message delivered").catch((e) => {
      throw new Error(`${e.message}\n${first.log()}\n${second.log()}`);
    });
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
    singlesWatch.stop();
    await watch.sample();
    await singlesWatch.sample();

    const outcome = await campaignOutcome(db.ctx(), c.id, simulator);
    const singles = await singlesOutcome(db.ctx(), account.id, simulator);
    console.info(
      `[faults] SIGSTOP past the lease on ${N} recipients and ${M} single messages (${singlesAtStop} at the stop): taken over after ${takeoverMs} ms; ` +
        `${outcome.duplicatedParts.length} campaign parts reached the SMSC twice (bound ${BOUND}), ${outcome.flagged} flagged; ` +
        `${singles.duplicatedParts.length} single parts twice (bound ${SINGLES_BOUND}), ${singles.flagged} flagged`,
    );
    const once = { notOnce: 0, unflagged: 0, deliveredNotOnce: 0, repeatedEvents: 0 };
    expect(outcome).toMatchObject({ messages: N, recipients: N, statuses: { Delivered: N }, ...once });
    expect(singles).toMatchObject({ messages: M, recipients: M, statuses: { Delivered: M }, ...once });
    expect(outcome.duplicatedParts.length).toBeLessThanOrEqual(BOUND);
    expect(singles.duplicatedParts.length).toBeLessThanOrEqual(SINGLES_BOUND);
    expect(watch.regressions).toEqual([]);
    expect(singlesWatch.regressions).toEqual([]);
    // Each batch was counted once: the late worker's completions changed nothing.
    const counted = await db.ctx().db.campaign.findUniqueOrThrow({ where: { id: c.id } });
    expect(counted.batchesDone).toBe(counted.batches);
    const jobs = await db.ctx().sql.query<{ state: string; retry_count: number }>(`SELECT state::text, retry_count FROM pgboss.job WHERE name = 'campaign.batch' AND data->>'campaignId' = $1`, [c.id]);
    expect(jobs.rows.map((j) => j.state)).toEqual(jobs.rows.map(() => "completed"));
    // And each single message's job ended once, completed (none failed for the late answers).
    const submits = await db.ctx().sql.query<{ state: string; n: number }>(`SELECT state::text, count(*)::int AS n FROM pgboss.job WHERE name = 'sms.submit' GROUP BY state`);
    expect(submits.rows).toEqual([{ state: "completed", n: M }]);
  });
});
