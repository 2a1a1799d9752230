// /api/contacts/my…: create, list, get, update, delete (one and several), the mobile check; the
// shapes Routee's clients read (spec/routee-extras.md §1, §5) and every error code.
import { describe, expect, it } from "vitest";
import * as collection from "../../app/api/contacts/my/route.ts";
import * as one from "../../app/api/contacts/my/[id]/route.ts";
import * as bulkDelete from "../../app/api/contacts/my/delete/route.ts";
import * as mobile from "../../app/api/contacts/my/mobile/route.ts";
import * as labels from "../../app/api/contacts/labels/my/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { bearer, call, type Call } from "../support/http.ts";

const db = useTestDatabase();
const greek = "+306912345678";

async function account() {
  const a = await makeAccount(db.ctx());
  const auth = bearer(await a.token());
  const create = (body: unknown) => call(collection.POST, { method: "POST", path: "/contacts/my", headers: auth, body });
  return { ...a, auth, create };
}

function expectError(r: Call, status: number, code?: string) {
  expect(r.status).toBe(status);
  expect(typeof r.body?.developerMessage).toBe("string");
  if (code) expect(r.body.code).toBe(code);
}

const contactKeys = ["id", "firstName", "lastName", "mobile", "email", "country", "vip", "groups", "blacklistedServices", "labels"];

