// Scale-out: two web instances and three workers against one PostgreSQL database and two SMSCs.
// A platform administrator adds the second SMSC as a connector and routes part of Greece to it
// on one web instance; every worker follows. A 30,000-recipient campaign posted to one web
// instance is then sent exactly once in total, each part to the SMSC its route names, the work
// is spread over every worker's SMPP binds, both web instances serve the API at once, and the
// campaign reaches its final state as seen from the other instance.
// (Throughput against the number of workers is measured by `npm run bench -- --only B8`.)
import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import { test, expect } from "@playwright/test";
import { execFileSync } from "node:child_process";
import pg from "pg";
import { encode } from "next-auth/jwt";
import { startSmscSimulator, type SmscSimulator } from "../../lib/carrier/smsc-simulator.ts";
import { startDeployment, type Deployment } from "../../tests/support/deployment.ts";
import { freePort } from "../../tests/support/pg-cluster.ts";

const N = 30_000;
const WORKERS = 3;
const BINDS = 2;

/** The i-th recipient: distinct valid Greek mobiles whose last four digits pick no simulator outcome. */
const recipient = (i: number) => `+3069${String(5000 + Math.floor(i / 9000)).padStart(4, "0")}${1000 + (i % 9000)}`;

test.describe.configure({ mode: "serial" });

let simulator: SmscSimulator | undefined;
let beta: SmscSimulator | undefined;
let deployment: Deployment | undefined;
let workDir = "";

