// An account the platform operator suspends is refused everywhere it acts: its tokens on the API
// and at the token endpoint (403 accountSuspended with the reason), its users at sign-in and on
// every dashboard request; its campaigns pause, scheduled or half sent, and resume whole on
// reactivation: every recipient reaches the SMSC exactly once, nothing is failed or lost.
import { beforeAll, describe, expect, it } from "vitest";
import { POST as smsRoute } from "../../app/api/sms/route.ts";
import { POST as tokenRoute } from "../../app/api/oauth/token/route.ts";
import { POST as createCampaignRoute } from "../../app/api/sms/campaign/route.ts";
import { GET as meRoute } from "../../app/api/dashboard/me/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount, sessionCookie } from "../support/factories.ts";
import { basic, bearer, call, form } from "../support/http.ts";
import { eventually, useMessaging } from "../support/messaging.ts";
import { seedPrices } from "../../lib/core/prices/seed-prices.ts";
import { suspendAccount } from "../../lib/core/accounts/suspend-account.ts";
import { resumeAccount } from "../../lib/core/accounts/resume-account.ts";
import { authenticateUser } from "../../lib/core/users/authenticate-user.ts";
import { authOptions } from "../../lib/auth/next-auth.ts";

const db = useTestDatabase();
const messaging = useMessaging(() => db.database(), { deliveryDelayMs: 50 });

beforeAll(async () => {
  await seedPrices(db.ctx());
});

const sms = (headers: Record<string, string>) => call(smsRoute, { method: "POST", path: "/sms", headers, body: { from: "Shop", to: "+306912345678", body: "Hi" } });

describe("a suspended account's callers", () => {
  it("get 403 accountSuspended with the reason on the API and at the token endpoint, and work again once reactivated", async () => {
    const a = await makeAccount(db.ctx());
    const auth = bearer(await a.token());
    expect((await sms(auth)).status).toBe(200);
    await suspendAccount(db.ctx(), { accountId: a.account.id, reason: "Unpaid invoice 2026-11" });

    const refused = await sms(auth);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "403001006", developerMessage: expect.stringMatching(/suspended by the platform operator \(Unpaid invoice 2026-11\)\. Its API tokens are refused/) });
    const token = await call(tokenRoute, { method: "POST", path: "/oauth/token", headers: { ...form, ...basic(a.application.id, a.secret) }, raw: "grant_type=client_credentials" });
    expect(token.status).toBe(403);
    expect(token.body.code).toBe("403001006");
    // A wrong secret learns nothing of the suspension.
    const wrong = await call(tokenRoute, { method: "POST", path: "/oauth/token", headers: { ...form, ...basic(a.application.id, "nope") }, raw: "grant_type=client_credentials" });
    expect(wrong.status).toBe(401);
    expect(await db.ctx().db.message.count({ where: { accountId: a.account.id } })).toBe(1);

    await resumeAccount(db.ctx(), { accountId: a.account.id });
    expect((await sms(auth)).status).toBe(200);
  });

  it("cannot sign in and are told why; signed-in users are refused on the next request", async () => {
    const a = await makeAccount(db.ctx());
    const cookie = { cookie: await sessionCookie(a.user.id) };
    expect((await call(meRoute, { path: "/dashboard/me", headers: cookie })).status).toBe(200);
    await suspendAccount(db.ctx(), { accountId: a.account.id, reason: "Fraud check" });

    await expect(authenticateUser(db.ctx(), a.user.email, a.password)).rejects.toMatchObject({ kind: "accountSuspended", message: expect.stringContaining("Fraud check") });
    // A wrong password is told nothing more than usual.
    expect(await authenticateUser(db.ctx(), a.user.email, "wrong password")).toBeNull();
    const credentials = authOptions().providers[0] as unknown as { options: { authorize(c: Record<string, string>): Promise<unknown> } };
    await expect(credentials.options.authorize({ email: a.user.email, password: a.password })).rejects.toThrow(/^AccountSuspended: .*Fraud check.*Its users cannot sign in/);
    const me = await call(meRoute, { path: "/dashboard/me", headers: cookie });
    expect(me.status).toBe(403);
    expect(me.body.code).toBe("403001006");

    await resumeAccount(db.ctx(), { accountId: a.account.id });
    expect(await authenticateUser(db.ctx(), a.user.email, a.password)).toMatchObject({ id: a.user.id });
  });
});

