// OTP failover end to end: Viber through the bundled simulator, SMS over SMPP to the SMSC
// simulator, webhooks to a real HTTP receiver; the code checked with its attempt limit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as sendFailover } from "../../app/api/otp/send-failover/route.ts";
import { GET as getFlow } from "../../app/api/otp/failover/[flowId]/route.ts";
import { POST as verify } from "../../app/api/otp/failover/[flowId]/verify/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { bearer, call } from "../support/http.ts";
import { eventually, useMessaging } from "../support/messaging.ts";
import { seedPrices } from "../../lib/core/prices/seed-prices.ts";
import { startViber } from "../../lib/server/viber.ts";

const db = useTestDatabase();
const messaging = useMessaging(() => db.database(), { deliveryDelayMs: 100 });
let viber: Awaited<ReturnType<typeof startViber>>;
beforeAll(async () => {
  viber = await startViber(db.database(), { deliveryDelayMs: 150 });
  await seedPrices(db.ctx());
});
afterAll(() => viber?.close());

async function sender(balance = 50) {
  const a = await makeAccount(db.ctx(), { balance });
  return { ...a, auth: bearer(await a.token()) };
}

const flowBody = (to: string, callbackUrl?: string, extra: { viberTtl?: number; smsTtl?: number; pin?: string; smsTo?: string } = {}) => ({
  flow: [
    { type: "Sms", to: extra.smsTo ?? to, order: 2, ttl: extra.smsTtl ?? 300, from: "Switchboard", label: "login", message: { body: "Your code is @@pin" } },
    { type: "ViberOtp", to: [to], order: 1, ttl: extra.viberTtl ?? 60, senderInfoTrackingId: "sim", templateId: "basic", ...(extra.pin ? { pin: extra.pin } : {}), label: "login" },
  ],
  ...(callbackUrl ? { callback: { url: callbackUrl } } : {}),
});

const start = (auth: Record<string, string>, body: unknown) => call(sendFailover, { method: "POST", path: "/otp/send-failover", headers: auth, body });
const get = (auth: Record<string, string>, id: string) => call(getFlow, { path: `/otp/failover/${id}`, headers: auth, params: { flowId: id } });
const hooksFor = (path: string) => messaging.received.filter((r) => r.path === path).map((r) => r.body);
const statuses = (flow: any) => [flow.status, ...flow.steps.map((s: any) => `${s.channel}:${s.status}`)].join(" ");

