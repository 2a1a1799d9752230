// The circuit breaker of a connector, end to end: A keeps answering ESME_RTHROTTLED, so after five
// failures it is taken out of its route (GR → A then B) for a cool-down, during which parts go
// straight to B with the hop "taken out after repeated failures" and A sees none of them; after
// the cool-down one probe goes to A: refused, A is out for another cool-down; accepted, A gets its
// traffic back. The console's status row shows the breaker.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { eventually } from "../support/messaging.ts";
import { addConnector, greekNumbers, setRoutes } from "../support/routing-kit.ts";
import { seedPrices } from "../../lib/core/prices/seed-prices.ts";
import { sendSms } from "../../lib/core/sms/send-sms.ts";
import { startSmscSimulator, type SmscSimulator } from "../../lib/carrier/smsc-simulator.ts";
import { startConnectors, type ConnectorsHandle } from "../../lib/server/connectors.ts";
import { startWorker, type Worker } from "../../lib/server/worker.ts";
import { jobs } from "../../lib/server/jobs.ts";

const COOL_DOWN_MS = 5000;
const db = useTestDatabase();
let a: SmscSimulator;
let b: SmscSimulator;
let connectors: ConnectorsHandle;
let worker: Worker;
let accountId = "";
const ids = { A: "", B: "" };
let next = 0;

beforeAll(async () => {
  a = await startSmscSimulator({ port: 0, deliveryDelayMs: 50 });
  b = await startSmscSimulator({ port: 0, deliveryDelayMs: 50 });
  ids.A = await addConnector(db.ctx(), "A", { port: a.port });
  ids.B = await addConnector(db.ctx(), "B", { port: b.port });
  await setRoutes(db.ctx(), [{ position: 1, country: "GR", connectorIds: [ids.A, ids.B] }]);
  // Production's breaker (five failures), with a shorter cool-down than its ten seconds.
  connectors = await startConnectors(db.database(), { checkEveryMs: 200, statusEveryMs: 200, breaker: { failures: 5, coolDownMs: COOL_DOWN_MS } });
  await eventually(
    async () => a.sessions() + b.sessions(),
    (n) => n === 2,
  );
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

/** One GR message, run to Delivered: where it went and the hops before. */
async function send() {
  const [to] = greekNumbers(1, next++);
  const { message } = await sendSms(db.ctx(), { accountId, from: "Switchboard", to: to!, body: "Breaker hello" });
  const p = await eventually(
    () => db.ctx().db.messagePart.findFirstOrThrow({ where: { messageId: message.id }, select: { status: true, connectorId: true, routeHops: true } }),
    (p) => p.status === "Delivered",
  );
  return { connector: p.connectorId === ids.A ? "A" : p.connectorId === ids.B ? "B" : p.connectorId, hops: (p.routeHops ?? []) as { connector: string; description: string }[] };
}

const breakerShown = () =>
  db
    .ctx()
    .sql.query<{ breaker: string }>(`SELECT breaker FROM connector_status WHERE connector_id = $1::uuid`, [ids.A])
    .then((r) => r.rows[0]?.breaker);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("a connector that keeps failing", () => {
  it("is taken out after five failures, probed after its cool-down, and gets its traffic back once the probe goes through", { timeout: 60_000 }, async () => {
    a.throttle();
    for (let i = 0; i < 5; i++) expect(await send()).toMatchObject({ connector: "B", hops: [{ connector: "A", description: expect.stringMatching(/THROTTLED/) }] });
    expect(a.stats().throttled).toBe(5);
    expect(connectors.router.breakerState(ids.A)).toBe("open");
    // Taken out: straight to B, A sees nothing; the console shows it.
    const out = { connector: "B", hops: [{ connector: "A", description: "taken out after repeated failures (cooling down)" }] };
    expect(await Promise.all([send(), send(), send()])).toMatchObject([out, out, out]);
    expect(a.stats().received).toBe(5);
    await eventually(breakerShown, (s) => s === "open");

    // The cool-down ends while A still throttles: the probe is refused, A is out again.
    await sleep(COOL_DOWN_MS + 200);
    expect(await send()).toMatchObject({ connector: "B", hops: [{ connector: "A", description: expect.stringMatching(/THROTTLED/) }] });
    expect(a.stats().received).toBe(6);
    expect(await send()).toMatchObject(out);

    // A recovers: after the next cool-down the probe goes through and A has its traffic back.
    a.normal();
    await sleep(COOL_DOWN_MS + 200);
    expect(connectors.router.breakerState(ids.A)).toBe("half-open");
    expect(await send()).toMatchObject({ connector: "A", hops: [] });
    expect(connectors.router.breakerState(ids.A)).toBe("closed");
    for (let i = 0; i < 3; i++) expect(await send()).toMatchObject({ connector: "A", hops: [] });
    await eventually(breakerShown, (s) => s === "closed");
  });
});
