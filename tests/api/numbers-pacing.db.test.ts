// A rented number sends at most one SMS per second: ten messages sent at once leave the SMSC
// connection a second apart (measured at the simulator), with two workers taking jobs, while a
// message from an alphanumeric sender is not held behind them.
import { describe, expect, it } from "vitest";
import { POST as send } from "../../app/api/sms/route.ts";
import { POST as rent } from "../../app/api/numbers/my/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { bearer, call } from "../support/http.ts";
import { eventually, useMessaging } from "../support/messaging.ts";
import { seedPrices } from "../../lib/core/prices/seed-prices.ts";
import { startWorker } from "../../lib/server/worker.ts";
import { jobs } from "../../lib/server/jobs.ts";

const db = useTestDatabase();
const messaging = useMessaging(() => db.database(), { deliveryDelayMs: 100 });

describe("sending from a rented number", () => {
  it("hands ten simultaneous messages to the SMSC at least a second apart", { timeout: 60_000 }, async () => {
    await seedPrices(db.ctx());
    const a = await makeAccount(db.ctx(), { balance: 100 });
    const auth = bearer(await a.token());
    const msisdn = "+4477009000007";
    expect((await call(rent, { method: "POST", path: "/numbers/my", headers: auth, body: { msisdn } })).status).toBe(200);
    // A second worker on the same database: the pace lives in the database, not in a process.
    const second = await startWorker(db.database(), jobs, { pollingIntervalSeconds: 0.5 });
    try {
      const from = msisdn.slice(1);
      const started = Date.now();
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => call(send, { method: "POST", path: "/sms", headers: auth, body: { from, to: `+30691234${5600 + i}`, body: `Burst ${i}` } })),
      );
      expect(answers.every((r) => r.status === 200 && r.body.status === "Queued")).toBe(true);
      const other = await call(send, { method: "POST", path: "/sms", headers: auth, body: { from: "Switchboard", to: "+306912349999", body: "Not paced" } });
      expect(other.status).toBe(200);

      const ids = new Set(answers.map((r) => r.body.trackingId as string));
      const sent = await eventually(
        () => db.ctx().db.messagePart.findMany({ where: { messageId: { in: [...ids] } }, select: { smscMessageId: true, status: true } }),
        (parts) => parts.every((p) => p.smscMessageId),
        30_000,
      );
      const smscIds = new Set(sent.map((p) => p.smscMessageId));
      const times = messaging
        .simulator()
        .received()
        .filter((s) => smscIds.has(s.messageId) && !s.duplicate)
        .map((s) => s.receivedAt.getTime())
        .sort((x, y) => x - y);
      expect(times).toHaveLength(10);
      const gaps = times.slice(1).map((t, i) => t - times[i]!);
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1000);
      // Paced, not throttled to a crawl: ten messages within about ten seconds.
      expect(times[9]! - times[0]!).toBeLessThan(12_000);
      expect(times[0]! - started).toBeLessThan(3_000);

      const alnum = messaging
        .simulator()
        .received()
        .find((s) => s.sourceAddr === "Switchboard" && s.text === "Not paced");
      expect(alnum).toBeDefined();
      expect(alnum!.receivedAt.getTime()).toBeLessThan(times[9]!);
    } finally {
      await second.stop(5000);
    }
  });
});
