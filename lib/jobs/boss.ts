// pg-boss on the application's own database: PostgreSQL through its own pool, PGlite through
// pg-boss's `db` option. Enqueueing can join a Prisma transaction, so a state change and the
// jobs it causes commit together.
import PgBoss from "pg-boss";
import type { Database } from "../db/connection.ts";
import type { Tx } from "../core/context.ts";
import type { JobDefinition } from "./job.ts";
import { log } from "../http/logger.ts";

export type Boss = PgBoss;

export interface BossOptions {
  supervise?: boolean;
  schedule?: boolean;
  /** How often expired jobs (their worker died) are failed over to a retry (default 10 s). */
  maintenanceIntervalSeconds?: number;
}

export function createBoss(database: Database, options: BossOptions = {}): PgBoss {
  const common = {
    schema: "pgboss",
    supervise: options.supervise ?? true,
    schedule: options.schedule ?? true,
    migrate: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 10,
  };
  const boss = new PgBoss({ ...common, db: database.bossDb as PgBoss.Db });
  boss.on("error", (err) => log("error", "job engine error", { error: String(err) }));
  return boss;
}

export async function ensureQueues(boss: PgBoss, definitions: JobDefinition[]): Promise<void> {
  for (const d of definitions) {
    const options = {
      name: d.name,
      retryLimit: d.retryLimit,
      retryDelay: d.retryDelaySeconds,
      retryBackoff: d.retryBackoff,
      expireInSeconds: d.expireInSeconds,
    };
    if (await boss.getQueue(d.name)) await boss.updateQueue(d.name, options);
    else await boss.createQueue(d.name, options);
  }
}

/** pg-boss's per-call `db`, running its SQL inside a Prisma transaction. */
export function transactionDb(tx: Tx): PgBoss.Db {
  return {
    executeSql: async (text, values) => ({ rows: await tx.$queryRawUnsafe<unknown[]>(text, ...(values ?? [])) }),
  };
}

export async function enqueue<T extends object>(
  boss: PgBoss,
  job: JobDefinition,
  payload: T,
  options: { tx?: Tx; singletonKey?: string; startAfter?: Date | number; id?: string } = {},
): Promise<string | null> {
  const data = job.payload.parse(payload) as object;
  return boss.send(job.name, data, {
    singletonKey: options.singletonKey,
    startAfter: options.startAfter,
    id: options.id,
    ...(options.tx ? { db: transactionDb(options.tx) } : {}),
  });
}
