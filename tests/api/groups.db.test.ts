// /api/groups/my…: list, page, size, create (None, All, Filtered), delete, merge, difference and a
// group's contacts; All and NotListed always exist; names in paths are URL-decoded.
import { describe, expect, it } from "vitest";
import * as contacts from "../../app/api/contacts/my/route.ts";
import * as labels from "../../app/api/contacts/labels/my/route.ts";
import * as groups from "../../app/api/groups/my/route.ts";
import * as groupPage from "../../app/api/groups/my/page/route.ts";
import * as group from "../../app/api/groups/my/[name]/route.ts";
import * as groupContacts from "../../app/api/groups/my/[name]/contacts/route.ts";
import * as merge from "../../app/api/groups/my/merge/route.ts";
import * as difference from "../../app/api/groups/my/difference/route.ts";
import * as deleteAlias from "../../app/api/groups/my/delete/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { bearer, call, type Call } from "../support/http.ts";

const db = useTestDatabase();

async function account() {
  const a = await makeAccount(db.ctx());
  const auth = bearer(await a.token());
  const contact = async (mobile: string, extra: Record<string, unknown> = {}) =>
    (await call(contacts.POST, { method: "POST", path: "/contacts/my", headers: auth, body: { mobile, ...extra } })).body.id as string;
  const create = (body: unknown) => call(groups.POST, { method: "POST", path: "/groups/my", headers: auth, body });
  const size = async (name: string) => (await call(group.GET, { path: `/groups/my/${encodeURIComponent(name)}`, headers: auth, params: { name: encodeURIComponent(name) } })).body.size;
  const members = async (name: string) =>
    (await db.ctx().db.contact.findMany({ where: { accountId: a.account.id, groups: { has: name } }, select: { mobile: true }, orderBy: { mobile: "asc" } })).map((c) => c.mobile);
  return { ...a, auth, contact, create, size, members };
}

function expectError(r: Call, status: number, code?: string) {
  expect(r.status).toBe(status);
  expect(typeof r.body?.developerMessage).toBe("string");
  if (code) expect(r.body.code).toBe(code);
}

const m = (i: number) => `+3069123456${String(i).padStart(2, "0")}`;

describe("GET /api/groups/my, /api/groups/my/{name} and /api/groups/my/page", () => {
  it("lists All and NotListed first on every account, then the account's groups by name", async () => {
    const a = await account();
    const empty = await call(groups.GET, { path: "/groups/my/", headers: a.auth });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([{ name: "All" }, { name: "NotListed" }]);
    await a.create({ name: "Zeta" });
    await a.create({ name: "AMD Telecom" });
    expect((await call(groups.GET, { path: "/groups/my", headers: a.auth })).body.map((g: { name: string }) => g.name)).toEqual(["All", "NotListed", "AMD Telecom", "Zeta"]);
  });

  it("answers a group's name and size, decoding the name, and 404002003 for an unknown one", async () => {
    const a = await account();
    await a.create({ name: "AMD Telecom" });
    const x = await a.contact(m(1));
    await a.contact(m(2));
    await call(groupContacts.POST, { method: "POST", path: "/groups/my/AMD%20Telecom/contacts", headers: a.auth, params: { name: "AMD%20Telecom" }, body: [x] });
    const r = await call(group.GET, { path: "/groups/my/AMD%20Telecom", headers: a.auth, params: { name: "AMD%20Telecom" } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ name: "AMD Telecom", size: 1, numberOfContacts: 1 });
    expect(await a.size("All")).toBe(2);
    expect(await a.size("NotListed")).toBe(1);
    const unknown = await call(group.GET, { path: "/groups/my/Nope", headers: a.auth, params: { name: "Nope" } });
    expectError(unknown, 404, "404002003");
    expect(unknown.body).toMatchObject({ entity: "Group", value: "Nope" });
  });

  it("pages groups with sizes, always with content, falling back to page 0 size 10 on bad values", async () => {
    const a = await account();
    for (const name of ["A", "B", "C"]) await a.create({ name });
    await a.contact(m(1), { groups: ["B"] });
    const r = await call(groupPage.GET, { path: "/groups/my/page?page=&size=abc", headers: a.auth });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ totalElements: 5, totalPages: 1, size: 10, number: 0 });
    expect(r.body.content).toEqual([
      { name: "All", size: 1, numberOfContacts: 1 },
      { name: "NotListed", size: 0, numberOfContacts: 0 },
      { name: "A", size: 0, numberOfContacts: 0 },
      { name: "B", size: 1, numberOfContacts: 1 },
      { name: "C", size: 0, numberOfContacts: 0 },
    ]);
    const second = await call(groupPage.GET, { path: "/groups/my/page?page=1&size=2", headers: a.auth });
    expect(second.body.content.map((g: { name: string }) => g.name)).toEqual(["A", "B"]);
    const fresh = await account();
    expect((await call(groupPage.GET, { path: "/groups/my/page", headers: fresh.auth })).body.content.length).toBe(2);
  });
});

