// Routee's 2Step API (/2step): start, read, answer, cancel and the reports, as a Routee client
// sees them; every status, the retries, the lifetime, the scope, the charge and another
// account's verification.
import { beforeAll, describe, expect, it } from "vitest";
import { POST as start } from "../../app/api/2step/route.ts";
import { DELETE as cancel, GET as read, POST as answer } from "../../app/api/2step/[trackingId]/route.ts";
import { GET as report } from "../../app/api/2step/reports/route.ts";
import { GET as appReport } from "../../app/api/2step/reports/applications/[applicationId]/route.ts";
import { GET as dashboardFlows } from "../../app/api/dashboard/otp/route.ts";
import { GET as dashboardFlow } from "../../app/api/dashboard/otp/[flowId]/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount, sessionCookie } from "../support/factories.ts";
import { bearer, call } from "../support/http.ts";
import { seedPrices } from "../../lib/core/prices/seed-prices.ts";
import { fromMicros } from "../../lib/money.ts";
import { textToSend } from "../../lib/core/sms/secret-text.ts";

const db = useTestDatabase();
beforeAll(() => seedPrices(db.ctx()));

type Auth = Record<string, string>;
async function sender(balance = 20) {
  const a = await makeAccount(db.ctx(), { balance });
  return { ...a, auth: bearer(await a.token()) };
}
const begin = (auth: Auth, body: Record<string, unknown> = {}) =>
  call(start, { method: "POST", path: "/2step", headers: auth, body: { method: "sms", type: "code", recipient: "+306912345601", ...body } });
const get = (auth: Auth, id: string) => call(read, { path: `/2step/${id}`, headers: auth, params: { trackingId: id } });
const reply = (auth: Auth, id: string, value: unknown) => call(answer, { method: "POST", path: `/2step/${id}`, headers: auth, params: { trackingId: id }, body: { answer: value } });
const drop = (auth: Auth, id: string) => call(cancel, { method: "DELETE", path: `/2step/${id}`, headers: auth, params: { trackingId: id } });

/** The SMS the verification sent (its flow's one step). */
async function smsOf(trackingId: string) {
  const step = await db.ctx().db.otpStep.findFirstOrThrow({ where: { flowId: trackingId } });
  return db.ctx().db.message.findUniqueOrThrow({ where: { id: step.id } });
}
/** The text the SMSC gets for it: the code is stored masked, sealed for the SMSC only (lib/core/sms/secret-text.ts). */
async function sentText(trackingId: string) {
  const sms = await smsOf(trackingId);
  const parts = await db.ctx().db.messagePart.findMany({ where: { messageId: sms.id }, orderBy: { partNumber: "asc" } });
  return parts.map((p) => textToSend(db.ctx().config.authSecret, p)).join("");
}
async function codeOf(trackingId: string) {
  return /(\d{4,10})/.exec(await sentText(trackingId))![1]!;
}
const wrong = (code: string) => (code === "0000" ? "1111" : "0000");
/** Moves a verification's lifetime into the past, as if its seconds had gone by. */
const expire = (id: string) => db.ctx().db.otpFlow.update({ where: { id }, data: { codeExpiresAt: new Date(Date.now() - 1000) } });

