// A worker process killed with SIGKILL while it hands a stream of single messages to the SMSC
// (sms.submit, a claimed batch at once: lib/core/sms/submit-batch.ts), a new one started: every
// message ends Delivered with one Sent and one final event per part, each reaches the handset
// once (the simulator recognises a resubmission by its client reference), the parts the dead
// worker may have left at the SMSC unrecorded are flagged possible_duplicate and bounded by what
// it had in flight, and every receipt arrives. Its jobs are taken over when their lease runs out.
// PostgreSQL only: separate worker processes share the database there; PGlite belongs to one.
import { afterAll, describe, expect, it } from "vitest";
import { dbKind, useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { startSmscSimulator, type SmscSimulator } from "../../lib/carrier/smsc-simulator.ts";
import { seedPrices } from "../../lib/core/prices/seed-prices.ts";
import { sendSms } from "../../lib/core/sms/send-sms.ts";
import { numbers, spawnWorker, waitFor, type WorkerProcess } from "./fault-kit.ts";

const db = useTestDatabase();
const workers: WorkerProcess[] = [];
let simulator: SmscSimulator | undefined;

afterAll(async () => {
  for (const w of workers) if (w.child.exitCode === null) w.child.kill("SIGKILL");
  await simulator?.close();
});

const BINDS = 2;
const WINDOW = 10;
/** Parts a crash can leave at the SMSC unrecorded: two windows per bind handed over (submit-batch.ts), per batch in flight (2). */
const BOUND = 2 * 2 * BINDS * WINDOW;

describe.skipIf(dbKind !== "postgres")("a worker process killed while it sends single messages", () => {
  it("at 30%: each message once at the SMSC, copies bounded and flagged, every receipt in", { timeout: 150_000 }, async () => {
    const N = 1000;
    const ctx = db.ctx();
    // Each submit_sm is answered after 40 ms: the windows are full when the kill lands.
    simulator = await startSmscSimulator({ port: 0, deliveryDelayMs: 200, respondDelayMs: 40, recordLimit: 20_000 });
    const start = () => {
      const w = spawnWorker({ DATABASE_URL: db.url()!, SMSC_URL: `${simulator!.url}?binds=${BINDS}&window=${WINDOW}&tps=0` });
      workers.push(w);
      return w;
    };
    await seedPrices(ctx);
    const { account } = await makeAccount(ctx, { balance: 1000 });
    let worker = start();
    const to = numbers(N, 50_000);
    for (let i = 0; i < N; i += 100) await Promise.all(to.slice(i, i + 100).map((t) => sendSms(ctx, { accountId: account.id, from: "Crash", to: t, body: "One of a stream" })));

    await waitFor(
      () => simulator!.submitted(),
      (n) => n >= 0.3 * N,
      60_000,
      "30% submitted",
    );
    worker.child.kill("SIGKILL");
    await worker.exited;
    const killedAt = Date.now();
    expect(simulator.submitted()).toBeLessThan(N);
    worker = start();

    const open = () => ctx.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM messages WHERE account_id = $1::uuid AND status IN ('Queued', 'Sent')`, [account.id]);
    await waitFor(open, (r) => r.rows[0]!.n === 0, 90_000, "every message final").catch((e: Error) => {
      throw new Error(`${e.message}\n${worker.log()}`);
    });
    const recoveredMs = Date.now() - killedAt;
    await waitFor(
      () => simulator!.pendingDeliveries(),
      (n) => n === 0,
      10_000,
      "every receipt acknowledged",
    );

    const statuses = await ctx.sql.query<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM messages WHERE account_id = $1::uuid GROUP BY status`, [account.id]);
    expect(Object.fromEntries(statuses.rows.map((r) => [r.status, r.n]))).toEqual({ Delivered: N });
    // One Sent and one final event per part, whatever was sent twice.
    const repeated = await ctx.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (
         SELECT e.part_id, e.status FROM message_events e JOIN messages m ON m.id = e.message_id
          WHERE m.account_id = $1::uuid AND e.part_id IS NOT NULL GROUP BY e.part_id, e.status HAVING count(*) > 1) x`,
      [account.id],
    );
    expect(repeated.rows[0]!.n).toBe(0);

    // At the SMSC: each destination accepted for delivery once; the parts sent twice are flagged.
    const byRef = new Map<string, number>();
    const delivered = new Map<string, number>();
    for (const r of simulator.received()) {
      byRef.set(r.clientRef, (byRef.get(r.clientRef) ?? 0) + 1);
      if (r.commandStatus === 0 && !r.duplicate) delivered.set(r.destinationAddr, (delivered.get(r.destinationAddr) ?? 0) + 1);
    }
    expect(delivered.size).toBe(N);
    expect([...delivered.values()].every((n) => n === 1)).toBe(true);
    const twice = [...byRef].filter(([, n]) => n > 1).map(([ref]) => ref);
    const flagged = new Set((await ctx.sql.query<{ id: string }>(`SELECT p.id::text FROM message_parts p WHERE p.account_id = $1::uuid AND p.possible_duplicate`, [account.id])).rows.map((r) => r.id));
    expect(twice.filter((ref) => !flagged.has(ref))).toEqual([]);
    expect(twice.length).toBeLessThanOrEqual(BOUND);
    console.info(`[faults] SIGKILL on a stream of ${N} single messages: all final ${recoveredMs} ms after; ${twice.length} parts reached the SMSC twice (bound ${BOUND}), ${flagged.size} flagged`);
  });
});
