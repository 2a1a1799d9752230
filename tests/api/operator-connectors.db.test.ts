// The operator's connectors over the API: create with every option, edit, stop, start, delete;
// the password sealed and never answered by any route; the live status the workers write shown
// per connector and bind; costs from CSV; and every bad input a 4xx naming its property.
import crypto from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as connectors from "../../app/api/operator/connectors/route.ts";
import * as connector from "../../app/api/operator/connectors/[id]/route.ts";
import * as stop from "../../app/api/operator/connectors/[id]/stop/route.ts";
import * as start from "../../app/api/operator/connectors/[id]/start/route.ts";
import * as costs from "../../app/api/operator/connectors/[id]/costs/route.ts";
import * as routes from "../../app/api/operator/routes/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { call } from "../support/http.ts";
import { operatorCookie } from "./operator-kit.ts";
import * as routeTest from "../../app/api/operator/route-test/route.ts";
import { makeAccount, sessionCookie } from "../support/factories.ts";

const db = useTestDatabase();
let cookie: Record<string, string>;
beforeAll(async () => {
  cookie = await operatorCookie(db.ctx());
});
beforeEach(async () => {
  await db.ctx().db.route.deleteMany();
  await db.ctx().db.connector.deleteMany();
});

const PASSWORD = "Pw-9f3a71";
const full = {
  name: "athens-premium",
  host: "smsc.athens.example",
  port: 3550,
  systemId: "acme",
  password: PASSWORD,
  systemType: "VMA",
  bindMode: "transmitter-receiver",
  binds: 3,
  window: 25,
  tps: 40,
  tls: true,
  caFile: "/etc/switchboard/athens-ca.pem",
  sourceTon: 5,
  sourceNpi: 0,
  destTon: 1,
  destNpi: 1,
  gsm7DataCoding: 3,
  enquireLinkSeconds: 20,
  temporaryErrors: [88, 20],
};

const create = (body: unknown) => call(connectors.POST, { method: "POST", path: "/operator/connectors", headers: cookie, body });
const list = () => call(connectors.GET, { path: "/operator/connectors", headers: cookie });
const one = (id: string) => call(connector.GET, { path: `/operator/connectors/${id}`, headers: cookie, params: { id } });
const patch = (id: string, body: unknown) => call(connector.PATCH, { method: "PATCH", path: `/operator/connectors/${id}`, headers: cookie, params: { id }, body });
const remove = (id: string) => call(connector.DELETE, { method: "DELETE", path: `/operator/connectors/${id}`, headers: cookie, params: { id } });

