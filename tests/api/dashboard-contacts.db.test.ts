// The Contacts pages' JSON: the table (paging, search, group filter), the contact form, bulk
// actions, CSV import chunks, groups and labels; roles (support reads only) and accounts.
import { describe, expect, it } from "vitest";
import * as contacts from "../../app/api/dashboard/contacts/route.ts";
import * as contact from "../../app/api/dashboard/contacts/[id]/route.ts";
import * as bulk from "../../app/api/dashboard/contacts/bulk/route.ts";
import * as importChunk from "../../app/api/dashboard/contacts/import/route.ts";
import * as groups from "../../app/api/dashboard/contacts/groups/route.ts";
import * as merge from "../../app/api/dashboard/contacts/groups/merge/route.ts";
import * as group from "../../app/api/dashboard/contacts/groups/[name]/route.ts";
import * as labels from "../../app/api/dashboard/contacts/labels/route.ts";
import { createUser } from "../../lib/core/users/create-user.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount, sessionCookie } from "../support/factories.ts";
import { call } from "../support/http.ts";

const db = useTestDatabase();

const form = (over: Record<string, unknown> = {}) => ({
  mobile: "+306912345678",
  firstName: "",
  lastName: "",
  email: "",
  country: "",
  vip: false,
  groups: [],
  labels: {},
  ...over,
});

async function signedIn(role: "owner" | "marketer" | "support" = "owner") {
  const a = await makeAccount(db.ctx());
  let userId = a.user.id;
  if (role !== "owner") userId = (await createUser(db.ctx(), { accountId: a.account.id, email: `${role}-${a.account.id}@example.com`, password: "long enough pw", role })).id;
  const headers = { cookie: await sessionCookie(userId) };
  const as = (h: Record<string, string>) => ({
    list: (query = "") => call(contacts.GET, { path: `/dashboard/contacts${query}`, headers: h }),
    create: (body: unknown) => call(contacts.POST, { method: "POST", path: "/dashboard/contacts", headers: h, body }),
    update: (id: string, body: unknown) => call(contact.PUT, { method: "PUT", path: `/dashboard/contacts/${id}`, headers: h, body, params: { id } }),
    remove: (id: string) => call(contact.DELETE, { method: "DELETE", path: `/dashboard/contacts/${id}`, headers: h, params: { id } }),
    bulk: (body: unknown) => call(bulk.POST, { method: "POST", path: "/dashboard/contacts/bulk", headers: h, body }),
    importRows: (body: unknown) => call(importChunk.POST, { method: "POST", path: "/dashboard/contacts/import", headers: h, body }),
    groups: () => call(groups.GET, { path: "/dashboard/contacts/groups", headers: h }),
    createGroup: (name: string) => call(groups.POST, { method: "POST", path: "/dashboard/contacts/groups", headers: h, body: { name } }),
    merge: (body: unknown) => call(merge.POST, { method: "POST", path: "/dashboard/contacts/groups/merge", headers: h, body }),
    deleteGroup: (name: string, deleteContacts = false) =>
      call(group.DELETE, { method: "DELETE", path: `/dashboard/contacts/groups/${encodeURIComponent(name)}?deleteContacts=${deleteContacts}`, headers: h, params: { name: encodeURIComponent(name) } }),
    labels: () => call(labels.GET, { path: "/dashboard/contacts/labels", headers: h }),
    createLabel: (body: unknown) => call(labels.POST, { method: "POST", path: "/dashboard/contacts/labels", headers: h, body }),
  });
  return { ...a, headers, ...as(headers), as };
}

