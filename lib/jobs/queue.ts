// The process's job producer: a pg-boss instance that only sends (no polling, no maintenance),
// so web instances with WORKER=off can enqueue too. Sending can join a Prisma transaction.
// It knows every job of the process (the composition root's list) and creates their queues
// together on first use (ready), so a job sent inside a transaction finds its queue there.
import type PgBoss from "pg-boss";
import type { Database } from "../db/connection.ts";
import type { Tx } from "../core/context.ts";
import { createBoss, enqueue, enqueueMany, ensureQueues } from "./boss.ts";
import { isJob, type JobRef, type WorkDefinition } from "./job.ts";

const key = Symbol.for("switchboard.queue");
type Producer = { boss: Promise<PgBoss>; queues: Map<string, Promise<void>> };
type G = typeof globalThis & { [key]?: WeakMap<object, Producer> };

function producerFor(database: Database): Producer {
  const g = globalThis as G;
  const map = (g[key] ??= new WeakMap());
  let p = map.get(database);
  if (!p) {
    let started: Promise<PgBoss> | null = null;
    const producer: Producer = {
      queues: new Map(),
      // Started on first use, not when a context is made.
      get boss() {
        started ??= (async () => {
          const b = createBoss(database, { supervise: false, schedule: false });
          await b.start();
          return b;
        })();
        started.catch(() => map.delete(database));
        return started;
      },
    };
    p = producer;
    map.set(database, p);
  }
  return p;
}

export interface Enqueue {
  <T extends object>(tx: Tx | null, job: JobRef, payload: T, options?: { singletonKey?: string; startAfter?: Date }): Promise<void>;
  /**
   * Starts the producer and creates every known queue (once; later calls cost nothing). Call it
   * before opening a transaction that enqueues: on PGlite (one connection) nothing outside the
   * transaction can run meanwhile.
   */
  ready(): Promise<void>;
  /** Creates these queues too (jobs outside the process's list: tests, benchmarks; work claimed from a table has none). */
  prepare(jobs: WorkDefinition[]): Promise<void>;
  /** Many jobs of one queue in one statement. */
  many<T extends object>(tx: Tx | null, job: JobRef, items: readonly { payload: T; startAfter?: Date }[]): Promise<void>;
}

export function enqueuerFor(database: Database, known: readonly WorkDefinition[]): Enqueue {
  const producer = producerFor(database);
  const prepare = async (work: WorkDefinition[]) => {
    const boss = await producer.boss;
    for (const job of work.filter(isJob)) {
      let ready = producer.queues.get(job.name);
      if (!ready) {
        ready = ensureQueues(boss, [job]);
        producer.queues.set(job.name, ready);
        ready.catch(() => producer.queues.delete(job.name));
      }
      await ready;
    }
  };
  let all: Promise<void> | null = null;
  const readyAll = () => {
    all ??= prepare([...known]);
    all.catch(() => (all = null));
    return all;
  };
  const ready = async (tx: Tx | null, job: JobRef) => {
    if (!producer.queues.has(job.name) && tx && database.kind === "pglite")
      throw new Error(`queue ${job.name} was not created before the transaction: add the job to lib/server/jobs.ts, or call ctx.enqueue.ready() first`);
    await readyAll();
    if (!producer.queues.has(job.name)) throw new Error(`job ${job.name} is not in lib/server/jobs.ts`);
    return producer.boss;
  };
  const send = async (tx: Tx | null, job: JobRef, payload: object, options: { singletonKey?: string; startAfter?: Date } = {}) => {
    await enqueue(await ready(tx, job), job, payload, { ...options, tx: tx ?? undefined });
  };
  const many = async (tx: Tx | null, job: JobRef, items: readonly { payload: object; startAfter?: Date }[]) => {
    await enqueueMany(await ready(tx, job), job, items, { tx: tx ?? undefined });
  };
  return Object.assign(send, { ready: readyAll, prepare, many }) as Enqueue;
}