describe("POST /api/groups/my", () => {
  it("creates an empty group by default and answers name and size", async () => {
    const a = await account();
    await a.contact(m(1));
    const r = await a.create({ name: "Newsletter" });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ name: "Newsletter", size: 0, numberOfContacts: 0 });
  });

  it("strategy All tags every contact; Filtered tags the contacts matching every filter", async () => {
    const a = await account();
    await call(labels.POST, { method: "POST", path: "/contacts/labels/my", headers: a.auth, body: [{ name: "city", type: "Text" }] });
    await a.contact(m(1), { firstName: "Maria", labels: [{ name: "city", value: "Athens" }] });
    await a.contact(m(2), { firstName: "Marios", labels: [{ name: "city", value: "Patras" }] });
    await a.contact(m(3), { firstName: "Nikos", labels: [{ name: "city", value: "Athens" }] });
    await a.contact("+35799123456", { firstName: "Eleni" });
    expect((await a.create({ name: "Everyone", strategy: "All" })).body.size).toBe(4);
    expect(await a.members("Everyone")).toHaveLength(4);
    const athens = await a.create({ name: "Athens", strategy: "Filtered", filters: [{ fieldName: "city", searchTerm: "athens" }] });
    expect(athens.body.size).toBe(2);
    expect(await a.members("Athens")).toEqual([m(1), m(3)]);
    const mar = await a.create({
      name: "Mar",
      strategy: "Filtered",
      filters: [
        { fieldName: "firstName", searchTerm: "Mar", searchOperator: "starts_with" },
        { fieldName: "city", searchTerm: "Patras", searchOperator: "is_not" },
      ],
    });
    expect(await a.members("Mar")).toEqual([m(1)]);
    expect(mar.body.size).toBe(1);
    expect((await a.create({ name: "Cyprus", strategy: "Filtered", filters: [{ fieldName: "country", searchTerm: "CY" }] })).body.size).toBe(1);
    expect((await a.create({ name: "Pct", strategy: "Filtered", filters: [{ fieldName: "firstName", searchTerm: "%", searchOperator: "contains" }] })).body.size).toBe(0);
  });

  it("refuses a taken name with entity and value equal to the name; All and NotListed are taken", async () => {
    const a = await account();
    await a.create({ name: "Team" });
    const r = await a.create({ name: "Team" });
    expectError(r, 409, "409002005");
    expect(r.body).toMatchObject({ entity: "Group", value: "Team" });
    expectError(await a.create({ name: "All" }), 409, "409002005");
    expectError(await a.create({ name: "NotListed", strategy: "All" }), 409, "409002005");
  });

  it("answers 400002007 for bad filters and 400 for a missing name or unknown strategy", async () => {
    const a = await account();
    for (const filters of [undefined, [], [{ fieldName: "shoe", searchTerm: "x" }], [{ fieldName: "firstName" }], [{ fieldName: "firstName", searchTerm: "x", searchOperator: "like" }], "x"])
      expectError(await a.create({ name: "F", strategy: "Filtered", filters }), 400, "400002007");
    expectError(await a.create({ strategy: "All" }), 400, "400000000");
    expectError(await a.create({ name: "", strategy: "All" }), 400, "400000000");
    expectError(await a.create({ name: "X", strategy: "Some" }), 400, "400000000");
    expect((await call(groups.GET, { path: "/groups/my", headers: a.auth })).body).toHaveLength(2);
  });
});