describe("OTP failover", () => {
  it("answers the initial flow: InProgress with one queued Viber step", async () => {
    const a = await sender();
    const r = await start(a.auth, flowBody("+306912345611"));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: "InProgress", statusCode: null, total_cost: null });
    expect(r.body.steps).toHaveLength(1);
    expect(r.body.steps[0]).toMatchObject({
      role: "primary",
      flowId: r.body.flowId,
      status: "queued",
      channel: "viber",
      phone_number: "306912345611",
      label: "login",
      sent_at: null,
      delivered_at: null,
      failover_from_message_token: null,
      price: null,
      latency_ms: null,
    });
    expect(Object.keys(r.body.steps[0]).sort()).toEqual(
      [
        "trackingId",
        "role",
        "flowId",
        "status",
        "channel",
        "phone_number",
        "label",
        "created_at",
        "sent_at",
        "delivered_at",
        "detailed_status",
        "error_message",
        "failover_from_message_token",
        "price",
        "latency_ms",
        "country",
        "operator",
      ].sort(),
    );
  });

  it("fails over to SMS when Viber reports EXPIRED (test number 0006), ends Succeeded, and reports each change once", async () => {
    const a = await sender();
    const r = await start(a.auth, flowBody("+306912340006", messaging.receiverUrl("/otp-0006")));
    expect(r.status).toBe(200);
    const flowId = r.body.flowId;
    const primary = r.body.steps[0].trackingId;
    const done = await eventually(
      () => get(a.auth, flowId),
      (g) => g.body.status !== "InProgress",
    );
    expect(done.body.status).toBe("Succeeded");
    await new Promise((res) => setTimeout(res, 1500)); // anything late or duplicated would arrive now
    const hooks = hooksFor("/otp-0006");
    expect(hooks.map(statuses)).toEqual(["InProgress viber:expired sms:queued", "InProgress viber:expired sms:sent", "Succeeded viber:expired sms:delivered"]);
    for (const h of hooks) expect(Object.keys(h).sort()).toEqual(["flowId", "status", "statusCode", "steps", "total_cost"]);
    expect(hooks.every((h) => h.flowId === flowId)).toBe(true);
    const [first] = hooks;
    expect(first.steps[0]).toMatchObject({ trackingId: primary, role: "primary", detailed_status: "Expired" });
    expect(first.steps[1]).toMatchObject({ role: "failover", channel: "sms", phone_number: "306912340006", failover_from_message_token: primary, country: "GR" });
    expect(first.steps[1].price).toBeGreaterThan(0);
    expect(first.total_cost).toBeCloseTo(first.steps[0].price + first.steps[1].price, 6);
    expect(hooks.at(-1)).toEqual(done.body);
    expect(done.body.steps[1].delivered_at).not.toBeNull();
    expect(done.body.steps[1].latency_ms).toBeGreaterThan(0);
    // The SMS carried the code to the SMSC (stored masked: tests/security/otp-secrets.db.test.ts), and the code verifies.
    const sms = await db.ctx().db.message.findUniqueOrThrow({ where: { id: done.body.steps[1].trackingId } });
    expect(sms.body).toBe("Your code is ******");
    const submitted = messaging
      .simulator()
      .received()
      .find((x) => x.destinationAddr === "306912340006" && x.text.startsWith("Your code is"));
    const code = /Your code is (\d{6})/.exec(submitted?.text ?? "")?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const v = await call(verify, { method: "POST", path: `/otp/failover/${flowId}/verify`, headers: a.auth, params: { flowId }, body: { code } });
    expect(v.body).toMatchObject({ verified: true, status: "Verified" });
    // Signed like every callback.
    const raw = messaging.received.find((x) => x.path === "/otp-0006")!;
    expect(raw.headers["webhook-signature"]).toMatch(/^v1,/);
  });

  it("does not retry a webhook whose receiver answers 500", async () => {
    const a = await sender();
    const r = await start(a.auth, flowBody("+306912340006", messaging.receiverUrl("/fail-otp")));
    await eventually(
      () => get(a.auth, r.body.flowId),
      (g) => g.body.status === "Succeeded",
    );
    await new Promise((res) => setTimeout(res, 2500));
    const hooks = hooksFor("/fail-otp");
    expect(hooks.map(statuses)).toEqual(["InProgress viber:expired sms:queued", "InProgress viber:expired sms:sent", "Succeeded viber:expired sms:delivered"]);
    const cbs = await db.ctx().db.callback.findMany({ where: { accountId: a.account.id, kind: "otp.flow" }, include: { attemptLog: true } });
    expect(cbs).toHaveLength(3);
    for (const cb of cbs) {
      expect(cb.state).toBe("failed");
      expect(cb.attemptLog).toHaveLength(1);
      expect(cb.attemptLog[0]!.statusCode).toBe(500);
    }
  });

  it("fails over when Viber sends no report within the step's ttl (test number 0005)", async () => {
    const a = await sender();
    const r = await start(a.auth, flowBody("+306912340005", messaging.receiverUrl("/otp-0005"), { viberTtl: 1, smsTo: "+306912345605" }));
    const done = await eventually(
      () => get(a.auth, r.body.flowId),
      (g) => g.body.status !== "InProgress",
    );
    expect(done.body.status).toBe("Succeeded");
    expect(done.body.steps[0]).toMatchObject({ status: "expired", detailed_status: "Expired" });
    expect(done.body.steps[0].error_message).toMatch(/ttl/);
    expect(hooksFor("/otp-0005")[0].steps.map((s: any) => s.status)).toEqual(["expired", "queued"]);
  });

  it("reports a Viber delivery with total_cost set and closes the flow when the step's window ends", async () => {
    const a = await sender();
    const r = await start(a.auth, flowBody("+306912345612", messaging.receiverUrl("/otp-viber"), { viberTtl: 2 }));
    const delivered = await eventually(
      async () => hooksFor("/otp-viber"),
      (h) => h.length >= 1,
    );
    expect(statuses(delivered[0])).toBe("InProgress viber:delivered");
    expect(delivered[0].total_cost).toBeGreaterThan(0);
    expect(delivered[0].steps[0].latency_ms).toBeGreaterThan(0);
    const done = await eventually(
      () => get(a.auth, r.body.flowId),
      (g) => g.body.status !== "InProgress",
      10_000,
    );
    expect(done.body.status).toBe("Succeeded");
    expect(done.body.steps).toHaveLength(1);
    await new Promise((res) => setTimeout(res, 700));
    expect(hooksFor("/otp-viber").map(statuses)).toEqual(["InProgress viber:delivered", "Succeeded viber:delivered"]);
  });

  it("checks codes: a wrong one counts, five wrong ones lock the flow, another account sees nothing", async () => {
    const a = await sender();
    const r = await start(a.auth, flowBody("+306912345613", undefined, { pin: "4321" }));
    const flowId = r.body.flowId;
    const check = (auth: Record<string, string>, code: unknown) => call(verify, { method: "POST", path: `/otp/failover/${flowId}/verify`, headers: auth, params: { flowId }, body: { code } });
    const wrong = await check(a.auth, "0000");
    expect(wrong.status).toBe(200);
    expect(wrong.body).toMatchObject({ verified: false, attemptsLeft: 4 });
    const other = await sender();
    expect((await check(other.auth, "4321")).status).toBe(404);
    expect((await get(other.auth, flowId)).body.code).toBe("404011000");
    for (let i = 0; i < 4; i++) await check(a.auth, "1111");
    const locked = await check(a.auth, "4321");
    expect(locked.status).toBe(400);
    expect(locked.body.code).toBe("400011003");
    const stored = await db.ctx().db.otpFlow.findUniqueOrThrow({ where: { id: flowId } });
    expect(stored.codeHash).not.toContain("4321");
  });

  it("verifies a correct code once", async () => {
    const a = await sender();
    const r = await start(a.auth, flowBody("+306912345614", undefined, { pin: "987654" }));
    const flowId = r.body.flowId;
    const check = () => call(verify, { method: "POST", path: `/otp/failover/${flowId}/verify`, headers: a.auth, params: { flowId }, body: { code: 987654 } });
    expect((await check()).body).toMatchObject({ verified: true });
    expect((await check()).body.code).toBe("409011004");
  });

  it("refuses bad input with 4xx envelopes", async () => {
    const a = await sender();
    const bad = async (body: unknown, code: string, property?: string) => {
      const r = await start(a.auth, body);
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(r.body.code).toBe(code);
      if (property) expect(r.body.property).toBe(property);
    };
    await bad({}, "400000000", "flow");
    await bad({ flow: [] }, "400000000", "flow");
    await bad({ flow: [{ type: "Fax", to: "+306912345678", order: 1, ttl: 60 }] }, "400000000", "flow.0.type");
    await bad({ flow: [{ type: "Sms", to: "+30691", order: 1, ttl: 60, from: "Sb", message: { body: "@@pin" } }] }, "400000000", "flow[0].to");
    await bad({ flow: [{ type: "Sms", to: "+306912345678", order: 1, ttl: 60, message: { body: "@@pin" } }] }, "400000000", "flow[0].from");
    await bad({ flow: [{ type: "Sms", to: "+306912345678", order: 1, ttl: 60, from: "Sb", message: { body: "no code here" } }] }, "400000000", "flow[0].message.body");
    await bad(
      {
        flow: [
          { type: "ViberOtp", to: "+306912345678", order: 1, ttl: 60 },
          { type: "Sms", to: "+306912345678", order: 1, ttl: 60, from: "Sb", message: { body: "@@pin" } },
        ],
      },
      "400000000",
      "flow[1].order",
    );
    await bad({ flow: [{ type: "Sms", to: "+306912345678", order: 1, ttl: 60, from: "not a valid sender!", message: { body: "@@pin" } }] }, "400005000");
    const poor = await sender(0);
    const r = await start(poor.auth, flowBody("+306912345615"));
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("400001009");
    expect((await get(a.auth, "not-a-uuid")).status).toBe(404);
  });
});
