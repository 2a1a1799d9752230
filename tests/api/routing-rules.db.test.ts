// The operator's routing rules over the API: add, edit, move and delete, in order; every bad
// input a 4xx naming its property (unknown country, malformed prefix, a connector that does not
// exist, weights that do not fit); and the route tester answering what the router would do.
import crypto from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as routes from "../../app/api/operator/routes/route.ts";
import * as route from "../../app/api/operator/routes/[id]/route.ts";
import * as routeTest from "../../app/api/operator/route-test/route.ts";
import * as connectors from "../../app/api/operator/connectors/route.ts";
import * as costs from "../../app/api/operator/connectors/[id]/costs/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { call } from "../support/http.ts";
import { operatorCookie } from "./operator-kit.ts";
import { setConnectorEnabled } from "../../lib/core/routing/manage-connectors.ts";

const db = useTestDatabase();
let cookie: Record<string, string>;
let A: string;
let B: string;
beforeAll(async () => {
  cookie = await operatorCookie(db.ctx());
});
beforeEach(async () => {
  await db.ctx().db.route.deleteMany();
  await db.ctx().db.connector.deleteMany();
  A = (await call(connectors.POST, { method: "POST", path: "/", headers: cookie, body: { name: "A", host: "h", port: 1 } })).body.id;
  B = (await call(connectors.POST, { method: "POST", path: "/", headers: cookie, body: { name: "B", host: "h", port: 2 } })).body.id;
});

const add = (body: unknown) => call(routes.POST, { method: "POST", path: "/operator/routes", headers: cookie, body });
const list = async () => (await call(routes.GET, { path: "/operator/routes", headers: cookie })).body.content as any[];
const patch = (id: string, body: unknown) => call(route.PATCH, { method: "PATCH", path: `/operator/routes/${id}`, headers: cookie, params: { id }, body });
const remove = (id: string) => call(route.DELETE, { method: "DELETE", path: `/operator/routes/${id}`, headers: cookie, params: { id } });
const test = (body: unknown) => call(routeTest.POST, { method: "POST", path: "/operator/route-test", headers: cookie, body });
const order = async () => (await list()).map((r) => `${r.position}:${r.name}`);

describe("operator routes", () => {
  it("adds rules in order, inserts at a position, moves and deletes them keeping 1..n", async () => {
    const gr = await add({ name: "gr", country: "gr, cy", prefix: "+3069", kind: "otp,single", senderType: "alphanumeric", connectorIds: [A, B] });
    expect(gr.status).toBe(200);
    expect(gr.body).toMatchObject({ position: 1, country: "GR,CY", prefix: "3069", kind: "otp,single", strategy: "priority", connectors: ["A", "B"], weights: [], enabled: true, accountId: "" });
    const all = await add({ name: "all", connectorIds: [B] });
    const split = await add({ name: "split", network: "202-01", connectorIds: [A, B], weights: [70, 30], position: 1 });
    expect(split.body).toMatchObject({ position: 1, strategy: "weights", network: "20201" });
    expect(await order()).toEqual(["1:split", "2:gr", "3:all"]);

    expect((await patch(all.body.id, { position: 1 })).body.position).toBe(1);
    expect(await order()).toEqual(["1:all", "2:split", "3:gr"]);
    await patch(all.body.id, { position: 99 });
    expect(await order()).toEqual(["1:split", "2:gr", "3:all"]);

    const edited = await patch(gr.body.id, { strategy: "cost", country: "", enabled: false });
    expect(edited.body).toMatchObject({ strategy: "cost", country: "", prefix: "3069", enabled: false, position: 2 });
    expect((await patch(split.body.id, { strategy: "priority" })).body).toMatchObject({ strategy: "priority", weights: [] });
    expect((await patch(split.body.id, { weights: [1, 3] })).body).toMatchObject({ strategy: "weights", weights: [1, 3] });

    expect((await remove(split.body.id)).body).toEqual({ id: split.body.id, removed: true });
    expect(await order()).toEqual(["1:gr", "2:all"]);
    expect((await call(route.GET, { path: "/", headers: cookie, params: { id: gr.body.id } })).body.name).toBe("gr");
  });

  it("refuses bad rules with a 4xx naming the property", async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ country: "XX", connectorIds: [A] }, 400, "country"],
      [{ country: "Greece", connectorIds: [A] }, 400, "country"],
      [{ prefix: "30a", connectorIds: [A] }, 400, "prefix"],
      [{ prefix: "+", connectorIds: [A] }, 400, "prefix"],
      [{ network: "2020", connectorIds: [A] }, 400, "network"],
      [{ kind: "fax", connectorIds: [A] }, 400, "kind"],
      [{ senderType: "emoji", connectorIds: [A] }, 400, "senderType"],
      [{ strategy: "fastest", connectorIds: [A] }, 400, "strategy"],
      [{ connectorIds: [] }, 400, "connectorIds"],
      [{}, 400, "connectorIds"],
      [{ connectorIds: [A, A] }, 400, "connectorIds"],
      [{ connectorIds: [A, crypto.randomUUID()] }, 404, "connectorIds"],
      [{ connectorIds: ["not-an-id"] }, 404, "connectorIds"],
      [{ connectorIds: [A, B], weights: [100] }, 400, "weights"],
      [{ connectorIds: [A, B], weights: [0, 0] }, 400, "weights"],
      [{ connectorIds: [A, B], weights: [-1, 2] }, 400, "weights.0"],
      [{ connectorIds: [A, B], strategy: "priority", weights: [1, 1] }, 400, "weights"],
      [{ connectorIds: [A, B], strategy: "weights" }, 400, "weights"],
      [{ connectorIds: [A], accountId: crypto.randomUUID() }, 404, "accountId"],
      [{ connectorIds: [A], position: 0 }, 400, "position"],
      [{ connectorIds: [A], enabled: "yes" }, 400, "enabled"],
    ];
    for (const [body, status, property] of cases) {
      const r = await add(body);
      expect([r.status, r.body.property], JSON.stringify(body)).toEqual([status, property]);
    }
    expect(await list()).toEqual([]);
    const { body: r } = await add({ connectorIds: [A, B], weights: [70, 30] });
    expect((await patch(r.id, { connectorIds: [A] })).body.property).toBe("weights");
    expect((await patch(r.id, { country: "ZZ" })).body.property).toBe("country");
    for (const id of ["nope", crypto.randomUUID()]) {
      expect((await patch(id, { name: "x" })).body.code).toBe("404015004");
      expect((await remove(id)).status).toBe(404);
    }
  });
});

