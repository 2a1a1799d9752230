// The dashboard's OTP and email JSON: lists and details scoped to the account; starting a flow
// and sending an email only for owners and marketers.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listFlows, POST as startFlow } from "../../app/api/dashboard/otp/route.ts";
import { GET as flowDetail } from "../../app/api/dashboard/otp/[flowId]/route.ts";
import { GET as listEmails, POST as sendEmail } from "../../app/api/dashboard/email/route.ts";
import { GET as emailDetail } from "../../app/api/dashboard/email/[id]/route.ts";
import { GET as listSink } from "../../app/api/dashboard/email/sink/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount, sessionCookie } from "../support/factories.ts";
import { call } from "../support/http.ts";
import { seedPrices } from "../../lib/core/prices/seed-prices.ts";

const db = useTestDatabase();
beforeAll(() => seedPrices(db.ctx()));

const as = async (role: "owner" | "marketer" | "support") => {
  const a = await makeAccount(db.ctx(), { role });
  return { ...a, headers: { cookie: await sessionCookie(a.user.id) } };
};
const flow = {
  flow: [
    { type: "ViberOtp", to: "+306912345678", order: 1, ttl: 60 },
    { type: "Sms", to: "+306912345678", order: 2, ttl: 120, from: "Switchboard", message: { body: "Code @@pin" } },
  ],
};
const email = { from: { address: "a@b.example" }, to: [{ address: "c@d.example" }], subject: "Hi", content: { html: `<p><a href="https://x.example/">x</a></p>` } };

describe("dashboard OTP and email", () => {
  it("lets a marketer start a flow and send an email, and shows them to the account only", async () => {
    const m = await as("marketer");
    const started = await call(startFlow, { method: "POST", path: "/dashboard/otp", headers: m.headers, body: flow });
    expect(started.status).toBe(200);
    const list = await call(listFlows, { path: "/dashboard/otp", headers: m.headers });
    expect(list.body.content).toHaveLength(1);
    expect(list.body.content[0]).toMatchObject({ flowId: started.body.flowId, status: "InProgress", phoneNumber: "306912345678", channels: ["viber"] });
    const detail = await call(flowDetail, { path: `/dashboard/otp/${started.body.flowId}`, headers: m.headers, params: { flowId: started.body.flowId } });
    expect(detail.body.flow.flowId).toBe(started.body.flowId);
    expect(detail.body.events[0]).toMatchObject({ status: "queued" });

    const sent = await call(sendEmail, { method: "POST", path: "/dashboard/email", headers: m.headers, body: email });
    expect(sent.status).toBe(200);
    const one = await call(emailDetail, { path: `/dashboard/email/${sent.body.trackingId}`, headers: m.headers, params: { id: sent.body.trackingId } });
    expect(one.body.links).toEqual([{ position: 0, url: "https://x.example/", clicks: 0 }]);
    expect(one.body.html).toContain("/t/c/");

    const other = await as("owner");
    expect((await call(listFlows, { path: "/dashboard/otp", headers: other.headers })).body.content).toHaveLength(0);
    expect((await call(listEmails, { path: "/dashboard/email", headers: other.headers })).body.content).toHaveLength(0);
    expect((await call(listSink, { path: "/dashboard/email/sink", headers: other.headers })).body.content).toHaveLength(0);
    expect((await call(flowDetail, { path: "/x", headers: other.headers, params: { flowId: started.body.flowId } })).status).toBe(404);
    expect((await call(emailDetail, { path: "/x", headers: other.headers, params: { id: sent.body.trackingId } })).status).toBe(404);
  });

  it("lets a support user read but not start flows or send email", async () => {
    const s = await as("support");
    expect((await call(listFlows, { path: "/dashboard/otp", headers: s.headers })).status).toBe(200);
    const f = await call(startFlow, { method: "POST", path: "/dashboard/otp", headers: s.headers, body: flow });
    expect(f.status).toBe(403);
    expect(f.body.code).toBe("403000001");
    const e = await call(sendEmail, { method: "POST", path: "/dashboard/email", headers: s.headers, body: email });
    expect(e.status).toBe(403);
    expect((await call(listFlows, { path: "/dashboard/otp" })).status).toBe(401);
  });
});
