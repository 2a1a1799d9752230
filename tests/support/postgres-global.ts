// Vitest global setup of the "postgres" project: a server for the whole run, unless the caller
// (scripts/test-all.sh) already started one and passed TEST_PG_URL, and on it one migrated
// database that each test file's database is copied from (CREATE DATABASE … TEMPLATE).
import crypto from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../lib/db/connection.ts";
import { migrate } from "../../lib/db/migrate.ts";
import { startCluster } from "./pg-cluster.ts";

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject) {
  const cluster = process.env.TEST_PG_URL ? undefined : await startCluster();
  const url = process.env.TEST_PG_URL ?? cluster!.url;
  const template = `tpl_${crypto.randomBytes(6).toString("hex")}`;
  await admin(url, `CREATE DATABASE ${template}`);
  // No connection may stay open on a template while it is copied: migrate, then close.
  const database = await openDatabase({ kind: "postgres", url: url.replace(/\/[^/]*$/, `/${template}`), poolSize: 1 });
  await migrate(database.sql);
  await database.close();
  project.provide("pgUrl", url);
  project.provide("pgTemplate", template);
  return async () => {
    if (cluster) return cluster.stop();
    await admin(url, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    pgUrl: string;
    pgTemplate: string;
  }
}
