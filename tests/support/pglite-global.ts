// Vitest global setup of the "pglite" project: migrates one in-memory PGlite and saves its data
// folder, so each test file starts from a copy (a few seconds less per file than initdb + migrate).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Sql } from "../../lib/db/connection.ts";
import { migrate } from "../../lib/db/migrate.ts";

export default async function setup(project: TestProject) {
  const lite = await PGlite.create({ extensions: { pg_trgm } });
  // migrate() needs only these three; they run as openDatabase's PGlite executor does.
  const sql = {
    query: async (text: string, values?: unknown[]) => ({ rows: (await lite.query(text, values)).rows }),
    exec: async (text: string) => {
      await lite.exec(text);
    },
    session: (fn: (s: Sql) => Promise<unknown>) => fn(sql as unknown as Sql),
  };
  await migrate(sql as unknown as Sql);
  const file = path.join(os.tmpdir(), `switchboard-pglite-${process.pid}.tar`);
  fs.writeFileSync(file, Buffer.from(await (await lite.dumpDataDir("none")).arrayBuffer()));
  await lite.close();
  project.provide("pgliteDump", file);
  return () => fs.rmSync(file, { force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteDump: string;
  }
}
