// The job engine on both databases: jobs enqueued in a transaction exist only if it commits,
// failures are retried, a stop waits for the jobs in hand, a job held by a worker that died is
// picked up again, and a worker that stalled past its lease cannot complete or fail the job
// another worker has taken over.
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { useTestDatabase } from "../../tests/support/test-db.ts";
import { claimJobs, completeClaims, createBoss, enqueue, ensureQueues, failClaims, releaseOrphans, workerTag } from "./boss.ts";
import { defineJob, type JobMeta } from "./job.ts";
import { startWorker, type Worker } from "../server/worker.ts";

const db = useTestDatabase();

let workers: Worker[] = [];
afterEach(async () => {
  for (const w of workers) await w.stop(5000).catch(() => {});
  workers = [];
});

async function until(check: () => boolean | Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 50));
  }
}

function recorder(name: string, behaviour: (n: number) => Promise<void> = async () => {}) {
  const seen: number[] = [];
  const job = defineJob({
    name,
    payload: z.object({ n: z.number() }),
    retryDelaySeconds: 1,
    retryBackoff: false,
    async handler(_ctx, { n }) {
      await behaviour(n);
      seen.push(n);
    },
  });
  return { job, seen };
}

describe("job engine", () => {
  it("runs jobs enqueued in a committed transaction, and none from a rolled-back one", async () => {
    const { job, seen } = recorder("test.tx");
    const worker = await startWorker(db.database(), [job], { pollingIntervalSeconds: 0.5 });
    workers.push(worker);
    const ctx = db.ctx();
    await ctx.db.$transaction(async (tx) => {
      await enqueue(worker.boss, job, { n: 1 }, { tx });
    });
    await ctx.db
      .$transaction(async (tx) => {
        await enqueue(worker.boss, job, { n: 2 }, { tx });
        throw new Error("roll back");
      })
      .catch(() => {});
    await until(() => seen.includes(1));
    await new Promise((r) => setTimeout(r, 1500));
    expect(seen).toEqual([1]);
  });

  it("retries a failing job until it succeeds", async () => {
    let attempts = 0;
    const { job, seen } = recorder("test.retry", async () => {
      attempts += 1;
      if (attempts < 3) throw new Error(`attempt ${attempts} fails`);
    });
    const worker = await startWorker(db.database(), [job], { pollingIntervalSeconds: 0.5 });
    workers.push(worker);
    await enqueue(worker.boss, job, { n: 7 });
    await until(() => seen.length === 1);
    expect(attempts).toBe(3);
  });

  it("runs a queue's jobs in independent lanes, and a process holds no more than maxInHand of them: the rest go to other workers", async () => {
    const running = new Map<string, number>();
    const most = new Map<string, number>();
    const ran: { n: number; by: string }[] = [];
    const make = (by: string, maxInHand: number) =>
      defineJob({
        name: "test.lanes",
        payload: z.object({ n: z.number() }),
        batchSize: 1,
        lanes: 4,
        maxInHand: () => maxInHand,
        async handler(_ctx, { n }) {
          running.set(by, (running.get(by) ?? 0) + 1);
          most.set(by, Math.max(most.get(by) ?? 0, running.get(by)!));
          await new Promise((r) => setTimeout(r, 300));
          running.set(by, running.get(by)! - 1);
          ran.push({ n, by });
        },
      });
    const slow = await startWorker(db.database(), [make("slow", 1)], { pollingIntervalSeconds: 0.1 });
    workers.push(slow);
    const fast = await startWorker(db.database(), [make("fast", 4)], { pollingIntervalSeconds: 0.1 });
    workers.push(fast);
    for (let n = 0; n < 12; n++) await enqueue(slow.boss, make("slow", 1), { n });
    await until(() => ran.length === 12);
    expect(ran.map((r) => r.n).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, n) => n));
    expect(most.get("slow")).toBe(1);
    // Four lanes with no barrier: the other worker ran several at once and took most of them.
    expect(most.get("fast")).toBeGreaterThan(1);
    expect(ran.filter((r) => r.by === "fast").length).toBeGreaterThan(ran.filter((r) => r.by === "slow").length);
  });

  it("on stop, finishes the job in hand instead of dropping it", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let started = false;
    const { job, seen } = recorder("test.graceful", async () => {
      started = true;
      await gate;
    });
    const worker = await startWorker(db.database(), [job], { pollingIntervalSeconds: 0.5 });
    await enqueue(worker.boss, job, { n: 3 });
    await until(() => started);
    const stopping = worker.stop(10_000);
    setTimeout(release, 300);
    await stopping;
    expect(seen).toEqual([3]);
    const boss = createBoss(db.database(), { supervise: false, schedule: false });
    await boss.start();
    const jobs = await boss.fetch(job.name, { batchSize: 10, includeMetadata: true });
    expect(jobs).toEqual([]);
    await boss.stop({ graceful: false, close: false });
  });

  it("picks up again a job whose worker died holding it", async () => {
    const { job, seen } = recorder("test.orphan");
    const short = { ...job, expireInSeconds: 1 };
    // A worker that claims the job and then dies: fetch makes it active, nobody completes it.
    const dead = createBoss(db.database(), { supervise: false, schedule: false });
    await dead.start();
    await ensureQueues(dead, [short]);
    await enqueue(dead, short, { n: 9 });
    const claimed = await dead.fetch(short.name);
    expect(claimed).toHaveLength(1);
    await dead.stop({ graceful: false, close: false });
    // A healthy worker: its supervisor expires the orphan and the retry runs here.
    const worker = await startWorker(db.database(), [short], { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 });
    workers.push(worker);
    await until(() => seen.includes(9), 40_000);
    expect(seen).toEqual([9]);
  }, 60_000);

  it("hands a leased job of a dead worker to another within its lease", async () => {
    const { job, seen } = recorder("test.lease-orphan");
    const leased = { ...job, leaseSeconds: 1, expireInSeconds: 30 };
    const dead = createBoss(db.database(), { supervise: false, schedule: false });
    await dead.start();
    await ensureQueues(dead, [leased]);
    await enqueue(dead, leased, { n: 4 });
    expect(await dead.fetch(leased.name)).toHaveLength(1);
    await dead.stop({ graceful: false, close: false });
    const started = Date.now();
    // No maintenance here (its interval is 10 s): the worker's own reaper hands the job back.
    const worker = await startWorker(db.database(), [leased], { pollingIntervalSeconds: 0.5 });
    workers.push(worker);
    await until(() => seen.includes(4), 10_000);
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it("refuses the late completion and failure of a worker that stalled past its lease", async () => {
    const attempts: { retryCount: number; previousLost: boolean; checkpoint: unknown }[] = [];
    let secondRunning = false;
    let releaseSecond!: () => void;
    let secondGate!: Promise<void>;
    const late: { leaseHeldAfterStall?: boolean; checkpointAfterStall?: boolean; aborted?: boolean } = {};
    let lateDone = false;
    const job = defineJob({
      name: "test.lease-stall",
      payload: z.object({ fail: z.boolean() }),
      leaseSeconds: 1,
      expireInSeconds: 30,
      retryDelaySeconds: 1,
      retryBackoff: false,
      async handler(_ctx, { fail }, m) {
        const meta = m as Required<JobMeta>;
        attempts.push({ retryCount: meta.retryCount, previousLost: meta.previousLost, checkpoint: meta.checkpoint });
        if (meta.retryCount === 0) {
          expect(await meta.saveCheckpoint({ upTo: 42 })).toBe(true);
          // A stall (a paused process, a blocked event loop) longer than the lease: no renewal.
          const end = Date.now() + 1600;
          while (Date.now() < end);
          late.leaseHeldAfterStall = meta.leaseHeld();
          // Meanwhile another worker's reaper hands the job back and that worker runs it.
          await until(() => secondRunning, 10_000);
          late.aborted = meta.signal.aborted;
          late.checkpointAfterStall = await meta.saveCheckpoint({ upTo: 99 });
          lateDone = true;
          if (fail) throw new Error("late failure");
          return;
        }
        secondRunning = true;
        await secondGate;
      },
    });
    const a = await startWorker(db.database(), [job], { pollingIntervalSeconds: 0.2 });
    const b = await startWorker(db.database(), [job], { pollingIntervalSeconds: 0.2 });
    workers.push(a, b);
    const state = async (id: string) => (await db.ctx().sql.query<{ state: string; retry_count: number }>(`SELECT state::text, retry_count FROM pgboss.job WHERE id = $1`, [id])).rows[0]!;

    for (const fail of [false, true]) {
      attempts.length = 0;
      secondRunning = lateDone = false;
      secondGate = new Promise<void>((r) => (releaseSecond = r));
      const id = (await enqueue(a.boss, job, { fail }))!;
      await until(() => lateDone, 15_000);
      await new Promise((r) => setTimeout(r, 300)); // the late completion / failure has been sent
      // The second attempt still holds the job: the first one's outcome changed nothing.
      expect(await state(id)).toEqual({ state: "active", retry_count: 1 });
      releaseSecond();
      await until(async () => (await state(id)).state === "completed");
      expect(attempts).toEqual([
        { retryCount: 0, previousLost: false, checkpoint: null },
        { retryCount: 1, previousLost: true, checkpoint: { upTo: 42 } },
      ]);
      expect(late).toEqual({ leaseHeldAfterStall: false, checkpointAfterStall: false, aborted: true });
    }
  }, 60_000);

  it("completes or fails a claim only while it is the job's latest", async () => {
    const { job } = recorder("test.claims");
    const boss = createBoss(db.database(), { supervise: false, schedule: false });
    await boss.start();
    try {
      await ensureQueues(boss, [{ ...job, retryDelaySeconds: 0 }]);
      const id = (await enqueue(boss, job, { n: 1 }))!;
      const [first] = await claimJobs(boss, job.name, 1);
      expect(first).toMatchObject({ id, retryCount: 0, previousLost: false });
      // Its worker vanished; the job went back without a verdict and another worker claimed it.
      expect(await failClaims(boss, job.name, [first!], "lost", false)).toBe(1);
      await db.ctx().sql.query(`UPDATE pgboss.job SET start_after = now() - interval '1 second' WHERE id = $1`, [id]);
      const [second] = await claimJobs(boss, job.name, 1);
      expect(second).toMatchObject({ id, retryCount: 1, previousLost: true });
      // The first claim's late outcomes match no row.
      expect(await completeClaims(boss, job.name, [first!])).toBe(0);
      expect(await failClaims(boss, job.name, [first!], "late", true)).toBe(0);
      expect(await completeClaims(boss, job.name, [second!])).toBe(1);
      const { rows } = await db.ctx().sql.query<{ state: string; retry_count: number }>(`SELECT state::text, retry_count FROM pgboss.job WHERE id = $1`, [id]);
      expect(rows[0]).toEqual({ state: "completed", retry_count: 1 });
    } finally {
      await boss.stop({ graceful: false, close: false });
    }
  });

  it("hands back the jobs active in a worker's name that it no longer holds", async () => {
    const { job } = recorder("test.orphans");
    const boss = createBoss(db.database(), { supervise: false, schedule: false });
    await boss.start();
    try {
      await ensureQueues(boss, [job]);
      const ids = [(await enqueue(boss, job, { n: 1 }))!, (await enqueue(boss, job, { n: 2 }))!, (await enqueue(boss, job, { n: 3 }))!];
      const me = workerTag();
      // Two claimed by this worker (one of whose answers it never got), one by another worker.
      // Which two is the queue's order; jobs enqueued within one clock tick (PGlite's clock is
      // coarse) tie on created_on and go by id.
      const [kept, lost] = (await claimJobs(boss, job.name, 2, me)).map((j) => j.id);
      const [other] = (await claimJobs(boss, job.name, 1, workerTag())).map((j) => j.id);
      expect([kept, lost, other].sort()).toEqual([...ids].sort());
      expect(await releaseOrphans(boss, job.name, me, [kept])).toBe(1);
      const { rows } = await db.ctx().sql.query<{ id: string; state: string }>(`SELECT id::text, state::text FROM pgboss.job WHERE name = $1 ORDER BY id`, [job.name]);
      expect(Object.fromEntries(rows.map((r) => [r.id, r.state]))).toEqual({ [kept]: "active", [lost]: "retry", [other]: "active" });
    } finally {
      await boss.stop({ graceful: false, close: false });
    }
  });
});