const numbers = (n: number, base: number) => Array.from({ length: n }, (_, i) => `+3069${String(base + i * 7).padStart(8, "0")}`);
const received = (sender: string) =>
  messaging
    .simulator()
    .received()
    .filter((s) => s.sourceAddr === sender)
    .map((s) => `+${s.destinationAddr.replace(/^\+/, "")}`);
const campaignOf = (id: string) => db.ctx().db.campaign.findUniqueOrThrow({ where: { id } });
const parked = (accountId: string) => db.ctx().db.parkedJob.findMany({ where: { accountId } });
const timeline = async (id: string) => (await db.ctx().db.campaignEvent.findMany({ where: { campaignId: id }, orderBy: { at: "asc" } })).map((e) => e.state);

describe("a suspended account's campaigns", () => {
  it("a scheduled campaign that comes due is neither charged nor started, and runs whole once reactivated", async () => {
    const a = await makeAccount(db.ctx(), { balance: 100 });
    const to = numbers(20, 10_000_000);
    const when = new Date(Date.now() + 2000).toISOString();
    const created = await call(createCampaignRoute, { method: "POST", path: "/sms/campaign", headers: bearer(await a.token()), body: { from: "Sched", body: "Hello", to, scheduledDate: when } });
    expect(created.body.state).toBe("Scheduled");
    const id = created.body.trackingId as string;
    await suspendAccount(db.ctx(), { accountId: a.account.id, reason: "Paused for a test" });

    // Its start job parks itself when it comes due.
    await eventually(
      () => parked(a.account.id),
      (p) => p.length === 1,
      15_000,
    );
    expect((await campaignOf(id)).state).toBe("Scheduled");
    expect(received("Sched")).toEqual([]);
    expect((await db.ctx().db.account.findUniqueOrThrow({ where: { id: a.account.id } })).balanceMicros).toBe(100_000_000n);

    const { resumedJobs } = await resumeAccount(db.ctx(), { accountId: a.account.id });
    expect(resumedJobs).toBe(1);
    const done = await eventually(
      () => campaignOf(id),
      (c) => c.state === "Finished",
      30_000,
    );
    expect(done.totalMessages).toBe(20);
    expect(received("Sched").sort()).toEqual([...to].sort());
    expect(await db.ctx().db.message.count({ where: { campaignId: id, status: "Delivered" } })).toBe(20);
    expect(await timeline(id)).toEqual(["Scheduled", "Paused", "Resumed", "Queued", "Running", "Sent", "Finished"]);
  }, 60_000);

  it("a campaign half sent pauses within a moment, sends nothing while suspended, and finishes whole, each recipient once", async () => {
    const a = await makeAccount(db.ctx(), { balance: 100 });
    const to = numbers(400, 20_000_000);
    const created = await call(createCampaignRoute, { method: "POST", path: "/sms/campaign", headers: bearer(await a.token()), body: { from: "Half", body: "Hello", to } });
    const id = created.body.trackingId as string;
    // The carrier hands over 100 parts a second: the campaign takes seconds.
    await eventually(
      async () => received("Half").length,
      (n) => n >= 40,
      15_000,
    );
    await suspendAccount(db.ctx(), { accountId: a.account.id, reason: "Mid-way" });
    await eventually(
      () => parked(a.account.id),
      (p) => p.length === 1,
      15_000,
    );
    const atPause = received("Half").length;
    expect(atPause).toBeLessThan(400);
    await new Promise((r) => setTimeout(r, 1500));
    expect(received("Half").length).toBe(atPause);
    expect((await campaignOf(id)).state).toBe("Running");
    // What went out is recorded: a message per part the SMSC accepted.
    expect(await db.ctx().db.message.count({ where: { campaignId: id } })).toBe(atPause);

    await resumeAccount(db.ctx(), { accountId: a.account.id });
    await eventually(
      () => campaignOf(id),
      (c) => c.state === "Finished",
      30_000,
    );
    const got = received("Half");
    expect(got).toHaveLength(400);
    expect(new Set(got).size).toBe(400);
    expect(messaging.simulator().duplicates()).toBe(0);
    expect(await db.ctx().db.messagePart.count({ where: { accountId: a.account.id, possibleDuplicate: true } })).toBe(0);
    expect(await db.ctx().db.message.count({ where: { campaignId: id, status: "Delivered" } })).toBe(400);
    expect(await timeline(id)).toEqual(["Queued", "Running", "Paused", "Resumed", "Sent", "Finished"]);
  }, 60_000);
});
