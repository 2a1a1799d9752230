// /api/contacts/my/blacklist/{service}…: add, list, remove by id or by group, the WordPress alias,
// and the service checks (Sms, Voice, Viber, TwoStep, Lookup, NumberValidator only).
import { describe, expect, it } from "vitest";
import * as contacts from "../../app/api/contacts/my/route.ts";
import * as blacklist from "../../app/api/contacts/my/blacklist/[service]/route.ts";
import * as remove from "../../app/api/contacts/my/blacklist/[service]/remove/route.ts";
import * as byGroups from "../../app/api/contacts/my/blacklist/[service]/groups/route.ts";
import * as noService from "../../app/api/contacts/my/blacklist/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { bearer, call, type Call } from "../support/http.ts";

const db = useTestDatabase();

async function account(n = 3) {
  const a = await makeAccount(db.ctx());
  const auth = bearer(await a.token());
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((await call(contacts.POST, { method: "POST", path: "/contacts/my", headers: auth, body: { mobile: `+30691234567${i}` } })).body.id);
  const at = (service: string) => ({ path: `/contacts/my/blacklist/${service}`, headers: auth, params: { service } });
  return { ...a, auth, ids, at };
}

function expectError(r: Call, status: number, code?: string) {
  expect(r.status).toBe(status);
  expect(typeof r.body?.developerMessage).toBe("string");
  if (code) expect(r.body.code).toBe(code);
}

const blacklisted = async (accountId: string, service = "Sms") =>
  (await db.ctx().db.contact.findMany({ where: { accountId, blacklistedServices: { has: service } }, select: { id: true } })).map((c) => c.id).sort();

describe("POST /api/contacts/my/blacklist/{service}", () => {
  it("blacklists contacts given as id strings or {id} objects and answers {updated}", async () => {
    const a = await account();
    const r = await call(blacklist.POST, { method: "POST", ...a.at("Sms"), body: [a.ids[0], { id: a.ids[1] }] });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ updated: 2 });
    expect(await blacklisted(a.account.id)).toEqual([a.ids[0], a.ids[1]].sort());
    const again = await call(blacklist.POST, { method: "POST", ...a.at("Sms"), body: [a.ids[0]] });
    expect(again.body).toEqual({ updated: 0 });
    await call(blacklist.POST, { method: "POST", ...a.at("viber"), body: [a.ids[0]] });
    const c = await db.ctx().db.contact.findUniqueOrThrow({ where: { id: a.ids[0] } });
    expect(c.blacklistedServices).toEqual(["Sms", "Viber"]);
  });

  it("refuses an empty array, an empty body and unknown ids (404002001) without changing anything", async () => {
    const a = await account();
    expectError(await call(blacklist.POST, { method: "POST", ...a.at("Sms"), body: [] }), 400);
    expectError(await call(blacklist.POST, { method: "POST", ...a.at("Sms"), headers: { ...a.auth, "content-type": "application/json" }, raw: "" }), 400);
    const unknown = await call(blacklist.POST, { method: "POST", ...a.at("Sms"), body: [a.ids[0], "0d6f1c1e-1111-4111-8111-111111111111"] });
    expectError(unknown, 404, "404002001");
    expectError(await call(blacklist.POST, { method: "POST", ...a.at("Sms"), body: ["not-an-id"] }), 404, "404002001");
    expect(await blacklisted(a.account.id)).toEqual([]);
  });

  it("refuses a missing, unknown or empty service with the error envelope", async () => {
    const a = await account(1);
    for (const service of ["dummy", "", " ", "Email"]) expectError(await call(blacklist.POST, { method: "POST", ...a.at(service), body: [a.ids[0]] }), 400, "400000000");
    expectError(await call(blacklist.GET, { ...a.at("dummy") }), 400, "400000000");
    const missing = await call(noService.POST, { method: "POST", path: "/contacts/my/blacklist", headers: a.auth, body: [a.ids[0]] });
    expectError(missing, 400, "400000000");
    expect(missing.body.developerMessage).toContain("NumberValidator");
    expectError(await call(noService.GET, { path: "/contacts/my/blacklist", headers: a.auth }), 400);
  });
});

describe("GET /api/contacts/my/blacklist/{service}", () => {
  it("lists the blacklisted contacts of the service, each with blacklistedServices", async () => {
    const a = await account();
    await call(blacklist.POST, { method: "POST", ...a.at("Sms"), body: [a.ids[1]] });
    await call(blacklist.POST, { method: "POST", ...a.at("Voice"), body: [a.ids[2]] });
    const r = await call(blacklist.GET, { ...a.at("Sms") });
    expect(r.status).toBe(200);
    expect(r.body.map((c: { id: string }) => c.id)).toEqual([a.ids[1]]);
    expect(r.body[0]).toMatchObject({ mobile: "+306912345671", blacklistedServices: ["Sms"], groups: [], labels: [] });
    expect((await call(blacklist.GET, { ...a.at("TwoStep") })).body).toEqual([]);
  });
});

describe("DELETE /api/contacts/my/blacklist/{service} (and POST …/remove)", () => {
  it("takes contacts off the blacklist and answers how many", async () => {
    const a = await account();
    await call(blacklist.POST, { method: "POST", ...a.at("Sms"), body: a.ids });
    const r = await call(blacklist.DELETE, { method: "DELETE", ...a.at("Sms"), body: [{ id: a.ids[0] }] });
    expect(r.body).toEqual({ updated: 1 });
    const alias = await call(remove.POST, { method: "POST", ...a.at("Sms"), path: `/contacts/my/blacklist/Sms/remove`, body: [a.ids[1], a.ids[0]] });
    expect(alias.body).toEqual({ updated: 1 });
    expect(await blacklisted(a.account.id)).toEqual([a.ids[2]]);
    expectError(await call(blacklist.DELETE, { method: "DELETE", ...a.at("Sms"), body: [] }), 400);
    expectError(await call(blacklist.DELETE, { method: "DELETE", ...a.at("Sms"), headers: { ...a.auth, "content-type": "application/json" }, raw: "null" }), 400);
  });
});

describe("DELETE /api/contacts/my/blacklist/{service}/groups", () => {
  it("takes every contact of the groups off, NotListed and All included, and answers an object", async () => {
    const a = await account();
    await db.ctx().db.contactGroup.create({ data: { accountId: a.account.id, name: "Team" } });
    await db.ctx().db.contact.update({ where: { id: a.ids[0] }, data: { groups: ["Team"] } });
    await call(blacklist.POST, { method: "POST", ...a.at("Sms"), body: a.ids });
    const groups = (body: unknown) => call(byGroups.DELETE, { method: "DELETE", ...a.at("Sms"), path: "/contacts/my/blacklist/Sms/groups", body });
    const notListed = await groups(["NotListed"]);
    expect(notListed.status).toBe(200);
    expect(notListed.body).toEqual({ updated: 2 });
    expect(await blacklisted(a.account.id)).toEqual([a.ids[0]]);
    expect((await groups(["All"])).body).toEqual({ updated: 1 });
    expectError(await groups(["Nope"]), 404, "404002003");
    expectError(await groups([]), 400);
  });
});
