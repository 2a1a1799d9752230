// The process-wide database: opened once (migrated on first open), shared through globalThis
// because Next bundles route handlers and instrumentation as separate module graphs.
import path from "node:path";
import { env } from "../env.ts";
import { openDatabase, type Database, type DbTarget } from "./connection.ts";
import { migrate } from "./migrate.ts";

export type { Database } from "./connection.ts";
export type { PrismaClient } from "./generated/client.ts";

const key = Symbol.for("switchboard.db");
type G = typeof globalThis & { [key]?: Promise<Database> };

export function defaultTarget(): DbTarget {
  const e = env();
  return e.DATABASE_URL ? { kind: "postgres", url: e.DATABASE_URL } : { kind: "pglite", dir: path.join(e.dataDir, "pglite") };
}

export function getDatabase(): Promise<Database> {
  const g = globalThis as G;
  g[key] ??= (async () => {
    const db = await openDatabase(defaultTarget());
    await migrate(db.sql);
    return db;
  })().catch((err) => {
    delete g[key];
    throw err;
  });
  return g[key];
}

/** Replaces the shared database (tests open their own and install it here). */
export function setDatabase(db: Database | undefined): void {
  const g = globalThis as G;
  if (db) g[key] = Promise.resolve(db);
  else delete g[key];
}

export async function closeDatabase(): Promise<void> {
  const g = globalThis as G;
  const p = g[key];
  delete g[key];
  if (p) await (await p).close();
}