describe("DELETE /api/groups/my (and POST /api/groups/my/delete)", () => {
  it("deletes groups, keeping their contacts untagged, and answers [{name, deletedContacts}]", async () => {
    const a = await account();
    await a.create({ name: "One" });
    await a.create({ name: "Two" });
    await a.contact(m(1), { groups: ["One", "Two"] });
    const r = await call(groups.DELETE, { method: "DELETE", path: "/groups/my", headers: a.auth, body: ["One"] });
    expect(r.status).toBe(200);
    expect(r.body).toEqual([{ name: "One", deletedContacts: false }]);
    const [c] = await db.ctx().db.contact.findMany({ where: { accountId: a.account.id } });
    expect(c.groups).toEqual(["Two"]);
    expectError(await call(group.GET, { path: "/groups/my/One", headers: a.auth, params: { name: "One" } }), 404, "404002003");
  });

  it("with deleteContacts=true deletes the groups' contacts too; the alias takes the same body", async () => {
    const a = await account();
    await a.create({ name: "Gone" });
    await a.contact(m(1), { groups: ["Gone"] });
    await a.contact(m(2));
    const r = await call(deleteAlias.POST, { method: "POST", path: "/groups/my/delete?deleteContacts=true", headers: a.auth, body: [{ name: "Gone" }] });
    expect(r.body).toEqual([{ name: "Gone", deletedContacts: true }]);
    expect((await db.ctx().db.contact.findMany({ where: { accountId: a.account.id } })).map((c) => c.mobile)).toEqual([m(2)]);
  });

  it("refuses unknown groups (404002003), built-in ones, an empty list and an empty body, deleting nothing", async () => {
    const a = await account();
    await a.create({ name: "Keep" });
    const del = (init: { body?: unknown; raw?: string }) => call(groups.DELETE, { method: "DELETE", path: "/groups/my", headers: { ...a.auth, "content-type": "application/json" }, ...init });
    expectError(await del({ body: ["Keep", "Nope"] }), 404, "404002003");
    expectError(await del({ body: ["All"] }), 400);
    expectError(await del({ body: [] }), 400);
    expectError(await del({ raw: "null" }), 400);
    expect(await a.size("Keep")).toBe(0);
  });
});

describe("POST /api/groups/my/merge and /api/groups/my/difference", () => {
  async function setUp() {
    const a = await account();
    for (const name of ["A", "B", "C"]) await a.create({ name });
    await a.contact(m(1), { groups: ["A"] });
    await a.contact(m(2), { groups: ["A", "B"] });
    await a.contact(m(3), { groups: ["B"] });
    await a.contact(m(4), { groups: ["C"] });
    await a.contact(m(5));
    return a;
  }

  it("merge: the union, each contact once, tagged with the new group", async () => {
    const a = await setUp();
    const r = await call(merge.POST, { method: "POST", path: "/groups/my/merge", headers: a.auth, body: { name: "AB", groups: ["A", "B"] } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ name: "AB", size: 3, numberOfContacts: 3 });
    expect(await a.members("AB")).toEqual([m(1), m(2), m(3)]);
    const withNotListed = await call(merge.POST, { method: "POST", path: "/groups/my/merge", headers: a.auth, body: { name: "CN", groups: ["C", "NotListed"] } });
    expect(await a.members("CN")).toEqual([m(4), m(5)]);
    expect(withNotListed.body.size).toBe(2);
  });

  it("difference: the first group's contacts that are in none of the others", async () => {
    const a = await setUp();
    const r = await call(difference.POST, { method: "POST", path: "/groups/my/difference", headers: a.auth, body: { name: "AnotB", groups: ["A", "B"] } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ name: "AnotB", size: 1, numberOfContacts: 1 });
    expect(await a.members("AnotB")).toEqual([m(1)]);
    const all = await call(difference.POST, { method: "POST", path: "/groups/my/difference", headers: a.auth, body: { name: "Rest", groups: ["All", "A", "C"] } });
    expect(await a.members("Rest")).toEqual([m(3), m(5)]);
    expect(all.body.size).toBe(2);
  });

  it("refuses unknown groups, a taken name, a name outside 2–30 characters and no groups", async () => {
    const a = await setUp();
    await a.create({ name: "Taken" });
    for (const route of [merge.POST, difference.POST]) {
      const post = (body: unknown) => call(route, { method: "POST", path: "/groups/my/merge", headers: a.auth, body });
      expectError(await post({ name: "New", groups: ["A", "Nope"] }), 404, "404002003");
      const taken = await post({ name: "Taken", groups: ["A"] });
      expectError(taken, 409, "409002005");
      expect(taken.body).toMatchObject({ entity: "Group", value: "Taken" });
      expectError(await post({ name: "X", groups: ["A"] }), 400, "400000000");
      expectError(await post({ name: "x".repeat(31), groups: ["A"] }), 400, "400000000");
      expectError(await post({ name: "New", groups: [] }), 400, "400000000");
    }
    expect((await call(groups.GET, { path: "/groups/my", headers: a.auth })).body).toHaveLength(6);
  });
});