describe("operator connectors", () => {
  it("is for platform administrators only: an account owner gets 403 platformAdminOnly", async () => {
    const { user } = await makeAccount(db.ctx());
    const owner = { cookie: await sessionCookie(user.id) };
    const answers = [
      await call(connectors.GET, { path: "/operator/connectors", headers: owner }),
      await call(connectors.POST, { method: "POST", path: "/operator/connectors", headers: owner, body: { name: "x", host: "h", port: 1 } }),
      await call(routes.POST, { method: "POST", path: "/operator/routes", headers: owner, body: { connectorIds: [crypto.randomUUID()] } }),
      await call(routeTest.POST, { method: "POST", path: "/operator/route-test", headers: owner, body: { to: "+306912345678" } }),
    ];
    for (const a of answers) expect([a.status, a.body.code]).toEqual([403, "403000002"]);
    expect((await call(connectors.GET, { path: "/operator/connectors" })).status).toBe(401);
    expect(await db.ctx().db.connector.count()).toBe(0);
  });

  it("creates a connector with every option and answers passwordSet, never the password", async () => {
    const r = await create(full);
    expect(r.status).toBe(200);
    const { password: _password, ...settings } = full;
    expect(r.body).toMatchObject({ ...settings, passwordSet: true, enabled: true, routes: 0 });
    expect(r.body).not.toHaveProperty("password");
    const row = await db.ctx().db.connector.findUniqueOrThrow({ where: { id: r.body.id } });
    expect(row.passwordSealed).not.toContain(PASSWORD);

    const minimal = await create({ name: "bulk", host: "10.0.0.7", port: 2775 });
    expect(minimal.body).toMatchObject({
      systemId: "",
      passwordSet: false,
      bindMode: "transceiver",
      binds: 1,
      window: 10,
      tps: 100,
      tls: false,
      gsm7DataCoding: 0,
      enquireLinkSeconds: 30,
      temporaryErrors: [88, 20, 8],
      sourceTon: null,
    });
  });

  it("edits only what it names; an empty password clears it, a left-out one keeps it", async () => {
    const { body: c } = await create(full);
    const before = new Date(c.updatedAt).getTime();
    const edited = await patch(c.id, { window: 50, tls: false, caFile: "", sourceTon: null });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ window: 50, tls: false, caFile: "", sourceTon: null, binds: 3, passwordSet: true });
    expect(new Date(edited.body.updatedAt).getTime()).toBeGreaterThan(before);
    expect((await patch(c.id, { password: "" })).body.passwordSet).toBe(false);
    expect((await patch(c.id, { password: "new-one" })).body.passwordSet).toBe(true);
    expect((await patch(c.id, { name: "renamed" })).body.name).toBe("renamed");
  });

  it("stops and starts a connector, and deletes it once no route uses it", async () => {
    const { body: c } = await create({ name: "a", host: "h", port: 1 });
    const stopped = await call(stop.POST, { method: "POST", path: `/operator/connectors/${c.id}/stop`, headers: cookie, params: { id: c.id } });
    expect(stopped.body).toMatchObject({ enabled: false });
    expect((await list()).body.content[0]).toMatchObject({ name: "a", state: "stopped" });
    const started = await call(start.POST, { method: "POST", path: `/operator/connectors/${c.id}/start`, headers: cookie, params: { id: c.id } });
    expect(started.body).toMatchObject({ enabled: true });

    const route = await call(routes.POST, { method: "POST", path: "/operator/routes", headers: cookie, body: { country: "GR", connectorIds: [c.id] } });
    expect(route.status).toBe(200);
    const inUse = await remove(c.id);
    expect(inUse.status).toBe(409);
    expect(inUse.body).toMatchObject({ code: "409015003", property: "id", value: [route.body.id] });
    await db.ctx().db.route.deleteMany();
    expect((await remove(c.id)).status).toBe(200);
    expect((await one(c.id)).status).toBe(404);
  });

  it("refuses bad input with a 4xx naming the property", async () => {
    await create({ name: "taken", host: "h", port: 1 });
    const base = { name: "x", host: "h", port: 2775 };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...base, name: "taken" }, 409, "name"],
      [{ ...base, name: "two words" }, 400, "name"],
      [{ ...base, name: "" }, 400, "name"],
      [{ name: "x", port: 2775 }, 400, "host"],
      [{ ...base, host: "" }, 400, "host"],
      [{ ...base, host: "smsc example" }, 400, "host"],
      [{ name: "x", host: "h" }, 400, "port"],
      [{ ...base, port: 0 }, 400, "port"],
      [{ ...base, port: 70000 }, 400, "port"],
      [{ ...base, port: "2775x" }, 400, "port"],
      [{ ...base, bindMode: "both" }, 400, "bindMode"],
      [{ ...base, binds: 0 }, 400, "binds"],
      [{ ...base, window: 1.5 }, 400, "window"],
      [{ ...base, tps: -1 }, 400, "tps"],
      [{ ...base, tls: "yes" }, 400, "tls"],
      [{ ...base, caFile: "/ca.pem" }, 400, "caFile"],
      [{ ...base, sourceTon: 9 }, 400, "sourceTon"],
      [{ ...base, destNpi: 2 }, 400, "destNpi"],
      [{ ...base, gsm7DataCoding: 2 }, 400, "gsm7DataCoding"],
      [{ ...base, enquireLinkSeconds: 1 }, 400, "enquireLinkSeconds"],
      [{ ...base, temporaryErrors: [88, "x"] }, 400, "temporaryErrors.1"],
      [{ ...base, systemType: "much-too-long-type" }, 400, "systemType"],
    ];
    for (const [body, status, property] of cases) {
      const r = await create(body);
      expect([r.status, r.body.property], JSON.stringify(body)).toEqual([status, property]);
    }
    const { body: c } = await create(base);
    expect((await patch(c.id, { port: -1 })).body.property).toBe("port");
    expect((await patch(c.id, { name: "taken" })).status).toBe(409);
    for (const id of ["nope", crypto.randomUUID()]) {
      expect((await one(id)).status).toBe(404);
      expect((await patch(id, { port: 1 })).body.code).toBe("404015001");
      expect((await remove(id)).status).toBe(404);
    }
    const malformed = await call(connectors.POST, { method: "POST", path: "/operator/connectors", headers: { ...cookie, "content-type": "application/json" }, raw: "{" });
    expect(malformed.status).toBe(400);
  });

  it("shows the status every worker reports: per bind, window in use, rates, latency, and stale reports", async () => {
    const { body: c } = await create({ name: "live", host: "h", port: 1, binds: 2 });
    const now = db.ctx().now();
    await db.ctx().db.connectorStatus.createMany({
      data: [
        {
          connectorId: c.id,
          worker: "web-1:100",
          state: "degraded",
          binds: [
            { index: 0, kind: "transceiver", state: "bound", since: "2026-11-25T10:00:00.000Z", inFlight: 4 },
            { index: 1, kind: "transceiver", state: "down", lastError: "ECONNREFUSED 10.0.0.9:2775", since: "2026-11-25T10:05:00.000Z", inFlight: 0 },
          ],
          counters: { inFlight: 4, window: 20, submitted: 1200 },
          rates: { submitsPerSecond: 41.5, receiptsPerSecond: 39, throttledPerSecond: 0.5, latencyMs: { mean: 23, p95: 61 } },
          breaker: "closed",
          updatedAt: now,
        },
        { connectorId: c.id, worker: "old:1", state: "bound", binds: [], counters: {}, rates: {}, updatedAt: new Date(now.getTime() - 60_000) },
      ],
    });
    const r = await list();
    const live = r.body.content.find((x: any) => x.name === "live");
    expect(live.state).toBe("degraded");
    expect(live.workers).toEqual([
      expect.objectContaining({ worker: "old:1", stale: true }),
      expect.objectContaining({
        worker: "web-1:100",
        state: "degraded",
        stale: false,
        inFlight: 4,
        window: 20,
        submitsPerSecond: 41.5,
        receiptsPerSecond: 39,
        throttledPerSecond: 0.5,
        latencyMs: 23,
        latencyP95Ms: 61,
        binds: [
          { index: 0, kind: "transceiver", state: "bound", lastError: "", since: "2026-11-25T10:00:00.000Z", inFlight: 4 },
          { index: 1, kind: "transceiver", state: "down", lastError: "ECONNREFUSED 10.0.0.9:2775", since: "2026-11-25T10:05:00.000Z", inFlight: 0 },
        ],
      }),
    ]);
  });

  it("imports and exports costs per connector as CSV", async () => {
    const { body: c } = await create({ name: "costly", host: "h", port: 1 });
    const put = (csv: unknown) => call(costs.PUT, { method: "PUT", path: `/operator/connectors/${c.id}/costs`, headers: cookie, params: { id: c.id }, body: { csv } });
    expect((await put("country,network,cost\nGR,,0.021\nGR,20201,0.018\n")).body).toEqual({ imported: 2 });
    const json = await call(costs.GET, { path: `/operator/connectors/${c.id}/costs`, headers: cookie, params: { id: c.id } });
    expect(json.body.content).toEqual([
      { country: "GR", network: "", cost: 0.021, currency: "EUR" },
      { country: "GR", network: "20201", cost: 0.018, currency: "EUR" },
    ]);
    const csv = await call(costs.GET, { path: `/operator/connectors/${c.id}/costs?format=csv`, headers: cookie, params: { id: c.id } });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toContain("costs-costly.csv");
    expect(csv.text).toBe("country,network,cost,currency\r\nGR,,0.021,EUR\r\nGR,20201,0.018,EUR\r\n");
    const bad = await put("country,network,cost\nGR,,0.02\nGreece,,0.02");
    expect(bad).toMatchObject({ status: 400, body: { property: "csv", developerMessage: expect.stringContaining("line 3") } });
    expect((await put(42)).body.property).toBe("csv");
    const missing = crypto.randomUUID();
    expect((await call(costs.GET, { path: `/operator/connectors/${missing}/costs`, headers: cookie, params: { id: missing } })).status).toBe(404);
  });

  it("never answers the password, on any route", async () => {
    const { body: c } = await create(full);
    await patch(c.id, { window: 30 });
    const answers = [
      await list(),
      await one(c.id),
      await patch(c.id, { password: PASSWORD }),
      await call(stop.POST, { method: "POST", path: "/", headers: cookie, params: { id: c.id } }),
      await call(start.POST, { method: "POST", path: "/", headers: cookie, params: { id: c.id } }),
      await call(costs.GET, { path: "/", headers: cookie, params: { id: c.id } }),
    ];
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.text).not.toContain(PASSWORD);
      expect(a.text).not.toContain("passwordSealed");
      expect(a.text).not.toContain((await db.ctx().db.connector.findUniqueOrThrow({ where: { id: c.id } })).passwordSealed);
    }
  });
});
