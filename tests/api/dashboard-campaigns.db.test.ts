// The campaign pages' JSON: list (states, names, unnamed campaigns, counts and progress), the
// quote, create, edit and delete of a Scheduled campaign, a campaign with its state timeline and
// statuses over time, its recipients and messages, what the composer picks from; roles and
// accounts.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import * as list from "../../app/api/dashboard/campaigns/route.ts";
import * as one from "../../app/api/dashboard/campaigns/[id]/route.ts";
import { GET as messagesRoute } from "../../app/api/dashboard/campaigns/[id]/messages/route.ts";
import { GET as recipientsRoute } from "../../app/api/dashboard/campaigns/[id]/recipients/route.ts";
import { POST as analyzeRoute } from "../../app/api/dashboard/campaigns/analyze/route.ts";
import { GET as audienceRoute } from "../../app/api/dashboard/campaigns/audience/route.ts";
import { GET as audienceContactsRoute } from "../../app/api/dashboard/campaigns/audience/contacts/route.ts";
import { POST as apiCreate } from "../../app/api/sms/campaign/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount, sessionCookie } from "../support/factories.ts";
import { bearer, call } from "../support/http.ts";
import { eventually, useMessaging } from "../support/messaging.ts";
import { seedPrices } from "../../lib/core/prices/seed-prices.ts";
import { createUser } from "../../lib/core/users/create-user.ts";

const db = useTestDatabase();
useMessaging(() => db.database(), { deliveryDelayMs: 50 });

type Headers = Record<string, string>;

async function owner(balance = 100) {
  await seedPrices(db.ctx());
  const a = await makeAccount(db.ctx(), { balance });
  return { ...a, session: { cookie: await sessionCookie(a.user.id) } };
}

async function userWithRole(accountId: string, role: "marketer" | "support") {
  const u = await createUser(db.ctx(), { accountId, email: `${role}-${crypto.randomUUID()}@example.com`, password: "long enough pw", role });
  return { cookie: await sessionCookie(u.id) };
}

async function contact(accountId: string, mobile: string, fields: { firstName?: string; lastName?: string; groups?: string[]; labels?: object; blacklisted?: boolean } = {}) {
  const id = crypto.randomUUID();
  await db
    .ctx()
    .sql.query(`INSERT INTO contacts (id, account_id, mobile, first_name, last_name, country, groups, labels, blacklisted_services) VALUES ($1, $2, $3, $4, $5, 'GR', $6, $7, $8)`, [
      id,
      accountId,
      mobile,
      fields.firstName ?? "",
      fields.lastName ?? "",
      fields.groups ?? [],
      JSON.stringify(fields.labels ?? {}),
      fields.blacklisted ? ["Sms"] : [],
    ]);
  for (const g of fields.groups ?? []) await db.ctx().sql.query(`INSERT INTO contact_groups (id, account_id, name) VALUES (gen_random_uuid(), $1, $2) ON CONFLICT DO NOTHING`, [accountId, g]);
  return id;
}

/** A group "club" of three: Ada (city Athens), Bob (no first name), and Eve who is blacklisted. */
async function club(accountId: string) {
  await db.ctx().sql.query(`INSERT INTO contact_labels (id, account_id, name, type) VALUES (gen_random_uuid(), $1, 'city', 'Text')`, [accountId]);
  const ada = await contact(accountId, "+306911117001", { firstName: "Ada", lastName: "Lovelace", groups: ["club"], labels: { city: "Athens" } });
  const bob = await contact(accountId, "+306911117002", { groups: ["club"] });
  const eve = await contact(accountId, "+306911117003", { firstName: "Eve", groups: ["club"], blacklisted: true });
  return { ada, bob, eve };
}