describe("POST /api/2step", () => {
  it("answers {trackingId, status Pending, updatedAt}, sends the code by SMS with Routee's defaults, and charges it like any SMS", async () => {
    const a = await sender();
    const before = await db.ctx().db.account.findUniqueOrThrow({ where: { id: a.account.id } });
    const r = await begin(a.auth);
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(["status", "trackingId", "updatedAt"]);
    expect(r.body.status).toBe("Pending");
    expect(new Date(r.body.updatedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const sms = await smsOf(r.body.trackingId);
    expect(sms.body).toMatch(/^Your verification code is \*{4}$/);
    expect(await sentText(r.body.trackingId)).toMatch(/^Your verification code is \d{4}$/);
    expect(sms).toMatchObject({ from: "Verify", to: "+306912345601", accountId: a.account.id });
    const after = await db.ctx().db.account.findUniqueOrThrow({ where: { id: a.account.id } });
    expect(sms.priceMicros).toBeGreaterThan(0n);
    expect(fromMicros(before.balanceMicros - after.balanceMicros)).toBeCloseTo(fromMicros(sms.priceMicros), 6);
    expect((await get(a.auth, r.body.trackingId)).body).toEqual(r.body);
  });

  it("fills the template's @@name placeholders from arguments, with the originator and the number of digits asked for", async () => {
    const a = await sender();
    const r = await begin(a.auth, {
      recipient: "306912345602",
      template: "Hi @@name, your @@app code is @@pin",
      arguments: { name: "Maria", app: "Acme" },
      templateCountry: "GR",
      originator: "AcmeBank",
      digits: 7,
      lifetimeInSeconds: 600,
      maxRetries: 3,
    });
    expect(r.status).toBe(200);
    const sms = await smsOf(r.body.trackingId);
    expect(sms.body).toMatch(/^Hi Maria, your Acme code is \*{7}$/);
    expect(await sentText(r.body.trackingId)).toMatch(/^Hi Maria, your Acme code is \d{7}$/);
    expect(sms.from).toBe("AcmeBank");
    const flow = await db.ctx().db.otpFlow.findUniqueOrThrow({ where: { id: r.body.trackingId } });
    expect(flow.maxAttempts).toBe(3);
    expect(flow.codeExpiresAt.getTime() - flow.createdAt.getTime()).toBe(600_000);
  });

  it("refuses what it cannot send with the envelope naming the property, and creates nothing", async () => {
    const a = await sender();
    const cases: [Record<string, unknown>, string][] = [
      [{ recipient: undefined }, "recipient"],
      [{ recipient: "12" }, "recipient"],
      [{ method: "voice" }, "method"],
      [{ type: "url" }, "type"],
      [{ template: "No code here" }, "template"],
      [{ digits: 3 }, "digits"],
      [{ maxRetries: 0 }, "maxRetries"],
      [{ lifetimeInSeconds: 10 }, "lifetimeInSeconds"],
      [{ templateCountry: "Greece" }, "templateCountry"],
      [{ originator: "Far too long a sender" }, "originator"],
    ];
    for (const [body, property] of cases) {
      const r = await begin(a.auth, body);
      expect(r.status, property).toBe(400);
      expect(r.body.property ?? Object.keys(r.body.properties ?? {})[0], property).toContain(property);
    }
    expect(await db.ctx().db.twoStepVerification.count({ where: { accountId: a.account.id } })).toBe(0);
  });

  it("refuses when the balance cannot pay the SMS", async () => {
    const a = await sender(0);
    const r = await begin(a.auth);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("400001009");
    expect(await db.ctx().db.twoStepVerification.count({ where: { accountId: a.account.id } })).toBe(0);
  });

  it("needs the 2step scope (MT_ROLE_2STEP)", async () => {
    const a = await makeAccount(db.ctx(), { scopes: ["sms"] });
    const r = await begin(bearer(await a.token()));
    expect(r.status).toBe(403);
    expect(r.body.code).toBe("403000000");
    const b = await makeAccount(db.ctx(), { scopes: ["2step"] });
    expect((await begin(bearer(await b.token()))).status).toBe(200);
  });
});

describe("answering, cancelling and the lifetime", () => {
  it("turns Verified on the right answer, after wrong answers within the retries; a second answer is refused", async () => {
    const a = await sender();
    const { trackingId } = (await begin(a.auth, { maxRetries: 3 })).body;
    const code = await codeOf(trackingId);
    const miss = await reply(a.auth, trackingId, wrong(code));
    expect(miss.status).toBe(200);
    expect(miss.body).toMatchObject({ trackingId, status: "Pending" });
    const hit = await reply(a.auth, trackingId, code);
    expect(hit.body).toMatchObject({ trackingId, status: "Verified" });
    expect((await get(a.auth, trackingId)).body).toEqual(hit.body);
    const again = await reply(a.auth, trackingId, code);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("409017002");
  });

  it("turns Failed once maxRetries answers were wrong, and then ignores even the right code", async () => {
    const a = await sender();
    const { trackingId } = (await begin(a.auth, { maxRetries: 2 })).body;
    const code = await codeOf(trackingId);
    expect((await reply(a.auth, trackingId, wrong(code))).body.status).toBe("Pending");
    expect((await reply(a.auth, trackingId, wrong(code))).body.status).toBe("Failed");
    expect((await reply(a.auth, trackingId, code)).body.status).toBe("Failed");
    expect((await get(a.auth, trackingId)).body.status).toBe("Failed");
    const flow = await db.ctx().db.otpFlow.findUniqueOrThrow({ where: { id: trackingId } });
    expect(flow.attempts).toBe(2);
    expect(flow.verifiedAt).toBeNull();
  });

  it("counts parallel answers atomically: never more wrong tries than maxRetries", async () => {
    const a = await sender();
    const { trackingId } = (await begin(a.auth, { maxRetries: 3 })).body;
    const code = await codeOf(trackingId);
    const answers = await Promise.all(Array.from({ length: 8 }, () => reply(a.auth, trackingId, wrong(code))));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect((await get(a.auth, trackingId)).body.status).toBe("Failed");
    expect((await db.ctx().db.otpFlow.findUniqueOrThrow({ where: { id: trackingId } })).attempts).toBe(3);
  });

  it("is Expired after its lifetime: read and answered so, with updatedAt the moment it expired", async () => {
    const a = await sender();
    const { trackingId } = (await begin(a.auth)).body;
    const code = await codeOf(trackingId);
    await expire(trackingId);
    const g = await get(a.auth, trackingId);
    expect(g.body.status).toBe("Expired");
    const expiredAt = (await db.ctx().db.otpFlow.findUniqueOrThrow({ where: { id: trackingId } })).codeExpiresAt.toISOString();
    expect(g.body.updatedAt).toBe(expiredAt);
    expect((await reply(a.auth, trackingId, code)).body.status).toBe("Expired");
    expect((await drop(a.auth, trackingId)).status).toBe(409);
  });

  it("cancels a Pending verification: Cancelled, its code no longer accepted, and it cannot be cancelled twice", async () => {
    const a = await sender();
    const { trackingId } = (await begin(a.auth)).body;
    const code = await codeOf(trackingId);
    const c = await drop(a.auth, trackingId);
    expect(c.status).toBe(200);
    expect(c.body).toMatchObject({ trackingId, status: "Cancelled" });
    expect((await get(a.auth, trackingId)).body.status).toBe("Cancelled");
    expect((await reply(a.auth, trackingId, code)).body.status).toBe("Cancelled");
    const twice = await drop(a.auth, trackingId);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe("409017003");
    expect(twice.body.developerMessage).toContain("Cancelled");
  });

  it("cannot cancel a Verified verification", async () => {
    const a = await sender();
    const { trackingId } = (await begin(a.auth)).body;
    await reply(a.auth, trackingId, await codeOf(trackingId));
    const r = await drop(a.auth, trackingId);
    expect(r.status).toBe(409);
    expect((await get(a.auth, trackingId)).body.status).toBe("Verified");
  });

  it("answers 404 for another account's verification, an unknown id or a malformed one, and leaves it alone", async () => {
    const a = await sender();
    const b = await sender();
    const { trackingId } = (await begin(b.auth)).body;
    const code = await codeOf(trackingId);
    for (const r of [await get(a.auth, trackingId), await reply(a.auth, trackingId, code), await drop(a.auth, trackingId)]) {
      expect(r.status).toBe(404);
      expect(r.body.code).toBe("404017001");
    }
    expect((await get(a.auth, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await get(a.auth, "not-an-id")).status).toBe(404);
    expect((await get(b.auth, trackingId)).body.status).toBe("Pending");
    expect((await db.ctx().db.otpFlow.findUniqueOrThrow({ where: { id: trackingId } })).attempts).toBe(0);
  });

  it("refuses an answer without one", async () => {
    const a = await sender();
    const { trackingId } = (await begin(a.auth)).body;
    const r = await call(answer, { method: "POST", path: `/2step/${trackingId}`, headers: a.auth, params: { trackingId }, body: {} });
    expect(r.status).toBe(400);
    expect(r.body.property ?? Object.keys(r.body.properties ?? {})[0]).toContain("answer");
  });
});

describe("GET /api/2step/reports", () => {
  it("counts the account's verifications by status, in total and per country, every status a key; per application too", async () => {
    const a = await sender(50);
    const other = await sender(50);
    await begin(other.auth); // another account's: never counted
    const ids: string[] = [];
    for (const recipient of ["+306912345611", "+306912345612", "+306912345613", "+306912345614", "+4915123456789"]) ids.push((await begin(a.auth, { recipient, maxRetries: 1 })).body.trackingId);
    await reply(a.auth, ids[0]!, await codeOf(ids[0]!)); // Verified
    await reply(a.auth, ids[1]!, wrong(await codeOf(ids[1]!))); // Failed
    await drop(a.auth, ids[2]!); // Cancelled
    await expire(ids[3]!); // Expired; the German one stays Pending
    const r = await call(report, { path: "/2step/reports", headers: a.auth });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      total: 5,
      totals: { Pending: 1, Verified: 1, Failed: 1, Expired: 1, Cancelled: 1 },
      perCountry: {
        GR: { Pending: 0, Verified: 1, Failed: 1, Expired: 1, Cancelled: 1 },
        DE: { Pending: 1, Verified: 0, Failed: 0, Expired: 0, Cancelled: 0 },
      },
    });
    const mine = await call(appReport, { path: `/2step/reports/applications/${a.application.id}`, headers: a.auth, params: { applicationId: a.application.id } });
    expect(mine.body).toEqual({ applicationId: a.application.id, ...r.body });
    // Another account's application, or an id that is none, matches nothing: zeros, as other reports.
    for (const id of [other.application.id, "nope"]) {
      const z = await call(appReport, { path: `/2step/reports/applications/${id}`, headers: a.auth, params: { applicationId: id } });
      expect(z.status).toBe(200);
      expect(z.body).toEqual({ applicationId: id, total: 0, totals: { Pending: 0, Verified: 0, Failed: 0, Expired: 0, Cancelled: 0 }, perCountry: {} });
    }
  });
});

describe("the dashboard's OTP page", () => {
  it("lists a 2Step verification with its status, and shows its SMS step and the answers on its timeline", async () => {
    const a = await sender();
    const cookie = { cookie: await sessionCookie(a.user.id) };
    const { trackingId } = (await begin(a.auth, { maxRetries: 4 })).body;
    const code = await codeOf(trackingId);
    await reply(a.auth, trackingId, wrong(code));
    const list = await call(dashboardFlows, { path: "/dashboard/otp", headers: cookie });
    expect(list.body.content).toEqual([expect.objectContaining({ flowId: trackingId, twoStep: "Pending", channels: ["sms"], phoneNumber: "306912345601" })]);
    await reply(a.auth, trackingId, code);
    const d = await call(dashboardFlow, { path: `/dashboard/otp/${trackingId}`, headers: cookie, params: { flowId: trackingId } });
    expect(d.body).toMatchObject({ twoStep: "Verified", attempts: 2, maxAttempts: 4 });
    expect(d.body.flow.steps).toEqual([expect.objectContaining({ channel: "sms", role: "primary", phone_number: "306912345601", label: "2step" })]);
    expect(d.body.events.map((e: { status: string }) => e.status)).toEqual(["queued", "wrong code", "verified"]);
  });
});
