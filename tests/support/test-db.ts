// A fresh, migrated database per test file: in-memory PGlite for the "pglite" project, a new
// database on the test server for the "postgres" project, each a copy of the one the project's
// global setup migrated. Installed as the process database, so route handlers and core
// functions called by the test use it.
import crypto from "node:crypto";
import fs from "node:fs";
import { afterAll, beforeAll, inject } from "vitest";
import pg from "pg";
import { openDatabase, type Database } from "../../lib/db/connection.ts";
import { setDatabase } from "../../lib/db/index.ts";
import type { Ctx } from "../../lib/core/context.ts";
import { contextFor } from "../../lib/server/context.ts";

export const dbKind = (process.env.TEST_DB ?? "pglite") as "pglite" | "postgres";

export async function createTestDatabase(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  if (dbKind === "pglite") {
    const database = await openDatabase({ kind: "pglite", from: new Blob([fs.readFileSync(inject("pgliteDump"))]) });
    return { database, drop: () => database.close() };
  }
  const adminUrl = inject("pgUrl");
  const name = `t_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject("pgTemplate")}`);
  await admin.end();
  const url = adminUrl.replace(/\/[^/]*$/, `/${name}`);
  const database = await openDatabase({ kind: "postgres", url, poolSize: 5 });
  return {
    database,
    url,
    drop: async () => {
      // A query still waiting (on a lock of a process a fault test stopped, say) would hold the
      // pool's end for ever: after 10 s the drop below ends its session anyway (FORCE).
      let timer: NodeJS.Timeout | undefined;
      const closed = await Promise.race([database.close().then(() => true), new Promise<false>((r) => (timer = setTimeout(() => r(false), 10_000)))]);
      clearTimeout(timer);
      if (!closed) console.warn(`[test-db] ${name}: the pool did not close within 10 s (a query still running); dropping the database with FORCE`);
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/** Opens a database before the file's tests and installs it; returns a getter for the context. */
export function useTestDatabase(): { ctx(): Ctx; database(): Database; url(): string | undefined } {
  let current: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  beforeAll(async () => {
    current = await createTestDatabase();
    setDatabase(current.database);
  }, 60_000);
  afterAll(async () => {
    setDatabase(undefined);
    await current?.drop();
  });
  return {
    ctx: () => contextFor(current!.database),
    database: () => current!.database,
    url: () => current?.url,
  };
}
