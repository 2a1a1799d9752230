// Failover when a connector throttles: simulator A answers every submit_sm ESME_RTHROTTLED for ten
// seconds. With a weights route (GR → A 70 / B 30) the traffic meant for A spills to B and comes
// back to A once its circuit breaker's probe succeeds; with a route to A alone, single messages and
// a campaign wait (Queued, neither failed nor sent elsewhere) and go when A recovers (at their
// job's first retry after A's cool-down: the jobs' own backoff, 2 s doubling). Either way
// every destination is delivered exactly once, counted at both simulators. It waits out real
// seconds, so it runs with the fault tests, once, on PostgreSQL (the logic does not depend on the
// database).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbKind, useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { eventually } from "../support/messaging.ts";
import { addConnector, deliveredCounts, greekNumbers, setRoutes } from "../support/routing-kit.ts";
import { seedPrices } from "../../lib/core/prices/seed-prices.ts";
import { sendSms } from "../../lib/core/sms/send-sms.ts";
import { createCampaign } from "../../lib/core/campaigns/create-campaign.ts";
import { startSmscSimulator, type SmscSimulator } from "../../lib/carrier/smsc-simulator.ts";
import { startConnectors, type ConnectorsHandle } from "../../lib/server/connectors.ts";
import { startWorker, type Worker } from "../../lib/server/worker.ts";
import { jobs } from "../../lib/server/jobs.ts";

const db = useTestDatabase();
let a: SmscSimulator;
let b: SmscSimulator;
let connectors: ConnectorsHandle;
let worker: Worker;
let accountId = "";
const ids = { A: "", B: "" };
let next = 0;
const fresh = (n: number) => greekNumbers(n, (next += n) - n);

beforeAll(async () => {
  if (dbKind !== "postgres") return;
  a = await startSmscSimulator({ port: 0, deliveryDelayMs: 50 });
  b = await startSmscSimulator({ port: 0, deliveryDelayMs: 50 });
  ids.A = await addConnector(db.ctx(), "A", { port: a.port });
  ids.B = await addConnector(db.ctx(), "B", { port: b.port });
  connectors = await startConnectors(db.database(), { checkEveryMs: 200, statusEveryMs: 500 });
  await eventually(
    async () => a.sessions() + b.sessions(),
    (n) => n === 2,
  );
  // The jobs' own retry schedules (sms.submit: 2 s doubling; campaign.batch: 2 s doubling): the
  // parts must outlast ten seconds of throttling with them.
  worker = await startWorker(db.database(), jobs, { pollingIntervalSeconds: 0.2 });
  await seedPrices(db.ctx());
  accountId = (await makeAccount(db.ctx(), { balance: 500 })).account.id;
}, 60_000);

afterAll(async () => {
  await worker?.stop(5000);
  await connectors?.close();
  await a?.close();
  await b?.close();
});

const partsTo = (to: string[]) =>
  db.ctx().db.messagePart.findMany({
    where: { message: { to: { in: to } } },
    select: { status: true, connectorId: true, routeHops: true, possibleDuplicate: true, message: { select: { to: true } } },
  });

const allDelivered = (n: number) => (parts: { status: string }[]) => parts.length === n && parts.every((p) => p.status === "Delivered");

/** Where each of `to` was delivered: [at A, at B] per destination. */
async function deliveries(to: string[]) {
  const [atA, atB] = await Promise.all([deliveredCounts((s) => a.delivered(s)), deliveredCounts((s) => b.delivered(s))]);
  return to.map((t) => [atA.get(t) ?? 0, atB.get(t) ?? 0] as const);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(dbKind !== "postgres")("a connector answering ESME_RTHROTTLED for ten seconds", () => {
  it("with GR → A 70 / B 30 by weights: a stream of messages spills to B, returns to A after its probe, each delivered once", { timeout: 90_000 }, async () => {
    await setRoutes(db.ctx(), [{ position: 1, country: "GR", strategy: "weights", connectorIds: [ids.A, ids.B], weights: [70, 30] }]);
    const to = fresh(120);
    a.throttle(10);
    // Four messages a second for fifteen seconds: through the throttling and past A's cool-down.
    for (let i = 0; i < to.length; i += 2) {
      await Promise.all(to.slice(i, i + 2).map((t) => sendSms(db.ctx(), { accountId, from: "Switchboard", to: t, body: "Weighted hello" })));
      await sleep(250);
    }
    const parts = await eventually(() => partsTo(to), allDelivered(to.length), 40_000);
    // Each destination reached exactly one SMSC, once.
    expect((await deliveries(to)).filter(([x, y]) => x + y !== 1)).toEqual([]);
    const spilled = parts.filter((p) => p.connectorId === ids.B && JSON.stringify(p.routeHops).includes('"connector":"A"'));
    expect(spilled.length).toBeGreaterThan(10);
    // Spilled parts say why: A throttled, or A taken out by its breaker.
    for (const p of spilled) expect((p.routeHops as { description: string }[])[0]!.description).toMatch(/THROTTLED|taken out after repeated failures/);
    // A got its share back once the throttling ended and its breaker's probe went through.
    expect(parts.filter((p) => p.connectorId === ids.A).length).toBeGreaterThan(5);
    expect(a.stats().throttled).toBeGreaterThan(0);
    expect(parts.every((p) => !p.possibleDuplicate)).toBe(true);
  });

  // Single messages and a campaign wait out the same ten seconds of throttling side by side (one
  // throttle window for both: the file waits real seconds).
  it("with GR → A alone: single messages and a campaign of 300 wait, not failed and not sent elsewhere, and go once A recovers, each once", { timeout: 120_000 }, async () => {
    await eventually(
      async () => connectors.router.breakerState(ids.A),
      (s) => s === "closed",
      30_000,
    );
    await setRoutes(db.ctx(), [{ position: 1, country: "GR", connectorIds: [ids.A] }]);
    const singles = fresh(20);
    const to = fresh(300);
    const bBefore = b.stats().delivered;
    a.throttle(10);
    const started = Date.now();
    await Promise.all(singles.map((t) => sendSms(db.ctx(), { accountId, from: "Switchboard", to: t, body: "Patient hello" })));
    const c = await createCampaign(db.ctx(), { accountId, currency: "EUR" }, { from: "Switchboard", body: "Patient campaign", to });
    await sleep(5000);
    const waiting = await partsTo(singles);
    expect(waiting).toHaveLength(singles.length);
    expect(waiting.every((p) => p.status === "Queued")).toBe(true);
    const parts = await eventually(
      () => db.ctx().db.messagePart.findMany({ where: { message: { campaignId: c.id } }, select: { status: true, connectorId: true, message: { select: { to: true } } } }),
      (p) => {
        // Nothing gives up while A throttles.
        expect(p.filter((x) => x.status === "Failed" || x.status === "Unsent")).toEqual([]);
        return allDelivered(to.length)(p);
      },
      100_000,
    );
    expect(Date.now() - started).toBeGreaterThan(10_000);
    const singleParts = await eventually(() => partsTo(singles), allDelivered(singles.length), 70_000);
    expect([...parts, ...singleParts].every((p) => p.connectorId === ids.A)).toBe(true);
    expect((await deliveries([...singles, ...to])).filter(([x, y]) => x !== 1 || y !== 0)).toEqual([]);
    expect(b.stats().delivered).toBe(bBefore);
  });
});
