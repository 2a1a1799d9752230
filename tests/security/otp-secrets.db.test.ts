// One-time codes out of sight: an OTP's SMS is stored, tracked and exported with its code masked
// while the SMSC receives the real text (sealed beside the masked one until the SMS is final); a
// code verifies once, even when two right answers arrive together, and not after its flow failed.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as sendFailover } from "../../app/api/otp/send-failover/route.ts";
import { GET as single } from "../../app/api/sms/tracking/single/[trackingId]/route.ts";
import { GET as exportCsv } from "../../app/api/dashboard/tracking/export/route.ts";
import { POST as verifyRoute } from "../../app/api/otp/failover/[flowId]/verify/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount, sessionCookie } from "../support/factories.ts";
import { bearer, call } from "../support/http.ts";
import { eventually, useMessaging } from "../support/messaging.ts";
import { seedPrices } from "../../lib/core/prices/seed-prices.ts";
import { hashCode } from "../../lib/core/otp/otp-code.ts";

const db = useTestDatabase();
const messaging = useMessaging(() => db.database(), { deliveryDelayMs: 50 });
beforeAll(() => seedPrices(db.ctx()));

describe("an OTP's SMS", () => {
  it("is stored, tracked and exported with the code masked, and reaches the SMSC with the code", async () => {
    const a = await makeAccount(db.ctx());
    const auth = bearer(await a.token());
    const to = "+306912377001";
    const flow = { flow: [{ type: "Sms", to, order: 1, ttl: 300, from: "Shop", pin: "483921", message: { body: "Your code is @@pin. Never share @@pin." } }] };
    const started = await call(sendFailover, { method: "POST", path: "/otp/send-failover", headers: auth, body: flow });
    expect(started.status, started.text).toBe(200);

    const submitted = await eventually(
      async () =>
        messaging
          .simulator()
          .received()
          .filter((s) => s.destinationAddr === to.slice(1)),
      (s) => s.length > 0,
    );
    expect(submitted[0]!.text).toBe("Your code is 483921. Never share 483921.");

    const message = await db.ctx().db.message.findFirstOrThrow({ where: { accountId: a.account.id, to }, include: { messageParts: true } });
    expect(message.body).toBe("Your code is ******. Never share ******.");
    expect(message.messageParts.map((p) => p.text)).toEqual([message.body]);
    // Once final, not even the sealed text is kept.
    await eventually(
      () => db.ctx().db.messagePart.findMany({ where: { messageId: message.id } }),
      (parts) => parts.every((p) => p.sealedText === null),
    );

    const tracked = await call(single, { path: `/sms/tracking/single/${message.id}`, headers: auth, params: { trackingId: message.id } });
    expect(tracked.status).toBe(200);
    expect(tracked.text).not.toContain("483921");
    const csv = await call(exportCsv, { path: "/dashboard/tracking/export?range=1h", headers: { cookie: await sessionCookie(a.user.id) } });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain("******");
    expect(csv.text).not.toContain("483921");
  });
});

describe("verifying a code", () => {
  async function flowWithCode(code: string, status = "InProgress") {
    const a = await makeAccount(db.ctx());
    const id = crypto.randomUUID();
    const now = new Date();
    await db.ctx().db.otpFlow.create({
      data: {
        id,
        accountId: a.account.id,
        status,
        phoneNumber: "306912377002",
        plan: [],
        codeHash: hashCode(id, code),
        codeExpiresAt: new Date(now.getTime() + 300_000),
        createdAt: now,
        updatedAt: now,
      },
    });
    const auth = bearer(await a.token());
    return (answer: string) => call(verifyRoute, { method: "POST", path: `/otp/failover/${id}/verify`, headers: auth, params: { flowId: id }, body: { code: answer } });
  }

  it("verifies once when two right answers arrive together", async () => {
    const verify = await flowWithCode("271828");
    const answers = await Promise.all([verify("271828"), verify("271828")]);
    const verified = answers.filter((r) => r.status === 200 && r.body.verified);
    expect(verified).toHaveLength(1);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it("refuses the right code once its flow has failed", async () => {
    const verify = await flowWithCode("314159", "Failed");
    const r = await verify("314159");
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("400011005");
  });
});