test.afterAll(async () => {
  await deployment?.stop();
  await simulator?.close();
  await beta?.close();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

test("a campaign across two web instances and three workers is sent exactly once, spread over every bind", async () => {
  test.setTimeout(300_000);
  const pgUrl = process.env.TEST_PG_URL!;
  const databaseUrl = execFileSync(path.resolve("node_modules/.bin/tsx"), ["tests/support/create-db.ts", pgUrl, "scale_out"], { encoding: "utf8" }).trim();
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), "switchboard-scale-"));
  simulator = await startSmscSimulator({ port: 0, deliveryDelayMs: 200, recordLimit: N + 1000 });
  deployment = await startDeployment({
    databaseUrl,
    smscUrl: `${simulator.url}?binds=${BINDS}&window=20&tps=0`,
    webs: 2,
    workers: WORKERS,
    workDir,
    freePort,
    // One worker's binds up before the next starts: sessions 1–2 are worker 1's, 3–4 worker 2's, …
    workerStarted: (n) => expect.poll(() => simulator!.sessions(), { timeout: 60_000 }).toBeGreaterThanOrEqual(n * BINDS),
  });

  const [webA, webB] = deployment.webUrls as [string, string];
  const headers = { authorization: `Bearer ${deployment.token}`, "content-type": "application/json" };

  // The operator adds a second SMSC on web A and routes the recipients whose numbers start
  // +30695001 or +30695003 to it on web B; the workers follow the table without a restart.
  beta = await startSmscSimulator({ port: 0, deliveryDelayMs: 200, recordLimit: N + 1000 });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const admin = (await db.query<{ id: string }>(`SELECT id::text FROM users WHERE platform_admin LIMIT 1`)).rows[0]!;
  await db.end();
  const operator = {
    "content-type": "application/json",
    cookie: `next-auth.session-token=${await encode({ token: { sub: admin.id }, secret: deployment.authSecret })}`,
  };
  const added = await fetch(`${webA}/api/operator/connectors`, {
    method: "POST",
    headers: operator,
    body: JSON.stringify({ name: "beta", host: "127.0.0.1", port: beta.port, systemId: "switchboard", password: "switchboard", binds: 1, window: 20, tps: 0 }),
  });
  const connector = (await added.json()) as { id: string };
  expect(added.status, JSON.stringify(connector)).toBeLessThan(300);
  const routed = await fetch(`${webB}/api/operator/routes`, { method: "POST", headers: operator, body: JSON.stringify({ prefix: "30695001,30695003", connectorIds: [connector.id] }) });
  expect(routed.status, await routed.clone().text()).toBeLessThan(300);
  // Every worker binds to beta once it has read the change.
  await expect.poll(() => beta!.sessions(), { timeout: 30_000 }).toBe(WORKERS);
  const toBeta = (number: string) => /^\+?30695(001|003)/.test(number);
  const to = Array.from({ length: N }, (_, i) => recipient(i));
  const t0 = Date.now();
  const posted = await fetch(`${webA}/api/sms/campaign`, {
    method: "POST",
    headers,
    body: JSON.stringify({ from: "Switchboard", body: "Scale-out: one of thirty thousand.", to, campaignName: "Scale-out" }),
  });
  const campaign = (await posted.json()) as { trackingId: string; totalMessages: number; state: string };
  expect(posted.status).toBe(200);
  expect(campaign.totalMessages).toBe(N);

  // Meanwhile single messages go through both web instances (the token works on either).
  const singles = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      fetch(`${i % 2 ? webB : webA}/api/sms`, { method: "POST", headers, body: JSON.stringify({ from: "Switchboard", to: `+306971${String(100000 + i)}`, body: `single ${i}` }) }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as { trackingId?: string },
      })),
    ),
  );
  expect(
    singles.filter((s) => s.status !== 200),
    JSON.stringify(singles[0]),
  ).toEqual([]);

  // The other instance sees the campaign finish.
  await expect
    .poll(
      async () => {
        const r = await fetch(`${webB}/api/campaigns/${campaign.trackingId}`, { headers });
        return ((await r.json()) as { state: string }).state;
      },
      { timeout: 240_000, intervals: [1000] },
    )
    .toMatch(/^(Sent|Finished)$/);

  // Exactly once at the SMSCs: every recipient once, at the SMSC its route names, no resubmission.
  const received = simulator.received();
  const campaignSubmits = received.filter((r) => r.text.startsWith("Scale-out"));
  const betaSubmits = beta.received().filter((r) => r.text.startsWith("Scale-out"));
  const perDestination = new Map<string, number>();
  for (const r of [...campaignSubmits, ...betaSubmits]) perDestination.set(r.destinationAddr, (perDestination.get(r.destinationAddr) ?? 0) + 1);
  expect(perDestination.size).toBe(N);
  expect([...perDestination.values()].filter((c) => c !== 1)).toEqual([]);
  expect(simulator.duplicates() + beta.duplicates()).toBe(0);
  expect(betaSubmits.filter((r) => !toBeta(r.destinationAddr))).toEqual([]);
  expect(campaignSubmits.filter((r) => toBeta(r.destinationAddr))).toEqual([]);
  expect(betaSubmits.length).toBe(to.filter(toBeta).length);
  await expect.poll(() => simulator!.received().filter((r) => r.text.startsWith("single")).length, { timeout: 30_000 }).toBe(40);

  // Spread: every worker's binds carried a real share (a third each when evenly spread).
  const perWorker = Array<number>(WORKERS).fill(0);
  for (const r of campaignSubmits) perWorker[Math.min(WORKERS, Math.ceil(r.session / BINDS)) - 1]! += 1;
  const shares = perWorker.map((c) => c / campaignSubmits.length);
  for (const share of shares) expect(share).toBeGreaterThan(0.1);
  // Each worker's log says it worked; none crashed.
  for (const w of deployment.workers) expect(w.isRunning(), `${w.name}:\n${w.tail()}`).toBe(true);
  for (const w of deployment.webs) expect(w.isRunning(), `${w.name}:\n${w.tail()}`).toBe(true);
  console.log(`scale-out: ${N} recipients finished in ${((Date.now() - t0) / 1000).toFixed(1)} s; shares per worker ${shares.map((s) => `${(s * 100).toFixed(1)} %`).join(", ")}`);
});