describe("route tester", () => {
  it("names the connector and the rule that chose it, the way the router does", async () => {
    const { account } = await makeAccount(db.ctx());
    const otp = await add({ name: "otp premium", kind: "otp", connectorIds: [B] });
    const gr = await add({ name: "greece", country: "GR", connectorIds: [A, B] });
    const vip = await add({ name: "vip", accountId: account.id, senderType: "numeric", connectorIds: [B], position: 1 });

    const plain = await test({ accountId: account.id, from: "Shop", to: "+30 691 234 5678" });
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ connector: "A", connectorId: A, routeId: gr.body.id, destination: { to: "+306912345678", country: "GR", senderType: "alphanumeric" } });
    expect(plain.body.rule).toMatchObject({ name: "greece", position: 3 });
    expect(plain.body.reason).toContain('Route 3 "greece" (country=GR) matched first; priority: A → B.');
    expect((await test({ accountId: account.id, from: "306900000000", to: "+306912345678" })).body.routeId).toBe(vip.body.id);
    expect((await test({ from: "Shop", to: "+306912345678", kind: "otp" })).body).toMatchObject({ connector: "B", routeId: otp.body.id });

    const none = await test({ to: "+4915123456789" });
    expect(none.body).toMatchObject({ connector: "", routeId: "", rule: null, order: [] });
  });

  it("orders least-cost connectors by their costs for the destination", async () => {
    const put = (id: string, csv: string) => call(costs.PUT, { method: "PUT", path: "/", headers: cookie, params: { id }, body: { csv } });
    await put(A, "country,network,cost\nGR,,0.03\nGR,20201,0.01\n");
    await put(B, "country,network,cost\nGR,,0.02\n");
    await add({ country: "GR", strategy: "cost", connectorIds: [A, B] });
    const country = await test({ to: "+306912345678" });
    expect(country.body.order.map((c: any) => [c.name, c.cost])).toEqual([
      ["B", 0.02],
      ["A", 0.03],
    ]);
    expect(country.body.reason).toContain("least cost first: B 0.02, A 0.03");
    expect((await test({ to: "+306912345678", network: "20201" })).body.connector).toBe("A");
  });

  it("draws by weights, and skips stopped connectors", async () => {
    await add({ country: "GR", connectorIds: [A, B], weights: [100, 0] });
    expect((await test({ to: "+306912345678" })).body.connector).toBe("A");
    await setConnectorEnabled(db.ctx(), A, false);
    const r = await test({ to: "+306912345678" });
    expect(r.body.connector).toBe("B");
    expect(r.body.reason).toContain("A is stopped, so B");
  });

  it("refuses bad questions with a 4xx naming the property", async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{}, 400, "to"],
      [{ to: "hello" }, 400, "to"],
      [{ to: "+3069" }, 400, "to"],
      [{ to: "+306912345678", accountId: "nope" }, 404, "accountId"],
      [{ to: "+306912345678", accountId: crypto.randomUUID() }, 404, "accountId"],
      [{ to: "+306912345678", kind: "fax" }, 400, "kind"],
      [{ to: "+306912345678", network: "abc" }, 400, "network"],
      [{ to: "+306912345678", from: "a sender far too long" }, 400, "from"],
    ];
    for (const [body, status, property] of cases) {
      const r = await test(body);
      expect([r.status, r.body.property], JSON.stringify(body)).toEqual([status, property]);
    }
  });
});