describe("/api/groups/my/{name}/contacts", () => {
  it("pages a group's contacts (default size 10) with id, mobile and groups, sortable by a label", async () => {
    const a = await account();
    await a.create({ name: "Team" });
    for (const [i, name] of ["Carol", "alice", "Bob"].entries()) await a.contact(m(i), { firstName: name, groups: ["Team"] });
    await a.contact(m(9));
    const page = (q = "") => call(groupContacts.GET, { path: `/groups/my/Team/contacts${q}`, headers: a.auth, params: { name: "Team" } });
    const r = await page();
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ size: 10, totalPages: 1, totalElements: 3, number: 0 });
    for (const c of r.body.content) {
      expect(c).toMatchObject({ id: expect.any(String), mobile: expect.any(String), groups: ["Team"] });
    }
    const sorted = await page("?sort=firstName,desc&size=2");
    expect(sorted.body.content.map((c: { firstName: string }) => c.firstName)).toEqual(["Carol", "Bob"]);
    expect(sorted.body.totalPages).toBe(2);
    const all = await call(groupContacts.GET, { path: "/groups/my/All/contacts", headers: a.auth, params: { name: "All" } });
    expect(all.body.totalElements).toBe(4);
    expectError(await call(groupContacts.GET, { path: "/groups/my/Nope/contacts", headers: a.auth, params: { name: "Nope" } }), 404, "404002003");
  });

  it("adds and removes contacts by id, answering name and the new size", async () => {
    const a = await account();
    await a.create({ name: "Team" });
    const ids = [await a.contact(m(1)), await a.contact(m(2))];
    const at = { path: "/groups/my/Team/contacts", headers: a.auth, params: { name: "Team" } };
    const added = await call(groupContacts.POST, { method: "POST", ...at, body: ids });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ name: "Team", size: 2, numberOfContacts: 2 });
    expect((await call(groupContacts.POST, { method: "POST", ...at, body: [{ id: ids[0] }] })).body.size).toBe(2);
    const removed = await call(groupContacts.DELETE, { method: "DELETE", ...at, body: [ids[0]] });
    expect(removed.body).toEqual({ name: "Team", size: 1, numberOfContacts: 1 });
    expect(await a.members("Team")).toEqual([m(2)]);
  });

  it("refuses bad contact ids (404002001), unknown (404002003) and built-in groups, and empty lists", async () => {
    const a = await account();
    await a.create({ name: "Team" });
    const id = await a.contact(m(1));
    const post = (name: string, body: unknown) => call(groupContacts.POST, { method: "POST", path: `/groups/my/${name}/contacts`, headers: a.auth, params: { name }, body });
    expectError(await post("Team", ["bad-id"]), 404, "404002001");
    expectError(await post("Team", [id, "0d6f1c1e-1111-4111-8111-111111111111"]), 404, "404002001");
    expectError(await post("Nope", [id]), 404, "404002003");
    expectError(await post("All", [id]), 400);
    expectError(await post("Team", []), 400);
    expectError(await call(groupContacts.DELETE, { method: "DELETE", path: "/groups/my/Team/contacts", headers: a.auth, params: { name: "Team" }, body: ["bad-id"] }), 404, "404002001");
    expect(await a.size("Team")).toBe(0);
  });
});
