// POST /api/sms and POST /api/sms/analyze: every rule of the spec, the answer, the charge.
import { describe, expect, it } from "vitest";
import { POST as send } from "../../app/api/sms/route.ts";
import { POST as analyze } from "../../app/api/sms/analyze/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { bearer, call } from "../support/http.ts";
import { seedPrices } from "../../lib/core/prices/seed-prices.ts";

const db = useTestDatabase();
const greek = "+306912345678";

async function account(balance = 10, scopes?: NonNullable<Parameters<typeof makeAccount>[1]>["scopes"]) {
  await seedPrices(db.ctx());
  const a = await makeAccount(db.ctx(), { balance, scopes });
  return { ...a, auth: bearer(await a.token()) };
}

const sms = (headers: Record<string, string>, body: unknown) => call(send, { method: "POST", path: "/sms", headers, body });

describe("POST /api/sms", () => {
  it("answers the SMS resource with status Queued and debits parts × price", async () => {
    const a = await account(10);
    const r = await sms(a.auth, { from: "Switchboard", to: greek, body: "Hello there", label: "welcome" });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      status: "Queued",
      from: "Switchboard",
      to: greek,
      body: "Hello there",
      label: "welcome",
      flash: false,
      ttl: 4320,
      callback: { url: "", strategy: "" },
      bodyAnalysis: { characters: 11, parts: 1, unicode: false, unsupportedGSMCharacters: [] },
    });
    expect(r.body.trackingId).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(r.body.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const acc = await db.ctx().db.account.findUniqueOrThrow({ where: { id: a.account.id } });
    const price = await db.ctx().db.price.findFirstOrThrow({ where: { iso: "GR", mnc: "", currency: "EUR" } });
    expect(acc.balanceMicros).toBe(10_000_000n - price.priceMicros);
  });

  it("stores one part per SMS segment and charges each", async () => {
    const a = await account(10);
    const body = "Καλημέρα σας από το Switchboard 👋 ".repeat(4);
    const r = await sms(a.auth, { from: "Switchboard", to: greek, body });
    expect(r.body.bodyAnalysis.unicode).toBe(true);
    const parts = await db.ctx().db.messagePart.findMany({ where: { messageId: r.body.trackingId }, orderBy: { partNumber: "asc" } });
    expect(parts.length).toBe(r.body.bodyAnalysis.parts);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.map((p) => p.text).join("")).toBe(body);
    const m = await db.ctx().db.message.findUniqueOrThrow({ where: { id: r.body.trackingId } });
    expect(m.priceMicros).toBe(parts[0].priceMicros * BigInt(parts.length));
    expect(m).toMatchObject({ country: "GR", numberType: "MOBILE", encoding: "ucs2" });
  });

  it("accepts Routee clients' loose input: a number without '+', ttl and flash as strings, unknown fields", async () => {
    const a = await account();
    const r = await sms(a.auth, { from: "3069000", to: "306912345678", body: "x", ttl: "5", flash: "true", smsCallback: { x: 1 } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ to: "+306912345678", from: "3069000", ttl: 5, flash: true });
  });

  it("uses the transcoded text when asked, else the application's default", async () => {
    const a = await account();
    const r = await sms(a.auth, { from: "Switchboard", to: greek, body: "Καλημέρα", transcode: true });
    const parts = await db.ctx().db.messagePart.findMany({ where: { messageId: r.body.trackingId } });
    expect(parts[0].text).toBe("KAΛHMEPA");
    expect(r.body.bodyAnalysis.transcode).toEqual({ message: "KAΛHMEPA", parts: 1 });
    await db.ctx().db.application.update({ where: { id: a.application.id }, data: { transcode: true } });
    const byDefault = await sms(a.auth, { from: "Switchboard", to: greek, body: "Καλημέρα" });
    const p2 = await db.ctx().db.messagePart.findFirstOrThrow({ where: { messageId: byDefault.body.trackingId } });
    expect(p2.text).toBe("KAΛHMEPA");
    const off = await sms(a.auth, { from: "Switchboard", to: greek, body: "Καλημέρα", transcode: false });
    expect((await db.ctx().db.messagePart.findFirstOrThrow({ where: { messageId: off.body.trackingId } })).text).toBe("Καλημέρα");
  });

  it.each([
    ["an alphanumeric sender over 11 characters", "TwelveChars1"],
    ["a numeric sender over 16 digits", "12345678901234567"],
    ["a sender with '+'", "+306912345678"],
    ["an empty sender", ""],
    ["a sender of symbols", "!!!"],
  ])("refuses %s with 400005000", async (_what, from) => {
    const a = await account();
    const r = await sms(a.auth, { from, to: greek, body: "x" });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("400005000");
    expect(r.body.property).toBe("from");
  });

  it.each([["+30123"], ["not a number"], ["+999123456789"], [""], ["+3069123456781234567"]])("refuses the destination %j with 400000000", async (to) => {
    const a = await account();
    const r = await sms(a.auth, { from: "Switchboard", to, body: "x" });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: "400000000", developerMessage: "Validation Error!", properties: { to: "Invalid mobile number" } });
  });

  it.each([
    ["a missing body", { from: "Switchboard", to: greek }, "body"],
    ["a label over 350 characters", { from: "Switchboard", to: greek, body: "x", label: "l".repeat(351) }, "label"],
    ["ttl 0", { from: "Switchboard", to: greek, body: "x", ttl: 0 }, "ttl"],
    ["ttl 4321", { from: "Switchboard", to: greek, body: "x", ttl: 4321 }, "ttl"],
    ["ttl 1.5", { from: "Switchboard", to: greek, body: "x", ttl: 1.5 }, "ttl"],
    ["an unknown callback strategy", { from: "Switchboard", to: greek, body: "x", callback: { url: "https://example.com", strategy: "Sometimes" } }, "callback.strategy"],
    ["flash as a number", { from: "Switchboard", to: greek, body: "x", flash: 3 }, "flash"],
  ])("refuses %s with 400000000 naming the field", async (_what, body, property) => {
    const a = await account();
    const r = await sms(a.auth, body);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("400000000");
    expect(r.body.property).toBe(property);
  });

  it("refuses a callback URL that is not http(s)", async () => {
    const a = await account();
    const r = await sms(a.auth, { from: "Switchboard", to: greek, body: "x", callback: { url: "file:///etc/passwd" } });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("400005002");
  });

  it("answers 400001009 when the balance is short, and concurrent sends never overdraw", async () => {
    const a = await account(0.1);
    const price = await db.ctx().db.price.findFirstOrThrow({ where: { iso: "GR", mnc: "", currency: "EUR" } });
    const fits = Number(100_000n / price.priceMicros);
    const results = await Promise.all(Array.from({ length: fits + 4 }, () => sms(a.auth, { from: "Switchboard", to: greek, body: "x" })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(fits);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.every((r) => r.status === 400 && r.body.code === "400001009")).toBe(true);
    const acc = await db.ctx().db.account.findUniqueOrThrow({ where: { id: a.account.id } });
    expect(acc.balanceMicros).toBeGreaterThanOrEqual(0n);
    expect(await db.ctx().db.message.count({ where: { accountId: a.account.id } })).toBe(fits);
  });

  it("answers 403000000 to a token without the sms scope and 401 without a token", async () => {
    const a = await account(10, ["account", "report"]);
    const r = await sms(a.auth, { from: "Switchboard", to: greek, body: "x" });
    expect(r.status).toBe(403);
    expect(r.body.code).toBe("403000000");
    expect((await sms({}, { from: "Switchboard", to: greek, body: "x" })).status).toBe(401);
  });
});

describe("POST /api/sms/analyze", () => {
  it("answers the body analysis and the cost per part without sending or charging", async () => {
    const a = await account(10);
    const r = await call(analyze, { method: "POST", path: "/sms/analyze", headers: a.auth, body: { from: "Switchboard", to: greek, body: "Καλημέρα" } });
    expect(r.status).toBe(200);
    expect(r.body.bodyAnalysis).toMatchObject({ characters: 8, parts: 1, unicode: true, transcode: { message: "KAΛHMEPA", parts: 1 } });
    const price = await db.ctx().db.price.findFirstOrThrow({ where: { iso: "GR", mnc: "", currency: "EUR" } });
    expect(r.body.cost).toBeCloseTo(Number(price.priceMicros) / 1e6, 6);
    expect(await db.ctx().db.message.count({ where: { accountId: a.account.id } })).toBe(0);
    const bad = await call(analyze, { method: "POST", path: "/sms/analyze", headers: a.auth, body: { from: "Switchboard", to: "12", body: "x" } });
    expect(bad.body.code).toBe("400000000");
  });
});