const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
const create = (h: Headers, body: object) => call(list.POST, { method: "POST", path: "/dashboard/campaigns", headers: h, body });
const get = (h: Headers, id: string) => call(one.GET, { path: `/dashboard/campaigns/${id}`, headers: h, params: { id } });
const put = (h: Headers, id: string, body: object) => call(one.PUT, { method: "PUT", path: `/dashboard/campaigns/${id}`, headers: h, params: { id }, body });
const del = (h: Headers, id: string) => call(one.DELETE, { method: "DELETE", path: `/dashboard/campaigns/${id}`, headers: h, params: { id } });
const listing = (h: Headers, query = "") => call(list.GET, { path: `/dashboard/campaigns${query}`, headers: h });
const messages = (h: Headers, id: string, query = "") => call(messagesRoute, { path: `/dashboard/campaigns/${id}/messages${query}`, headers: h, params: { id } });
const recipients = (h: Headers, id: string, query = "") => call(recipientsRoute, { path: `/dashboard/campaigns/${id}/recipients${query}`, headers: h, params: { id } });
const analyze = (h: Headers, body: object) => call(analyzeRoute, { method: "POST", path: "/dashboard/campaigns/analyze", headers: h, body });

const personalised = { from: "Shop", body: "Hi [~firstName], see you in [~city]", fallbackValues: { firstName: "friend", city: "town" } };

