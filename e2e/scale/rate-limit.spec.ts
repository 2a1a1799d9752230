// Rate limits across instances: two web instances behind a round-robin, one application limited
// to 10 requests per second. Every one-second window allows ten 200s across both instances and
// no more (the count is in PostgreSQL); with the limits of before, in each instance's memory,
// each instance allowed its own ten (and bursts of twenty).
import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import { execFileSync } from "node:child_process";
import pg from "pg";
import { test, expect } from "@playwright/test";
import { startDeployment, type Deployment } from "../../tests/support/deployment.ts";
import { freePort } from "../../tests/support/pg-cluster.ts";

let deployment: Deployment | undefined;
let workDir = "";

test.afterAll(async () => {
  await deployment?.stop();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

test("an application limited to 10 requests/s gets at most 10 per second across two instances", async () => {
  test.setTimeout(180_000);
  const pgUrl = process.env.TEST_PG_URL!;
  const databaseUrl = execFileSync(path.resolve("node_modules/.bin/tsx"), ["tests/support/create-db.ts", pgUrl, "scale_rate_limit"], { encoding: "utf8" }).trim();
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), "switchboard-rate-"));
  deployment = await startDeployment({ databaseUrl, smscUrl: "smpp://sim:sim@127.0.0.1:1", webs: 2, workers: 0, workDir, freePort });
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`UPDATE applications SET rate_limit_per_second = 10`);
  await admin.end();

  const headers = { authorization: `Bearer ${deployment.token}` };
  let turn = 0;
  let ok = 0;
  let refused = 0;
  const started = Date.now();
  while (Date.now() < started + 3500) {
    // Eight clients at once, each request to the next instance in turn.
    const statuses = await Promise.all(Array.from({ length: 8 }, () => fetch(`${deployment!.webUrls[turn++ % 2]}/api/accounts/me/balance`, { headers }).then((r) => r.status)));
    ok += statuses.filter((s) => s === 200).length;
    refused += statuses.filter((s) => s === 429).length;
  }
  const windows = Math.floor(Date.now() / 1000) - Math.floor(started / 1000) + 1;
  expect(refused).toBeGreaterThan(0);
  expect(ok).toBeLessThanOrEqual(10 * windows);
  expect(ok).toBeGreaterThanOrEqual(10 * (windows - 1));
});
