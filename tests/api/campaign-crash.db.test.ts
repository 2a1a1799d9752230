// A worker process killed with SIGKILL in the middle of a campaign, then started again: every
// recipient is sent exactly once. Runs on PostgreSQL only (separate worker processes share the
// database there; PGlite belongs to one process).
import { spawn, type ChildProcess } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { dbKind, useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { eventually } from "../support/messaging.ts";
import { seedPrices } from "../../lib/core/prices/seed-prices.ts";
import { startSmscSimulator, type SmscSimulator } from "../../lib/carrier/smsc-simulator.ts";
import { createCampaign } from "../../lib/core/campaigns/create-campaign.ts";

const db = useTestDatabase();
const workers: ChildProcess[] = [];
let simulator: SmscSimulator | undefined;

afterAll(async () => {
  for (const w of workers) if (w.exitCode === null) w.kill("SIGKILL");
  await simulator?.close();
});

function startWorker(smscUrl: string): ChildProcess {
  // node itself, not the tsx launcher: SIGKILL must reach the process that does the work.
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
    env: { ...process.env, DATABASE_URL: db.url()!, SMSC_URL: smscUrl, LOG_LEVEL: "error", DATA_DIR: path.join(os.tmpdir(), `switchboard-crash-${process.pid}`), WORKER: "inline" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  workers.push(child);
  return child;
}

describe.skipIf(dbKind !== "postgres")("a worker killed mid-campaign", () => {
  it("loses and duplicates no message when it restarts", { timeout: 180_000 }, async () => {
    const N = 6000;
    simulator = await startSmscSimulator({ port: 0, deliveryDelayMs: 100, recordLimit: 50_000 });
    // Slow enough (2 binds × 1,000/s) that the kill lands in the middle.
    const smscUrl = `${simulator.url}?binds=2&window=20&tps=1000`;
    await seedPrices(db.ctx());
    const a = await makeAccount(db.ctx(), { balance: 1000 });
    const to = Array.from({ length: N }, (_, i) => `+3069${String(10_000_000 + i * 13)}`);

    const first = startWorker(smscUrl);
    const c = await createCampaign(db.ctx(), { accountId: a.account.id, currency: "EUR" }, { from: "Crash", body: "One of six thousand", to });
    await eventually(async () => simulator!.submitted(), (n) => n >= N / 4, 60_000);
    first.kill("SIGKILL");
    await new Promise((r) => first.once("exit", r));
    const atKill = simulator.submitted();
    expect(atKill).toBeLessThan(N);

    startWorker(smscUrl);
    await eventually(
      () => db.ctx().db.campaign.findUniqueOrThrow({ where: { id: c.id } }),
      (x) => x.state === "Sent" || x.state === "Finished",
      150_000,
    );

    const accepted = simulator.received().filter((r) => !r.duplicate && r.commandStatus === 0);
    const perNumber = new Map<string, number>();
    for (const r of accepted) perNumber.set(r.destinationAddr, (perNumber.get(r.destinationAddr) ?? 0) + 1);
    expect(perNumber.size).toBe(N);
    expect([...perNumber.values()].every((n) => n === 1)).toBe(true);
    // Parts the first worker had in flight were submitted again and recognised as such.
    expect(simulator.received().length).toBe(N + simulator.duplicates());

    const { rows } = await db.ctx().sql.query<{ messages: number; unsent: number; ids: number }>(
      `SELECT count(DISTINCT m.id)::int AS messages, count(*) FILTER (WHERE p.status = 'Queued')::int AS unsent,
              count(DISTINCT p.smsc_message_id)::int AS ids
       FROM messages m JOIN message_parts p ON p.message_id = m.id WHERE m.campaign_id = $1`,
      [c.id],
    );
    expect(rows[0]).toEqual({ messages: N, unsent: 0, ids: N });
  });
});
