// The process's job producer: a pg-boss instance that only sends (no polling, no maintenance),
// so web instances with WORKER=off can enqueue too. Sending can join a Prisma transaction.
import type PgBoss from "pg-boss";
import type { Database } from "../db/connection.ts";
import type { Tx } from "../core/context.ts";
import { createBoss, enqueue, ensureQueues } from "./boss.ts";
import type { JobDefinition } from "./job.ts";

const key = Symbol.for("switchboard.queue");
type Producer = { boss: Promise<PgBoss>; queues: Map<string, Promise<void>> };
type G = typeof globalThis & { [key]?: WeakMap<object, Producer> };

function producerFor(database: Database): Producer {
  const g = globalThis as G;
  const map = (g[key] ??= new WeakMap());
  let p = map.get(database);
  if (!p) {
    const boss = (async () => {
      const b = createBoss(database, { supervise: false, schedule: false });
      await b.start();
      return b;
    })();
    p = { boss, queues: new Map() };
    map.set(database, p);
    boss.catch(() => map.delete(database));
  }
  return p;
}

export type Enqueue = <T extends object>(
  tx: Tx | null,
  job: JobDefinition,
  payload: T,
  options?: { singletonKey?: string; startAfter?: Date },
) => Promise<void>;

export function enqueuerFor(database: Database): Enqueue {
  return async (tx, job, payload, options = {}) => {
    const producer = producerFor(database);
    const boss = await producer.boss;
    let ready = producer.queues.get(job.name);
    if (!ready) {
      ready = ensureQueues(boss, [job]);
      producer.queues.set(job.name, ready);
      ready.catch(() => producer.queues.delete(job.name));
    }
    await ready;
    await enqueue(boss, job, payload, { ...options, tx: tx ?? undefined });
  };
}
