// Callbacks claimed from their own table (deliver-callback.ts, lib/jobs/table-loop.ts): a claim
// whose worker died is sent by another once its lease runs out, once; a failed answer is retried
// after its delay until the round's retries are spent (the log shows when it is next attempted);
// a replay gives the callback a new round.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbKind, useTestDatabase } from "../../../tests/support/test-db.ts";
import { makeAccount } from "../../../tests/support/factories.ts";
import { eventually } from "../../../tests/support/messaging.ts";
import { startWorker, type Worker } from "../../server/worker.ts";
import { deliverCallback } from "./deliver-callback.ts";
import { scheduleCallback } from "./schedule-callback.ts";
import { replayCallback } from "./replay-callback.ts";
import { readDelivery } from "./read-delivery.ts";
import { deliveryDetailView } from "../../schemas/webhooks-serializers.ts";

const db = useTestDatabase();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let server: http.Server;
let base = "";
/** Requests received, by path: their webhook-id headers. */
const received = new Map<string, string[]>();
const answers = new Map<string, number>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const path = req.url ?? "";
      received.set(path, [...(received.get(path) ?? []), String(req.headers["webhook-id"])]);
      res.writeHead(answers.get(path) ?? 200).end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

async function schedule(path: string) {
  const ctx = db.ctx();
  const { account } = await makeAccount(ctx);
  const row = await ctx.db.$transaction((tx) => scheduleCallback(ctx, tx, { accountId: account.id, kind: "sms.status", url: `${base}${path}`, payload: { path } }));
  return { accountId: account.id, id: row.id };
}

const stateOf = (id: string) => db.ctx().db.callback.findUniqueOrThrow({ where: { id }, include: { attemptLog: { orderBy: { attempt: "asc" } } } });

