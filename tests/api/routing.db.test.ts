// Carriers and routing end to end: two SMSC simulators as connectors A and B, routes "GR → A then
// B" and "everything else → B". Single messages and a campaign go where the routes say (counted
// at each simulator), receipts from both are applied, every part records its connector, a part
// fails over to B when A has no bind (its hop recorded), and a route changed in the table is
// followed without a restart.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as send } from "../../app/api/sms/route.ts";
import { POST as createCampaign } from "../../app/api/sms/campaign/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { bearer, call } from "../support/http.ts";
import { eventually } from "../support/messaging.ts";
import { seedPrices } from "../../lib/core/prices/seed-prices.ts";
import { startSmscSimulator, type SmscSimulator } from "../../lib/carrier/smsc-simulator.ts";
import { startConnectors, type ConnectorsHandle } from "../../lib/server/connectors.ts";
import { startWorker, type Worker } from "../../lib/server/worker.ts";
import { jobs } from "../../lib/server/jobs.ts";
import { addConnector } from "../support/routing-kit.ts";

const db = useTestDatabase();
let a: SmscSimulator;
let b: SmscSimulator;
let connectors: ConnectorsHandle;
let worker: Worker;
const ids: Record<string, string> = {};

async function addRoute(position: number, country: string, names: string[]) {
  await db.ctx().sql.query(`INSERT INTO routes (position, country, connector_ids) VALUES ($1, $2, $3::uuid[])`, [position, country, names.map((n) => ids[n])]);
}

beforeAll(async () => {
  a = await startSmscSimulator({ port: 0, deliveryDelayMs: 50 });
  b = await startSmscSimulator({ port: 0, deliveryDelayMs: 50 });
  ids.A = await addConnector(db.ctx(), "A", { port: a.port, window: 20 });
  ids.B = await addConnector(db.ctx(), "B", { port: b.port, window: 20 });
  await addRoute(1, "GR", ["A", "B"]);
  await addRoute(2, "", ["B"]);
  connectors = await startConnectors(db.database(), { checkEveryMs: 200, statusEveryMs: 300 });
  await eventually(
    async () => a.sessions() + b.sessions(),
    (n) => n === 2,
  );
  worker = await startWorker(db.database(), jobs, { pollingIntervalSeconds: 0.5 });
}, 60_000);

afterAll(async () => {
  await worker?.stop(5000);
  await connectors?.close();
  await a?.close();
  await b?.close();
});

async function sender() {
  await seedPrices(db.ctx());
  const acc = await makeAccount(db.ctx(), { balance: 500 });
  return { ...acc, auth: bearer(await acc.token()) };
}

async function sendTo(auth: Record<string, string>, to: string) {
  const r = await call(send, { method: "POST", path: "/sms", headers: auth, body: { from: "Switchboard", to, body: "Routed hello" } });
  expect(r.status).toBe(200);
  return r.body.trackingId as string;
}

const partsOf = (messageIds: string[]) =>
  db.ctx().db.messagePart.findMany({ where: { messageId: { in: messageIds } }, select: { status: true, connectorId: true, routeHops: true, message: { select: { to: true } } } });

const allFinal = (parts: { status: string }[]) => parts.length > 0 && parts.every((p) => p.status === "Delivered");

describe("routing between two connectors", () => {
  it("sends GR to A and the rest to B, applies both SMSCs' receipts and records each part's connector", async () => {
    const s = await sender();
    const [aBefore, bBefore] = [a.submitted(), b.submitted()];
    const greek = await Promise.all(["+306912345601", "+306912345602", "+306912345603"].map((to) => sendTo(s.auth, to)));
    const others = await Promise.all(["+35799123456", "+4915112345678"].map((to) => sendTo(s.auth, to)));
    const parts = await eventually(() => partsOf([...greek, ...others]), allFinal);
    expect(a.submitted() - aBefore).toBe(3);
    expect(b.submitted() - bBefore).toBe(2);
    for (const p of parts) expect(p.connectorId).toBe(p.message.to.startsWith("+30") ? ids.A : ids.B);
  });

  it("routes a campaign's recipients by country", async () => {
    const s = await sender();
    const [aBefore, bBefore] = [a.submitted(), b.submitted()];
    const to = [...Array.from({ length: 40 }, (_, i) => `+3069123450${String(i).padStart(2, "0")}`), ...Array.from({ length: 20 }, (_, i) => `+357991234${String(i).padStart(2, "0")}`)];
    const r = await call(createCampaign, { method: "POST", path: "/sms/campaign", headers: s.auth, body: { from: "Switchboard", to, body: "Campaign hello" } });
    expect(r.status).toBe(200);
    const parts = await eventually(
      () =>
        db.ctx().db.messagePart.findMany({ where: { message: { campaignId: r.body.trackingId } }, select: { status: true, connectorId: true, routeHops: true, message: { select: { to: true } } } }),
      (p) => p.length === 60 && allFinal(p),
      30_000,
    );
    expect(a.submitted() - aBefore).toBe(40);
    expect(b.submitted() - bBefore).toBe(20);
    expect(parts.filter((p) => p.connectorId === ids.A)).toHaveLength(40);
    expect(parts.filter((p) => p.connectorId === ids.B).every((p) => p.message.to.startsWith("+357"))).toBe(true);
  });

  it("fails over to B while A has no bound bind, recording the hop", async () => {
    const s = await sender();
    await db.ctx().sql.query(`UPDATE connectors SET enabled = false, updated_at = now() WHERE id = $1::uuid`, [ids.A]);
    await eventually(
      async () => a.sessions(),
      (n) => n === 0,
    );
    const bBefore = b.submitted();
    const id = await sendTo(s.auth, "+306912345699");
    const [part] = await eventually(() => partsOf([id]), allFinal);
    expect(part!.connectorId).toBe(ids.B);
    expect(part!.routeHops).toEqual([{ connector: "A", description: "stopped" }]);
    expect(b.submitted() - bBefore).toBe(1);
    await db.ctx().sql.query(`UPDATE connectors SET enabled = true, updated_at = now() WHERE id = $1::uuid`, [ids.A]);
    await eventually(
      async () => a.sessions(),
      (n) => n === 1,
    );
  });

  it("follows a route added in the table without a restart, and reports each connector's status", async () => {
    const s = await sender();
    await addRoute(0, "CY", ["A"]);
    await new Promise((r) => setTimeout(r, 1500));
    const aBefore = a.submitted();
    const id = await sendTo(s.auth, "+35799123499");
    const [part] = await eventually(() => partsOf([id]), allFinal);
    expect(part!.connectorId).toBe(ids.A);
    expect(a.submitted() - aBefore).toBe(1);
    const status = await eventually(
      () => db.ctx().sql.query<{ connector_id: string; state: string }>(`SELECT connector_id::text, state FROM connector_status`),
      (r) => r.rows.length === 2 && r.rows.every((x) => x.state === "bound"),
    );
    expect(status.rows.map((r) => r.connector_id).sort()).toEqual([ids.A, ids.B].sort());
  });
});