describe("GET /api/dashboard/contacts", () => {
  it("pages newest first with createdAt, searches name, email and mobile (typed with spaces) and filters by group", async () => {
    const a = await signedIn();
    await a.createGroup("Customers");
    await a.create(form({ mobile: "+306912345001", firstName: "Maria", lastName: "Papadopoulou", email: "maria@example.gr", groups: ["Customers"] }));
    await a.create(form({ mobile: "+306912345002", firstName: "Nikos", email: "nikos@shop.gr" }));
    await a.create(form({ mobile: "+447400123456", firstName: "John", lastName: "Smith" }));

    const page = await a.list("?size=2");
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ totalElements: 3, totalPages: 2, numberOfElements: 2 });
    expect(page.body.content.map((c: any) => c.firstName)).toEqual(["John", "Nikos"]);
    expect(Date.parse(page.body.content[0].createdAt)).not.toBeNaN();
    expect((await a.list("?size=2&page=1")).body.content.map((c: any) => c.firstName)).toEqual(["Maria"]);

    const names = async (q: string) => (await a.list(q)).body.content.map((c: any) => c.firstName).sort();
    expect(await names("?search=papadop")).toEqual(["Maria"]);
    expect(await names("?search=maria%20papa")).toEqual(["Maria"]);
    expect(await names("?search=shop.gr")).toEqual(["Nikos"]);
    expect(await names(`?search=${encodeURIComponent("+30 691 234 5002")}`)).toEqual(["Nikos"]);
    expect(await names("?search=69123450")).toEqual(["Maria", "Nikos"]);
    expect(await names("?group=Customers")).toEqual(["Maria"]);
    expect(await names("?group=NotListed")).toEqual(["John", "Nikos"]);
    expect((await a.list("?group=Nope")).status).toBe(404);
    expect((await a.list("?size=100000")).status).toBe(400);
  });

  it("needs a session and shows only the signed-in account's contacts", async () => {
    const mine = await signedIn();
    const theirs = await signedIn();
    await theirs.create(form());
    expect((await mine.list()).body.totalElements).toBe(0);
    expect((await call(contacts.GET, { path: "/dashboard/contacts" })).status).toBe(401);
  });
});

describe("the contact form", () => {
  it("creates a contact with labels and groups, updates every field, and deletes it", async () => {
    const a = await signedIn("marketer");
    await a.createLabel({ name: "city", type: "Text" });
    await a.createLabel({ name: "age", type: "Number" });
    await a.createGroup("Customers");
    await a.createGroup("VIPs");

    const created = await a.create(form({ mobile: "6912345678", country: "gr", firstName: " Maria ", vip: true, groups: ["Customers"], labels: { city: "Athens", age: "42" } }));
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ mobile: "+306912345678", country: "GR", firstName: "Maria", vip: true, groups: ["Customers"] });
    expect(created.body.labels).toEqual([
      { name: "city", type: "Text", value: "Athens" },
      { name: "age", type: "Number", value: 42 },
    ]);

    const id = created.body.id;
    const changed = await a.update(id, form({ mobile: "+306912345679", firstName: "Maria", lastName: "P", email: "m@example.gr", groups: ["VIPs"], labels: { city: "", age: "43" } }));
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ mobile: "+306912345679", lastName: "P", email: "m@example.gr", vip: false, groups: ["VIPs"], country: "GR" });
    expect(changed.body.labels).toEqual([{ name: "age", type: "Number", value: 43 }]);

    expect((await a.remove(id)).status).toBe(200);
    expect((await a.list()).body.totalElements).toBe(0);
    expect((await a.remove(id)).status).toBe(404);
  });

  it("answers 400 with the field for a bad mobile, email or label value, and 409 for a taken mobile", async () => {
    const a = await signedIn();
    await a.createLabel({ name: "age", type: "Number" });
    const bad = await a.create(form({ mobile: "12345", email: "nope" }));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.properties).sort()).toEqual(["email", "mobile"]);
    const national = await a.create(form({ mobile: "6912345678" }));
    expect(national.status).toBe(400);
    expect(national.body.properties.mobile).toMatch(/country/);
    const label = await a.create(form({ labels: { age: "old" } }));
    expect(label.status).toBe(400);
    expect(label.body.code).toBe("400002006");
    expect((await a.create(form())).status).toBe(200);
    const taken = await a.create(form({ mobile: "0030 691 234 5678" }));
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe("409002005");
    expect((await a.update("not-an-id", form())).status).toBe(404);
    const malformed = await call(contacts.POST, { method: "POST", path: "/dashboard/contacts", headers: { ...a.headers, "content-type": "application/json" }, raw: "{" });
    expect(malformed.status).toBe(400);
  });

  it("lets support staff read but not change anything", async () => {
    const owner = await signedIn();
    const c = await owner.create(form());
    const supportUser = await createUser(db.ctx(), { accountId: owner.account.id, email: `support-${owner.account.id}@example.com`, password: "long enough pw", role: "support" });
    const s = owner.as({ cookie: await sessionCookie(supportUser.id) });
    expect((await s.list()).body.totalElements).toBe(1);
    expect((await s.groups()).status).toBe(200);
    expect((await s.labels()).status).toBe(200);
    for (const r of [
      await s.create(form({ mobile: "+306912345600" })),
      await s.update(c.body.id, form({ firstName: "X" })),
      await s.remove(c.body.id),
      await s.bulk({ action: "blacklist", ids: [c.body.id] }),
      await s.importRows({ rows: [{ mobile: "+306912345601" }] }),
      await s.createGroup("Nope"),
      await s.createLabel({ name: "city", type: "Text" }),
    ]) {
      expect(r.status).toBe(403);
      expect(r.body.code).toBe("403000001");
    }
    expect((await owner.list()).body.totalElements).toBe(1);
  });
});

