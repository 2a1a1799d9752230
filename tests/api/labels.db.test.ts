// GET and POST /api/contacts/labels/my: default and custom labels, their types and errors.
import { describe, expect, it } from "vitest";
import * as labels from "../../app/api/contacts/labels/my/route.ts";
import * as contacts from "../../app/api/contacts/my/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { bearer, call, type Call } from "../support/http.ts";

const db = useTestDatabase();

async function account() {
  const a = await makeAccount(db.ctx());
  const auth = bearer(await a.token());
  const post = (body: unknown) => call(labels.POST, { method: "POST", path: "/contacts/labels/my", headers: auth, body });
  const get = () => call(labels.GET, { path: "/contacts/labels/my", headers: auth });
  return { ...a, auth, post, get };
}

function expectError(r: Call, status: number, code?: string) {
  expect(r.status).toBe(status);
  expect(typeof r.body?.code).toBe("string");
  expect(typeof r.body?.developerMessage).toBe("string");
  if (code) expect(r.body.code).toBe(code);
}

describe("/api/contacts/labels/my", () => {
  it("lists the default labels of a new account", async () => {
    const a = await account();
    const r = await a.get();
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ firstName: "Text", lastName: "Text", mobile: "Text", email: "Text", country: "Text", vip: "Text" });
  });

  it("creates labels, answers [{name, type}] and lists them with the defaults", async () => {
    const a = await account();
    const r = await a.post([
      { name: "city", type: "Text" },
      { name: "loyaltyPoints", type: "number" },
    ]);
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      { name: "city", type: "Text" },
      { name: "loyaltyPoints", type: "Number" },
    ]);
    expect((await a.get()).body).toMatchObject({ firstName: "Text", city: "Text", loyaltyPoints: "Number" });
    expect((await (await account()).get()).body.city).toBeUndefined();
  });

  it("answers 409002011 for an existing or default name, with code and developerMessage", async () => {
    const a = await account();
    await a.post([{ name: "city", type: "Text" }]);
    const dup = await a.post([{ name: "city", type: "Text" }]);
    expectError(dup, 409, "409002011");
    expect(dup.body).toMatchObject({ entity: "Label", value: "city" });
    expectError(await a.post([{ name: "FirstName", type: "Text" }]), 409, "409002011");
    expectError(
      await a.post([
        { name: "zone", type: "Text" },
        { name: "city", type: "Number" },
      ]),
      409,
      "409002011",
    );
    expect((await a.get()).body.zone).toBeUndefined();
  });

  it("answers 400002014 for a name repeated in the request, creating none", async () => {
    const a = await account();
    const r = await a.post([
      { name: "shoe", type: "Number" },
      { name: "shoe", type: "Text" },
    ]);
    expectError(r, 400, "400002014");
    expect((await a.get()).body.shoe).toBeUndefined();
  });

  it("refuses misspelled keys, null values, unknown types, an empty array and a null body with 400", async () => {
    const a = await account();
    for (const body of [
      [{ nmae: "city", type: "Text" }],
      [{ name: "city", tpye: "Text" }],
      [{ name: null, type: "Text" }],
      [{ name: "city", type: null }],
      [{ name: "city", type: "Date" }],
      [],
      { name: "city", type: "Text" },
    ])
      expectError(await a.post(body), 400, "400000000");
    expectError(await call(labels.POST, { method: "POST", path: "/contacts/labels/my", headers: { ...a.auth, "content-type": "application/json" }, raw: "null" }), 400);
  });

  it("a Number label makes contact values numeric", async () => {
    const a = await account();
    await a.post([{ name: "age", type: "Number" }]);
    const create = (value: unknown) => call(contacts.POST, { method: "POST", path: "/contacts/my", headers: a.auth, body: { mobile: "+306912345678", labels: [{ name: "age", value }] } });
    expectError(await create("old"), 400, "400002006");
    const ok = await create(" 7 ");
    expect(ok.body.labels).toEqual([{ name: "age", type: "Number", value: 7 }]);
  });
});
