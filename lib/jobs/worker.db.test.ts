// The job engine on both databases: jobs enqueued in a transaction exist only if it commits,
// failures are retried, a stop waits for the jobs in hand, and a job held by a worker that
// died is picked up again.
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { useTestDatabase } from "../../tests/support/test-db.ts";
import { createBoss, enqueue, ensureQueues } from "./boss.ts";
import { defineJob } from "./job.ts";
import { startWorker, type Worker } from "./worker.ts";

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
});
