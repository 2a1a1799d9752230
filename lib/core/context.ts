// What every core function receives: the database and a clock. Routes, jobs, the command line
// and tests build one; nothing in lib/core reaches for globals.
import type { PrismaClient } from "../db/generated/client.ts";
import type { Database, Sql } from "../db/connection.ts";
import { enqueuerFor, type Enqueue } from "../jobs/queue.ts";

export interface Ctx {
  db: PrismaClient;
  sql: Sql;
  now(): Date;
  /** Enqueues a job, inside the given transaction when there is one. */
  enqueue: Enqueue;
}

/** A Prisma client or the transaction client handed to $transaction callbacks. */
export type Tx = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

export function contextFor(database: Database, now: () => Date = () => new Date()): Ctx {
  return { db: database.prisma, sql: database.sql, now, enqueue: enqueuerFor(database) };
}