describe("dashboard campaigns: compose, schedule, edit, send, watch", () => {
  it("schedules a personalised campaign to a group, edits it, sends it now and follows it to Finished", async () => {
    const a = await owner();
    await club(a.account.id);
    const created = await create(a.session, { ...personalised, campaignName: "Spring club", groups: ["club"], to: ["+306912340001"], scheduledDate: inMinutes(60) });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ state: "Scheduled", campaignName: "Spring club", totalMessages: 3, currency: "EUR", progress: 0, finalMessages: 0, startedAt: "" });
    expect(created.body.statuses.Queued).toBe(3);
    const id = created.body.trackingId;

    // What it will send, one text per recipient, before anything is sent.
    const planned = await recipients(a.session, id);
    expect(planned.body.totalElements).toBe(3);
    expect(planned.body.content.map((r: any) => r.text).sort()).toEqual(["Hi Ada, see you in Athens", "Hi friend, see you in town", "Hi friend, see you in town"]);
    expect(planned.body.content.find((r: any) => r.mobile === "+306911117001")).toMatchObject({ contactName: "Ada Lovelace", parts: 1, country: "GR" });

    const scheduled = await get(a.session, id);
    expect(scheduled.body.events.map((e: any) => e.state)).toEqual(["Scheduled"]);
    expect(scheduled.body.series).toEqual([]);

    // Edit: a new body, still scheduled; then without a date it goes now.
    const edited = await put(a.session, id, { ...personalised, body: "Hello [~firstName]!", campaignName: "Spring club", groups: ["club"], to: ["+306912340001"], scheduledDate: inMinutes(90) });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ state: "Scheduled", body: "Hello [~firstName]!" });
    expect((await recipients(a.session, id)).body.content.map((r: any) => r.text).sort()).toEqual(["Hello Ada!", "Hello friend!", "Hello friend!"]);
    const now = await put(a.session, id, { ...personalised, body: "Hello [~firstName]!", campaignName: "Spring club", groups: ["club"], to: ["+306912340001"] });
    expect(now.body.state).toBe("Queued");

    const done = await eventually(
      () => get(a.session, id),
      (r) => r.body.campaign.state === "Finished",
      30_000,
    );
    const c = done.body.campaign;
    expect(c.statuses).toEqual({ Queued: 0, Sent: 0, Failed: 0, Delivered: 2, Undelivered: 1, Unsent: 0 });
    expect(c).toMatchObject({ progress: 1, finalMessages: 3, totalMessages: 3 });
    expect(c.startedAt).not.toBe("");
    expect(done.body.events.map((e: any) => e.state)).toEqual(["Scheduled", "Scheduled", "Queued", "Running", "Sent", "Finished"]);
    expect(done.body.events[1].description).toMatch(/^Updated; scheduled for /);

    // Statuses over time: everything Queued at the start, the final counts at the end.
    const series = done.body.series;
    expect(done.body.bucketSeconds).toBeGreaterThan(0);
    expect(series[0]).toMatchObject({ Queued: 3, Delivered: 0 });
    expect(series.at(-1)).toMatchObject({ Queued: 0, Sent: 0, Delivered: 2, Undelivered: 1 });
    for (const p of series) expect(p.Queued + p.Sent + p.Delivered + p.Undelivered + p.Failed + p.Unsent).toBe(3);

    // Its messages, pageable and filtered by status.
    const page = await messages(a.session, id, "?size=2");
    expect(page.body).toMatchObject({ totalElements: 3, size: 2, numberOfElements: 2, totalPages: 2 });
    const undelivered = await messages(a.session, id, "?status=Undelivered");
    expect(undelivered.body.content).toHaveLength(1);
    expect(undelivered.body.content[0]).toMatchObject({ to: "+306912340001", status: "Undelivered", detailedStatus: "Unknown Number", body: "Hello friend!" });
    const ada = await messages(a.session, id, "?search=7001");
    expect(ada.body.content[0]).toMatchObject({ to: "+306911117001", contactName: "Ada Lovelace", body: "Hello Ada!", status: "Delivered" });

    // Running campaigns cannot be changed any more.
    expect((await put(a.session, id, { ...personalised, to: ["+306912340001"] })).body.code).toBe("400009002");
    expect((await del(a.session, id)).body.code).toBe("400009002");
  });

  it("deletes a Scheduled campaign", async () => {
    const a = await owner();
    const c = await create(a.session, { from: "Shop", body: "x", campaignName: "Gone soon", to: ["+306912345678"], scheduledDate: inMinutes(60) });
    const r = await del(a.session, c.body.trackingId);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ trackingId: c.body.trackingId, deleted: true });
    expect((await get(a.session, c.body.trackingId)).body.code).toBe("404009001");
    expect((await listing(a.session)).body.totalElements).toBe(0);
  });

  it("answers the API's errors with the fields they concern", async () => {
    const a = await owner();
    await create(a.session, { from: "Shop", body: "x", campaignName: "Taken", to: ["+306912345678"], scheduledDate: inMinutes(60) });
    const dup = await create(a.session, { from: "Shop", body: "x", campaignName: "taken", to: ["+306912345678"] });
    expect(dup.body).toMatchObject({ code: "409009003", property: "campaignName" });
    const sender = await create(a.session, { from: "Far too long sender", body: "x", to: ["+306912345678"] });
    expect(sender.body).toMatchObject({ code: "400005000", properties: { from: "Invalid sender id" } });
    const past = await create(a.session, { from: "Shop", body: "x", to: ["+306912345678"], scheduledDate: inMinutes(-10) });
    expect(past.body).toMatchObject({ code: "400000000", properties: { scheduledDate: "Must be in the future" } });
    const noGroup = await create(a.session, { from: "Shop", body: "x", groups: ["nobody"] });
    expect(noGroup.body).toMatchObject({ code: "404002003", property: "nobody" });
    const malformed = await call(list.POST, { method: "POST", path: "/dashboard/campaigns", headers: { ...a.session, "content-type": "application/json" }, raw: "{nope" });
    expect(malformed.status).toBe(400);
  });
});