describe("POST /api/dashboard/contacts/bulk", () => {
  it("adds selected contacts to a group and takes them out, blacklists and unblacklists them for Sms, and deletes them", async () => {
    const a = await signedIn("marketer");
    await a.createGroup("Spring");
    const ids = [];
    for (const n of ["01", "02", "03"]) ids.push((await a.create(form({ mobile: `+3069123456${n}` }))).body.id);

    const added = await a.bulk({ action: "addToGroup", ids: ids.slice(0, 2), group: "Spring" });
    expect(added.body).toEqual({ affected: 2, group: { name: "Spring", size: 2, numberOfContacts: 2 } });
    const removed = await a.bulk({ action: "removeFromGroup", ids: [ids[0]], group: "Spring" });
    expect(removed.body.group.size).toBe(1);

    expect((await a.bulk({ action: "blacklist", ids })).body).toEqual({ affected: 3 });
    expect((await a.bulk({ action: "blacklist", ids })).body).toEqual({ affected: 0 });
    expect((await a.list()).body.content.every((c: any) => c.blacklistedServices.includes("Sms"))).toBe(true);
    expect((await a.bulk({ action: "unblacklist", ids: [ids[1]] })).body).toEqual({ affected: 1 });

    expect((await a.bulk({ action: "delete", ids: ids.slice(1) })).body).toEqual({ affected: 2 });
    expect((await a.list()).body.content.map((c: any) => c.id)).toEqual([ids[0]]);
  });

  it("refuses unknown actions, empty selections, unknown groups and another account's contacts", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const mine = (await a.create(form())).body.id;
    const theirs = (await b.create(form())).body.id;
    expect((await a.bulk({ action: "explode", ids: [mine] })).status).toBe(400);
    expect((await a.bulk({ action: "delete", ids: [] })).status).toBe(400);
    expect((await a.bulk({ action: "addToGroup", ids: [mine], group: "Nope" })).status).toBe(404);
    expect((await a.bulk({ action: "addToGroup", ids: [mine], group: "All" })).status).toBe(400);
    const other = await a.bulk({ action: "delete", ids: [mine, theirs] });
    expect(other.status).toBe(404);
    expect((await b.list()).body.totalElements).toBe(1);
    expect((await a.list()).body.totalElements).toBe(1);
  });
});