describe("callbacks claimed from their table", () => {
  it("sends a callback whose worker died holding it once its lease has run out, and only once", async () => {
    const cb = await schedule("/orphan");
    // Due and waiting (the queue gauges' count), until a worker claims it.
    const backlog = async () => (await db.ctx().sql.query<{ jobs: number }>(deliverCallback.backlog)).rows[0]!.jobs;
    expect(await backlog()).toBe(1);
    // A worker claims it with a 2 s lease and dies before its POST.
    const leased = { ...deliverCallback, leaseSeconds: 2 };
    const claimed = await deliverCallback.claim(db.ctx(), 10, leased);
    expect(claimed.map((c) => c.id)).toEqual([cb.id]);
    expect(await backlog()).toBe(0);
    const leaseEnd = (await stateOf(cb.id)).dueAt!;
    let worker: Worker | undefined;
    try {
      worker = await startWorker(db.database(), [leased], { pollingIntervalSeconds: 0.2 });
      db.ctx().wake(deliverCallback);
      // Another worker sends it once the lease has run out, not before...
      const done = await eventually(
        () => stateOf(cb.id),
        (c) => c.state === "delivered",
      );
      expect(done.attemptLog[0]!.at.getTime()).toBeGreaterThanOrEqual(leaseEnd.getTime());
      // ...and once.
      await sleep(500);
      expect(received.get("/orphan")).toEqual([cb.id]);
      expect({ attempts: done.attempts, logged: done.attemptLog.length, dueAt: done.dueAt }).toEqual({ attempts: 1, logged: 1, dueAt: null });
    } finally {
      await worker?.stop(5000);
    }
  });

  // PostgreSQL: two connections. (PGlite has one: nothing runs beside a statement.)
  it.skipIf(dbKind !== "postgres")("renews the leases in hand without waiting for a callback another statement is settling", async () => {
    const a = await schedule("/held-a");
    const b = await schedule("/held-b");
    const claimed = await deliverCallback.claim(db.ctx(), 10, deliverCallback);
    expect(claimed.map((c) => c.id).sort()).toEqual([a.id, b.id].sort());
    const dueOf = async (id: string) => (await stateOf(id)).dueAt!.getTime();
    const [aBefore, bBefore] = [await dueOf(a.id), await dueOf(b.id)];
    await sleep(50);
    // A store holds a's row (as store-outcomes.ts does while it settles it) while the lease of both is renewed.
    await db.ctx().sql.session(async (store) => {
      await store.query("BEGIN");
      await store.query("SELECT 1 FROM callbacks WHERE id = $1::uuid FOR UPDATE", [a.id]);
      try {
        // Waiting for that row is how the two deadlocked: the renewal must end while the store still holds it.
        const renewed = await Promise.race([deliverCallback.renew(db.ctx(), claimed, deliverCallback).then(() => "renewed"), sleep(5000).then(() => "waited")]);
        expect(renewed).toBe("renewed");
      } finally {
        await store.query("ROLLBACK");
      }
    });
    expect(await dueOf(b.id)).toBeGreaterThan(bBefore);
    expect(await dueOf(a.id)).toBe(aBefore);
    await deliverCallback.release(db.ctx(), claimed);
  });

  it("shows when a retrying callback is attempted next", async () => {
    answers.set("/later", 503);
    const worker = await startWorker(db.database(), [{ ...deliverCallback, retryDelaySeconds: 60, retryBackoff: false }], { pollingIntervalSeconds: 0.2 });
    try {
      const cb = await schedule("/later");
      db.ctx().wake(deliverCallback);
      await eventually(
        () => stateOf(cb.id),
        (c) => c.attemptLog.length === 1,
      );
      const failedAt = Date.now();
      const shown = deliveryDetailView(await readDelivery(db.ctx(), { accountId: cb.accountId, id: cb.id }));
      expect(shown.state).toBe("retrying");
      // About a minute after the failed attempt (the delay of its first retry).
      const next = Date.parse(shown.nextAttemptAt);
      expect(next - failedAt).toBeGreaterThan(50_000);
      expect(next - failedAt).toBeLessThan(61_000);
    } finally {
      await worker.stop(5000);
    }
  });

  it("retries a failing receiver until the round's retries are spent; a replay begins a new round", async () => {
    answers.set("/flaky", 500);
    const retrying = { ...deliverCallback, retryLimit: 1, retryDelaySeconds: 0.2, retryBackoff: false };
    const worker = await startWorker(db.database(), [retrying], { pollingIntervalSeconds: 0.2 });
    try {
      const cb = await schedule("/flaky");
      db.ctx().wake(deliverCallback);
      // The first attempt and one retry, then failed: nothing more is due.
      const failed = await eventually(
        () => stateOf(cb.id),
        (c) => c.state === "failed",
      );
      expect({ attempts: failed.attemptLog.map((a) => [a.attempt, a.statusCode]), dueAt: failed.dueAt }).toEqual({
        attempts: [
          [1, 500],
          [2, 500],
        ],
        dueAt: null,
      });
      // Replayed: a round of its own (1 + 1 attempts), each carrying who asked for it.
      await replayCallback(db.ctx(), { accountId: cb.accountId, id: cb.id, by: "ops@example.com" });
      const again = await eventually(
        () => stateOf(cb.id),
        (c) => c.state === "failed" && c.attemptLog.length === 4,
      );
      expect(again.attemptLog.slice(2).map((a) => [a.attempt, a.statusCode, a.replayedBy])).toEqual([
        [3, 500, "ops@example.com"],
        [4, 500, "ops@example.com"],
      ]);
      // The receiver is back: the next replay is delivered at its first attempt.
      answers.set("/flaky", 200);
      await replayCallback(db.ctx(), { accountId: cb.accountId, id: cb.id, by: "ops@example.com" });
      const delivered = await eventually(
        () => stateOf(cb.id),
        (c) => c.state === "delivered",
      );
      expect(delivered.attemptLog.length).toBe(5);
      await sleep(500);
      expect(received.get("/flaky")).toHaveLength(5);
    } finally {
      await worker.stop(5000);
    }
  });
});