describe("the campaign list", () => {
  it("lists named campaigns newest first with counts, filters by state and name, and shows unnamed ones only when asked", async () => {
    const a = await owner();
    const first = await create(a.session, { from: "Shop", body: "x", campaignName: "Autumn sale", to: ["+306912345678", "+306912345679"], scheduledDate: inMinutes(60) });
    const second = await create(a.session, { from: "Shop", body: "x", campaignName: "Winter sale", to: ["+306912345678"] });
    // Sent through the API without a name: not on the web platform by default (spec).
    const unnamed = await call(apiCreate, { method: "POST", path: "/sms/campaign", headers: bearer(await a.token()), body: { from: "Shop", body: "x", to: ["+306912345670"] } });
    expect(unnamed.status).toBe(200);
    await eventually(
      () => get(a.session, second.body.trackingId),
      (r) => r.body.campaign.state === "Finished",
    );

    const all = await listing(a.session);
    expect(all.body.totalElements).toBe(2);
    expect(all.body.content.map((c: any) => c.campaignName)).toEqual(["Winter sale", "Autumn sale"]);
    expect(all.body.content[0]).toMatchObject({ state: "Finished", progress: 1, finalMessages: 1, totalMessages: 1, statuses: { Delivered: 1 } });
    expect(all.body.content[1]).toMatchObject({ trackingId: first.body.trackingId, state: "Scheduled", progress: 0, statuses: { Queued: 2 } });
    expect(all.body.content[0].cost).toBeGreaterThan(0);

    expect((await listing(a.session, "?state=Scheduled")).body.content.map((c: any) => c.campaignName)).toEqual(["Autumn sale"]);
    expect((await listing(a.session, "?state=Running,Sent,Finished")).body.content.map((c: any) => c.campaignName)).toEqual(["Winter sale"]);
    expect((await listing(a.session, "?name=WINTER")).body.content.map((c: any) => c.campaignName)).toEqual(["Winter sale"]);
    const withUnnamed = await listing(a.session, "?unnamed=true");
    expect(withUnnamed.body.totalElements).toBe(3);
    expect(withUnnamed.body.content.map((c: any) => c.trackingId)).toContain(unnamed.body.trackingId);
    expect((await listing(a.session, "?size=1&page=1")).body).toMatchObject({ totalElements: 2, numberOfElements: 1, number: 1, last: true });

    const bad = await listing(a.session, "?state=Paused");
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("400000000");
    expect((await listing(a.session, "?size=5000")).status).toBe(400);
    const bogusStatus = await messages(a.session, second.body.trackingId, "?status=Bogus");
    expect(bogusStatus.status).toBe(400);
    expect(bogusStatus.body.code).toBe("400000000");
    expect((await messages(a.session, second.body.trackingId, "?status=")).body.totalElements).toBe(1);
  });
});

describe("the quote", () => {
  it("answers recipients per country, parts, cost and the balance, and says when the balance is short instead of refusing", async () => {
    const a = await owner(0.05);
    await club(a.account.id);
    const q = await analyze(a.session, { ...personalised, groups: ["club"], to: ["+14155550100", "+306911117001"] });
    expect(q.status).toBe(200);
    expect(q.body).toMatchObject({ numberOfRecipients: 3, recipientsPerCountry: { GR: 2, US: 1 }, recipientsPerGroup: { club: 2 }, totalParts: 3, currency: "EUR", balance: 0.05, invalid: [] });
    expect(q.body.cost).toBeGreaterThan(0);
    const many = await analyze(a.session, { from: "Shop", body: "x".repeat(300), to: Array.from({ length: 20 }, (_, i) => `+3069123400${String(10 + i)}`) });
    expect(many.body).toMatchObject({ numberOfRecipients: 20, totalParts: 40, enough: false });
    expect(many.body.cost).toBeGreaterThan(0.05);

    const invalid = await analyze(a.session, { from: "Shop", body: "x", to: ["+306912345678", "12345"] });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ code: "400005000", property: ["12345"] });
    const allowed = await analyze(a.session, { from: "Shop", body: "x", to: ["+306912345678", "12345"], allowinvalid: true });
    expect(allowed.body).toMatchObject({ numberOfRecipients: 1, invalid: ["12345"] });
    expect((await analyze(a.session, { from: "Shop", body: "x" })).body.code).toBe("400005000");
  });
});