describe("POST /api/dashboard/contacts/import", () => {
  it("imports chunks in turn: created, updated and failed rows with the file's row numbers, tagged with the group", async () => {
    const a = await signedIn("marketer");
    await a.createGroup("Fair");
    const first = await a.importRows({
      rows: [{ mobile: "6912345001", firstName: "Eleni" }, { mobile: "not a number" }, { mobile: "+447400123456", email: "john@example.com" }],
      startRow: 2,
      defaultCountry: "GR",
      group: "Fair",
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ created: 2, updated: 0, failed: [{ row: 3, value: "not a number", reason: "Invalid mobile number" }] });

    const second = await a.importRows({ rows: [{ mobile: "+306912345001", lastName: "K" }, {}], rowNumbers: [5, 9], group: "Fair" });
    expect(second.body).toEqual({ created: 0, updated: 1, failed: [{ row: 9, value: "", reason: "No mobile number" }] });

    const listed = (await a.list("?group=Fair")).body.content;
    expect(listed.map((c: any) => [c.mobile, c.firstName, c.lastName]).sort()).toEqual([
      ["+306912345001", "Eleni", "K"],
      ["+447400123456", "", ""],
    ]);
  });

  it("answers 4xx for a malformed chunk, an unknown group, too many rows or mismatched row numbers", async () => {
    const a = await signedIn();
    expect((await a.importRows({ rows: "nope" })).status).toBe(400);
    expect((await a.importRows({ rows: [] })).status).toBe(400);
    expect((await a.importRows({ rows: [{ mobile: "+306912345001" }], group: "Missing" })).status).toBe(404);
    expect((await a.importRows({ rows: [{ mobile: "+306912345001" }], defaultCountry: "G1" })).status).toBe(400);
    expect((await a.importRows({ rows: [{ mobile: "+306912345001" }], rowNumbers: [1, 2] })).status).toBe(400);
    const many = await a.importRows({ rows: Array.from({ length: 5001 }, () => ({ mobile: "+306912345001" })) });
    expect(many.status).toBe(400);
    expect((await a.list()).body.totalElements).toBe(0);
  });
});

describe("groups and labels", () => {
  it("lists All and NotListed first with sizes, creates, merges and deletes groups", async () => {
    const a = await signedIn();
    await a.createGroup("Athens");
    await a.createGroup("Spring fair");
    const c1 = (await a.create(form({ mobile: "+306912345001", groups: ["Athens"] }))).body.id;
    await a.create(form({ mobile: "+306912345002", groups: ["Spring fair"] }));
    await a.create(form({ mobile: "+306912345003" }));
    await a.bulk({ action: "addToGroup", ids: [c1], group: "Spring fair" });

    const list = await a.groups();
    expect(list.body.content).toEqual([
      { name: "All", size: 3, numberOfContacts: 3, builtIn: true },
      { name: "NotListed", size: 1, numberOfContacts: 1, builtIn: true },
      { name: "Athens", size: 1, numberOfContacts: 1, builtIn: false },
      { name: "Spring fair", size: 2, numberOfContacts: 2, builtIn: false },
    ]);
    expect((await a.createGroup("Athens")).status).toBe(409);
    expect((await a.createGroup("  ")).status).toBe(400);

    const merged = await a.merge({ name: "Everyone tagged", groups: ["Athens", "Spring fair"] });
    expect(merged.body).toMatchObject({ name: "Everyone tagged", size: 2 });
    expect((await a.merge({ name: "One", groups: ["Athens"] })).status).toBe(400);
    expect((await a.merge({ name: "X", groups: ["Athens", "Nope"] })).status).toBe(404);

    expect((await a.deleteGroup("Spring fair")).body).toEqual({ name: "Spring fair", deletedContacts: false });
    expect((await a.list()).body.totalElements).toBe(3);
    expect((await a.deleteGroup("Athens", true)).body).toEqual({ name: "Athens", deletedContacts: true });
    expect((await a.list()).body.totalElements).toBe(2);
    expect((await a.deleteGroup("All")).status).toBe(400);
    expect((await a.deleteGroup("Athens")).status).toBe(404);
  });

  it("lists the built-in fields then custom labels in the order made, and creates Text and Number labels", async () => {
    const a = await signedIn();
    expect((await a.createLabel({ name: "shoe size", type: "Number" })).body).toEqual({ name: "shoe size", type: "Number", builtIn: false });
    await a.createLabel({ name: "city", type: "Text" });
    const list = await a.labels();
    expect(list.body.map((l: any) => [l.name, l.type, l.builtIn])).toEqual([
      ["firstName", "Text", true],
      ["lastName", "Text", true],
      ["mobile", "Text", true],
      ["email", "Text", true],
      ["country", "Text", true],
      ["vip", "Text", true],
      ["shoe size", "Number", false],
      ["city", "Text", false],
    ]);
    expect((await a.createLabel({ name: "city", type: "Text" })).status).toBe(409);
    expect((await a.createLabel({ name: "firstName", type: "Text" })).status).toBe(409);
    expect((await a.createLabel({ name: "1st", type: "Text" })).status).toBe(400);
    expect((await a.createLabel({ name: "colour", type: "Date" })).status).toBe(400);
  });
});