describe("POST /api/contacts/my", () => {
  it("creates a contact and answers it with every key, mobile in E.164 and country from the number", async () => {
    const a = await account();
    const r = await a.create({ mobile: "306912345678", firstName: "Maria", vip: "true", smsCallback: "ignored" });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual([...contactKeys].sort());
    expect(r.body).toMatchObject({ firstName: "Maria", lastName: "", mobile: greek, email: "", country: "GR", vip: true, groups: [], blacklistedServices: [], labels: [] });
    expect(r.body.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("stores custom label values with their type and answers them as [{name, type, value}]", async () => {
    const a = await account();
    await call(labels.POST, {
      method: "POST",
      path: "/contacts/labels/my",
      headers: a.auth,
      body: [
        { name: "city", type: "Text" },
        { name: "age", type: "Number" },
      ],
    });
    const r = await a.create({
      mobile: greek,
      labels: [
        { name: "city", value: "Athens" },
        { name: "age", value: "42" },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body.labels).toEqual([
      { name: "city", type: "Text", value: "Athens" },
      { name: "age", type: "Number", value: 42 },
    ]);
  });

  it("refuses a missing or invalid mobile, {} and a body that is not an object with 400 and properties", async () => {
    const a = await account();
    for (const body of [{}, { firstName: "No mobile" }, { mobile: "+0987654321" }]) {
      const r = await a.create(body);
      expectError(r, 400, "400000000");
      expect(r.body.developerMessage).toBe("Validation Error!");
      expect(r.body.properties.mobile).toBeTruthy();
    }
    expectError(await a.create(["+306912345678"]), 400);
    expectError(await call(collection.POST, { method: "POST", path: "/contacts/my", headers: { ...a.auth, "content-type": "application/json" }, raw: "null" }), 400);
    const long = await a.create({ mobile: greek, firstName: "x".repeat(61), email: "nope" });
    expect(Object.keys(long.body.properties).sort()).toEqual(["email", "firstName"]);
  });

  it("answers 409002005 when the account already has the mobile, in any spelling", async () => {
    const a = await account();
    await a.create({ mobile: greek });
    const r = await a.create({ mobile: "0030 691 234 5678" });
    expectError(r, 409, "409002005");
    expect(r.body).toMatchObject({ entity: "Contact", value: greek });
    const other = await account();
    expect((await other.create({ mobile: greek })).status).toBe(200);
  });

  it("answers the label errors: 404002012 unknown, 400002006 bad value or item, 409002013 repeated", async () => {
    const a = await account();
    await call(labels.POST, { method: "POST", path: "/contacts/labels/my", headers: a.auth, body: [{ name: "age", type: "Number" }] });
    expectError(await a.create({ mobile: greek, labels: [{ name: "shoe", value: "42" }] }), 404, "404002012");
    expectError(await a.create({ mobile: greek, labels: [{ name: "age", value: "forty" }] }), 400, "400002006");
    expectError(await a.create({ mobile: greek, labels: [{ value: "x" }] }), 400, "400002006");
    expectError(
      await a.create({
        mobile: greek,
        labels: [
          { name: "age", value: 1 },
          { name: "age", value: 2 },
        ],
      }),
      409,
      "409002013",
    );
  });

  it("puts the contact in existing groups and refuses unknown ones with 404002003", async () => {
    const a = await account();
    await db.ctx().db.contactGroup.create({ data: { accountId: a.account.id, name: "VIP" } });
    const r = await a.create({ mobile: greek, groups: ["VIP", "All"] });
    expect(r.body.groups).toEqual(["VIP"]);
    expectError(await a.create({ mobile: "+306912345679", groups: ["Nope"] }), 404, "404002003");
  });
});

describe("GET /api/contacts/my", () => {
  it("pages contacts newest first, with content, for the path with and without a trailing slash", async () => {
    const a = await account();
    for (let i = 0; i < 3; i++) {
      const { id } = (await a.create({ mobile: `+30691234567${i}`, firstName: `N${i}` })).body;
      await db.ctx().db.contact.update({ where: { id }, data: { createdAt: new Date(Date.UTC(2026, 0, 1 + i)) } });
    }
    const r = await call(collection.GET, { path: "/contacts/my/?page=0&size=2", headers: a.auth });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ totalElements: 3, totalPages: 2, size: 2, number: 0, first: true, last: false, numberOfElements: 2 });
    expect(r.body.content.map((c: { firstName: string }) => c.firstName)).toEqual(["N2", "N1"]);
    const second = await call(collection.GET, { path: "/contacts/my?page=1&size=2", headers: a.auth });
    expect(second.body.content.map((c: { firstName: string }) => c.firstName)).toEqual(["N0"]);
  });

  it("falls back to the defaults for bad or empty page and size", async () => {
    const a = await account();
    await a.create({ mobile: greek });
    for (const q of ["page=&size=", "page=abc&size=x", "page=0.5&size=ten"]) {
      const r = await call(collection.GET, { path: `/contacts/my?${q}`, headers: a.auth });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ number: 0, size: 20, totalElements: 1 });
    }
  });

  it("searches names, mobiles and emails, and narrows to a group", async () => {
    const a = await account();
    await db.ctx().db.contactGroup.create({ data: { accountId: a.account.id, name: "Team" } });
    await a.create({ mobile: "+306912345670", firstName: "Maria", lastName: "Papadopoulou", groups: ["Team"] });
    await a.create({ mobile: "+306912345671", firstName: "Nikos", email: "nikos@example.gr" });
    const names = async (q: string) => (await call(collection.GET, { path: `/contacts/my?${q}`, headers: a.auth })).body.content.map((c: { firstName: string }) => c.firstName);
    expect(await names("search=maria%20papa")).toEqual(["Maria"]);
    expect(await names("search=example.gr")).toEqual(["Nikos"]);
    expect(await names("search=5671")).toEqual(["Nikos"]);
    expect(await names("search=%25")).toEqual([]);
    expect(await names("group=Team")).toEqual(["Maria"]);
    expect(await names("group=NotListed")).toEqual(["Nikos"]);
    expect((await names("group=")).sort()).toEqual(["Maria", "Nikos"]);
    expect((await call(collection.GET, { path: "/contacts/my?group=Nope", headers: a.auth })).body.code).toBe("404002003");
  });
});

describe("/api/contacts/my/{id}", () => {
  it("GET answers the contact with id, firstName and mobile", async () => {
    const a = await account();
    const c = (await a.create({ mobile: greek, firstName: "Maria" })).body;
    const r = await call(one.GET, { path: `/contacts/my/${c.id}`, headers: a.auth, params: { id: c.id } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual(c);
  });

  it("answers 404002001 for unknown, malformed, blank and other accounts' ids", async () => {
    const a = await account();
    const b = await account();
    const theirs = (await b.create({ mobile: greek })).body.id;
    for (const id of ["6a4f9c2e-0000-4000-8000-000000000000", "57b5b7bde4b007f5ba82952b", " ", theirs]) {
      expectError(await call(one.GET, { path: `/contacts/my/${encodeURIComponent(id)}`, headers: a.auth, params: { id } }), 404, "404002001");
      expectError(await call(one.DELETE, { method: "DELETE", path: `/contacts/my/${encodeURIComponent(id)}`, headers: a.auth, params: { id } }), 404, "404002001");
    }
  });

  it("PUT changes the fields sent, ignores id, keeps the rest, and answers id and mobile", async () => {
    const a = await account();
    await call(labels.POST, { method: "POST", path: "/contacts/labels/my", headers: a.auth, body: [{ name: "city", type: "Text" }] });
    const c = (await a.create({ mobile: greek, firstName: "Maria", email: "m@example.gr", labels: [{ name: "city", value: "Athens" }] })).body;
    const r = await call(one.PUT, {
      method: "PUT",
      path: `/contacts/my/${c.id}`,
      headers: a.auth,
      params: { id: c.id },
      body: { ...c, id: "something-else", lastName: "Papadopoulou", mobile: "35799123456", country: null, labels: [{ name: "city", value: "Nicosia" }] },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: c.id, firstName: "Maria", lastName: "Papadopoulou", email: "m@example.gr", mobile: "+35799123456", country: "CY" });
    expect(r.body.labels).toEqual([{ name: "city", type: "Text", value: "Nicosia" }]);
    const partial = await call(one.PUT, { method: "PUT", path: `/contacts/my/${c.id}`, headers: a.auth, params: { id: c.id }, body: { vip: true } });
    expect(partial.body).toMatchObject({ vip: true, firstName: "Maria", mobile: "+35799123456", labels: [{ name: "city", value: "Nicosia" }] });
    await db.ctx().db.contactGroup.create({ data: { accountId: a.account.id, name: "Team" } });
    const grouped = await call(one.PUT, { method: "PUT", path: `/contacts/my/${c.id}`, headers: a.auth, params: { id: c.id }, body: { groups: ["Team", "All"] } });
    expect(grouped.body.groups).toEqual(["Team"]);
    const unknownGroup = await call(one.PUT, { method: "PUT", path: `/contacts/my/${c.id}`, headers: a.auth, params: { id: c.id }, body: { groups: ["Nope"] } });
    expectError(unknownGroup, 404, "404002003");
  });

  it("PUT refuses a null or empty body, a taken mobile and bad labels with their codes", async () => {
    const a = await account();
    const c = (await a.create({ mobile: greek })).body;
    await a.create({ mobile: "+306912345679" });
    const put = (init: { body?: unknown; raw?: string }) =>
      call(one.PUT, { method: "PUT", path: `/contacts/my/${c.id}`, headers: { ...a.auth, "content-type": "application/json" }, params: { id: c.id }, ...init });
    expectError(await put({ raw: "null" }), 400);
    expectError(await put({ raw: "" }), 400);
    expectError(await put({ body: { mobile: "306912345679" } }), 409, "409002005");
    expectError(await put({ body: { labels: [{ name: "ghost", value: 1 }] } }), 404, "404002012");
    expectError(
      await put({
        body: {
          labels: [
            { name: "firstName", value: "A" },
            { name: "firstName", value: "B" },
          ],
        },
      }),
      409,
      "409002013",
    );
    expectError(await put({ body: { labels: [{ name: 7 }] } }), 400, "400002006");
    expectError(await call(one.PUT, { method: "PUT", path: "/contacts/my/x", headers: a.auth, params: { id: "x" }, body: { firstName: "A" } }), 404, "404002001");
    expect((await put({ body: { mobile: greek } })).status).toBe(200);
  });

  it("DELETE answers the deleted contact with its id, and it is gone", async () => {
    const a = await account();
    const c = (await a.create({ mobile: greek })).body;
    const r = await call(one.DELETE, { method: "DELETE", path: `/contacts/my/${c.id}`, headers: a.auth, params: { id: c.id } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual(c);
    expectError(await call(one.GET, { path: `/contacts/my/${c.id}`, headers: a.auth, params: { id: c.id } }), 404, "404002001");
  });
});

describe("DELETE /api/contacts/my (and POST /api/contacts/my/delete)", () => {
  it("deletes contacts given as id strings or {id} objects and answers the deleted ids", async () => {
    const a = await account();
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await a.create({ mobile: `+30691234567${i}` })).body.id);
    const r = await call(collection.DELETE, { method: "DELETE", path: "/contacts/my", headers: a.auth, body: [ids[0], ids[1]] });
    expect(r.status).toBe(200);
    expect(r.body).toEqual([ids[0], ids[1]]);
    const alias = await call(bulkDelete.POST, { method: "POST", path: "/contacts/my/delete", headers: a.auth, body: [{ id: ids[2] }] });
    expect(alias.body).toEqual([ids[2]]);
    expect(await db.ctx().db.contact.count({ where: { accountId: a.account.id } })).toBe(1);
  });

  it("refuses an empty array, an empty body, and unknown ids without deleting anything", async () => {
    const a = await account();
    const id = (await a.create({ mobile: greek })).body.id;
    const del = (init: { body?: unknown; raw?: string }) => call(collection.DELETE, { method: "DELETE", path: "/contacts/my", headers: { ...a.auth, "content-type": "application/json" }, ...init });
    expectError(await del({ body: [] }), 400);
    expectError(await del({ raw: "" }), 400);
    expectError(await del({ raw: "null" }), 400);
    const unknown = await del({ body: [id, "6a4f9c2e-0000-4000-8000-000000000000"] });
    expectError(unknown, 404, "404002001");
    expect(unknown.body.property).toBe("6a4f9c2e-0000-4000-8000-000000000000");
    expectError(await del({ body: [{ id: "" }] }), 400);
    expect(await db.ctx().db.contact.count({ where: { accountId: a.account.id } })).toBe(1);
  });
});

describe("HEAD /api/contacts/my/mobile", () => {
  it("answers 200 for a contact's mobile however the '+' arrives, and 404 otherwise", async () => {
    const a = await account();
    await a.create({ mobile: greek });
    const head = (value: string) => call(mobile.HEAD, { method: "HEAD", path: `/contacts/my/mobile?value=${value}`, headers: a.auth });
    expect((await head("%2B306912345678")).status).toBe(200);
    expect((await head("+306912345678")).status).toBe(200); // '+' read as a space
    expect((await head("306912345678")).status).toBe(200);
    expect((await head("%2B0987654321")).status).toBe(404);
    expect((await head("%2B306912345679")).status).toBe(404);
    expect((await head("")).status).toBe(404);
    expect((await call(mobile.GET, { path: "/contacts/my/mobile?value=%2B306912345678", headers: a.auth })).status).toBe(200);
  });

  it("needs a token", async () => {
    const r = await call(mobile.HEAD, { method: "HEAD", path: "/contacts/my/mobile?value=%2B306912345678" });
    expect(r.status).toBe(401);
  });
});