describe("what the composer picks from", () => {
  it("lists groups with sizes, firstName, lastName and custom labels, and finds contacts by search, group and id", async () => {
    const a = await owner();
    const { ada, bob } = await club(a.account.id);
    await contact(a.account.id, "+306911117004", { firstName: "Zoe" });
    const aud = await call(audienceRoute, { path: "/dashboard/campaigns/audience", headers: a.session });
    expect(aud.status).toBe(200);
    expect(aud.body.groups).toEqual([
      { name: "All", size: 4 },
      { name: "NotListed", size: 1 },
      { name: "club", size: 3 },
    ]);
    expect(aud.body.labels.map((l: any) => l.name)).toEqual(["firstName", "lastName", "city"]);
    expect(aud.body).toMatchObject({ contactCount: 4, balance: 100, currency: "EUR" });

    const contacts = (q: string) => call(audienceContactsRoute, { path: `/dashboard/campaigns/audience/contacts${q}`, headers: a.session });
    const found = await contacts("?search=ada");
    expect(found.body.content).toHaveLength(1);
    expect(found.body.content[0]).toMatchObject({ id: ada, firstName: "Ada", lastName: "Lovelace", blacklisted: false, values: { firstName: "Ada", city: "Athens", mobile: "+306911117001" } });
    expect((await contacts("?group=club")).body.totalElements).toBe(3);
    const eve = (await contacts("?search=Eve")).body.content[0];
    expect(eve.blacklisted).toBe(true);
    const byIds = await contacts(`?ids=${bob},${crypto.randomUUID()},nonsense,${ada}`);
    expect(byIds.body.content.map((c: any) => c.id)).toEqual([bob, ada]);
    expect((await contacts("?group=nobody")).body.code).toBe("404002003");
  });
});

describe("roles and accounts", () => {
  it("lets marketers create, edit and delete; support staff only look", async () => {
    const a = await owner();
    const marketer = await userWithRole(a.account.id, "marketer");
    const support = await userWithRole(a.account.id, "support");
    const body = { from: "Shop", body: "x", campaignName: "By marketer", to: ["+306912345678"], scheduledDate: inMinutes(60) };
    const c = await create(marketer, body);
    expect(c.status).toBe(200);
    const id = c.body.trackingId;
    expect((await put(marketer, id, { ...body, body: "y" })).status).toBe(200);

    for (const r of [await create(support, { ...body, campaignName: "By support" }), await put(support, id, body), await del(support, id)]) {
      expect(r.status).toBe(403);
      expect(r.body.code).toBe("403000001");
    }
    expect((await listing(support)).body.totalElements).toBe(1);
    expect((await get(support, id)).body.campaign.body).toBe("y");
    expect((await recipients(support, id)).status).toBe(200);
    expect((await messages(support, id)).status).toBe(200);
    // Analysing is part of composing: support staff cannot reach the composer or its API.
    expect((await analyze(support, body)).status).toBe(403);
    expect((await del(marketer, id)).status).toBe(200);
  });

  it("never shows or changes another account's campaign, and needs a session", async () => {
    const mine = await owner();
    const theirs = await owner();
    const c = await create(theirs.session, { from: "Shop", body: "x", campaignName: "Theirs", to: ["+306912345678"], scheduledDate: inMinutes(60) });
    const id = c.body.trackingId;
    expect((await listing(mine.session)).body.totalElements).toBe(0);
    for (const r of [
      await get(mine.session, id),
      await put(mine.session, id, { from: "Shop", body: "x", to: ["+306912345678"] }),
      await del(mine.session, id),
      await messages(mine.session, id),
      await recipients(mine.session, id),
    ]) {
      expect(r.status).toBe(404);
      expect(r.body.code).toBe("404009001");
    }
    expect((await get(mine.session, "not-a-uuid")).body.code).toBe("404009001");
    expect((await get(theirs.session, id)).body.campaign.state).toBe("Scheduled");
    expect((await listing({})).status).toBe(401);
    expect((await create({}, { from: "Shop", body: "x", to: ["+306912345678"] })).status).toBe(401);
  });
});
