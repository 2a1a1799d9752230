// A pool's callback receives the delivery reports of SMS sent through it, naming the pool.
import { describe, expect, it } from "vitest";
import { POST as create } from "../../app/api/pools/my/route.ts";
import { POST as sendThrough } from "../../app/api/pools/my/[poolId]/sms/route.ts";
import { POST as rent } from "../../app/api/numbers/my/route.ts";
import { POST as sendSms } from "../../app/api/sms/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { bearer, call } from "../support/http.ts";
import { eventually, useMessaging } from "../support/messaging.ts";
import { seedPrices } from "../../lib/core/prices/seed-prices.ts";

const db = useTestDatabase();
const messaging = useMessaging(() => db.database(), { deliveryDelayMs: 100 });

describe("pool callbacks", () => {
  it("posts every status of a pool's SMS to the pool's callback with poolId, poolName and poolStrategy", async () => {
    await seedPrices(db.ctx());
    const a = await makeAccount(db.ctx(), { balance: 100 });
    const auth = bearer(await a.token());
    const msisdn = "+306900000011";
    expect((await call(rent, { method: "POST", path: "/numbers/my", headers: auth, body: { msisdn } })).status).toBe(200);
    const pool = await call(create, {
      method: "POST",
      path: "/pools/my",
      headers: auth,
      body: { poolName: "Alerts", smsSettings: { callback: { url: messaging.receiverUrl("/pool-status"), strategy: "OnChange" } }, numbers: [msisdn] },
    });
    const sent = await call(sendThrough, {
      method: "POST",
      path: `/pools/my/${pool.body.poolId}/sms`,
      headers: auth,
      params: { poolId: pool.body.poolId },
      body: { to: "+306912345678", body: "Pool says hi" },
    });
    expect(sent.body).toMatchObject({ from: "306900000011", callback: { url: messaging.receiverUrl("/pool-status"), strategy: "OnChange" } });
    const reports = await eventually(
      async () => messaging.received.filter((r) => r.path === "/pool-status" && r.body.messageId === sent.body.trackingId),
      (r) => r.some((x) => x.body.status.name === "Delivered"),
    );
    expect(reports.map((r) => r.body.status.name).sort()).toEqual(["Delivered", "Queued", "Sent"]);
    for (const r of reports) expect(r.body).toMatchObject({ poolId: pool.body.poolId, poolName: "Alerts", poolStrategy: "Numeric", from: "306900000011", to: "+306912345678" });

    // An SMS not sent through a pool carries no pool fields.
    const plain = await call(sendSms, {
      method: "POST",
      path: "/sms",
      headers: auth,
      body: { from: "Switchboard", to: "+306912345678", body: "x", callback: { url: messaging.receiverUrl("/plain") } },
    });
    const report = await eventually(
      async () => messaging.received.filter((r) => r.path === "/plain" && r.body.messageId === plain.body.trackingId),
      (r) => r.length > 0,
    );
    expect(report[0]!.body).not.toHaveProperty("poolId");
  });
});
