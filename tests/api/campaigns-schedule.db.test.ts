// Campaigns over time: scheduled campaigns (PUT, DELETE, the reminder), quiet hours per
// destination country, and opt-out by an inbound STOP.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db.ts";
import { eventually, useMessaging } from "../support/messaging.ts";
import { campaignApi } from "../support/campaign-api.ts";
import { quietUntil } from "../../lib/core/campaigns/quiet-hours.ts";
import { POST as rent } from "../../app/api/numbers/my/route.ts";
import { call } from "../support/http.ts";

const db = useTestDatabase();
const messaging = useMessaging(() => db.database(), { deliveryDelayMs: 50 });
const { owner, contact, create, analyze, get, update, remove, track, numbers, finished } = campaignApi(db);

describe("opt-out", () => {
  it("an inbound STOP to the account's number blacklists the contact, and the next campaign leaves it out", async () => {
    const a = await owner();
    await contact(a.account.id, "+306918880001".replace("0001", "8001"), { groups: ["news"] });
    await contact(a.account.id, "+306918888002", { groups: ["news"] });
    // The reply goes to a number the account rents: a STOP is the opt-out of that account only.
    const msisdn = "+4477009000011";
    expect((await call(rent, { method: "POST", path: "/numbers/my", headers: a.auth, body: { msisdn } })).status).toBe(200);
    await messaging.simulator().sendInbound({ from: "306918888001", to: msisdn.slice(1), text: " Stop please! " });
    const c = await eventually(
      () => analyze(a.auth, { from: "Shop", body: "x", groups: ["news"] }),
      (r) => r.body.numberOfRecipients === 1,
    );
    expect(c.body.recipientsPerGroup).toEqual({ news: 1 });
    const row = await db.ctx().db.contact.findFirstOrThrow({ where: { accountId: a.account.id, mobile: "+306918888001" } });
    expect(row.blacklistedServices).toContain("Sms");
  });
});

describe("scheduled campaigns", () => {
  const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString().replace(/\.\d+Z$/, "Z");

  it("waits for its time, can be replaced by PUT, and runs on time", async () => {
    const a = await owner();
    const r = await create(a.auth, { from: "Shop", body: "first", to: numbers(2), scheduledDate: inSeconds(3600) });
    expect(r.status).toBe(200);
    expect(r.body.state).toBe("Scheduled");
    const id = r.body.trackingId;
    const when = new Date(Date.now() + 2500);
    const put = await update(a.auth, id, { from: "Shop", body: "second", to: numbers(3, "+3069"), scheduledDate: when.toISOString().replace("Z", "+00:00") });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ state: "Scheduled", body: "second", totalMessages: 3 });
    expect((await get(a.auth, id)).body.state).toBe("Scheduled");
    const done = await finished(a.auth, id);
    expect(done.body.statuses.Delivered).toBe(3);
    const started = await db.ctx().db.campaign.findUniqueOrThrow({ where: { id } });
    expect(started.startedAt!.getTime()).toBeGreaterThanOrEqual(when.getTime() - 1000);
  });

  it("PUT without scheduledDate sends at once; PUT and DELETE then answer 400009002", async () => {
    const a = await owner();
    const r = await create(a.auth, { from: "Shop", body: "x", to: numbers(2), scheduledDate: inSeconds(3600) });
    const id = r.body.trackingId;
    const put = await update(a.auth, id, { from: "Shop", body: "now", to: numbers(2) });
    expect(put.body.state).toBe("Queued");
    await finished(a.auth, id);
    expect((await update(a.auth, id, { from: "Shop", body: "again", to: numbers(1) })).body.code).toBe("400009002");
    const del = await remove(a.auth, id);
    expect(del.status).toBe(400);
    expect(del.body.code).toBe("400009002");
  });

  it("DELETE removes a scheduled campaign; unknown ids are 404009001", async () => {
    const a = await owner();
    const r = await create(a.auth, { from: "Shop", body: "x", to: numbers(3), scheduledDate: Math.floor(Date.now() / 1000) + 3600 });
    expect(r.body.state).toBe("Scheduled");
    const recipients = async () => (await db.ctx().sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM campaign_recipients WHERE campaign_id = $1`, [r.body.trackingId])).rows[0]!.n;
    expect(await recipients()).toBe(3);
    const tracked = await track(a.auth, r.body.trackingId);
    expect(tracked.status).toBe(200);
    expect(tracked.body.totalElements).toBe(0);
    const del = await remove(a.auth, r.body.trackingId);
    expect(del.status).toBe(200);
    expect((await get(a.auth, r.body.trackingId)).body.code).toBe("404009001");
    expect((await track(a.auth, r.body.trackingId)).body.code).toBe("404009001");
    // Its recipients go with it.
    expect(await recipients()).toBe(0);
    expect((await remove(a.auth, crypto.randomUUID())).body.code).toBe("404009001");
    expect((await update(a.auth, "nonsense", { from: "Shop", body: "x", to: numbers(1) })).body.code).toBe("404009001");
    const other = await owner();
    const theirs = await create(other.auth, { from: "Shop", body: "x", to: numbers(1), scheduledDate: inSeconds(3600) });
    expect((await get(a.auth, theirs.body.trackingId)).status).toBe(404);
  });

  it("sends the reminder minutesBefore the start", async () => {
    const a = await owner();
    const r = await create(a.auth, {
      from: "Remind",
      body: "Sale starts, [~firstName]",
      to: numbers(1),
      scheduledDate: inSeconds(120),
      reminder: { minutesBefore: "2", to: ["+306977777777"] },
      fallbackValues: { firstName: "team" },
    });
    expect(r.body.reminder).toEqual({ minutesBefore: 2, minutesAfter: 0, to: ["+306977777777"] });
    const got = await eventually(
      async () =>
        messaging
          .simulator()
          .received()
          .filter((s) => s.sourceAddr === "Remind"),
      (x) => x.length > 0,
    );
    expect(got[0].text).toBe("Sale starts, team");
    expect((await get(a.auth, r.body.trackingId)).body.state).toBe("Scheduled");
    await remove(a.auth, r.body.trackingId);
  });

  it("accepts a reminder on a campaign without scheduledDate, as Routee does: it goes minutesAfter the start, minutesBefore ignored", async () => {
    const a = await owner();
    const r = await create(a.auth, {
      from: "RemindNow",
      body: "Sale is on",
      to: numbers(1),
      reminder: { minutesBefore: "5", minutesAfter: "0", to: ["+306977777778"] },
    });
    expect(r.status).toBe(200);
    expect(r.body.reminder).toEqual({ minutesBefore: 0, minutesAfter: 0, to: ["+306977777778"] });
    const got = await eventually(
      async () =>
        messaging
          .simulator()
          .received()
          .filter((s) => s.sourceAddr === "RemindNow" && s.destinationAddr.endsWith("306977777778")),
      (x) => x.length > 0,
    );
    expect(got[0].text).toBe("Sale is on");
    const later = await create(a.auth, { from: "RemindLater", body: "x", to: numbers(1), reminder: { minutesAfter: 30, to: ["+306977777779"] } });
    expect(later.status).toBe(200);
    expect(later.body.reminder).toEqual({ minutesBefore: 0, minutesAfter: 30, to: ["+306977777779"] });
    const job = await db.ctx().sql.query<{ start_after: Date }>(`SELECT start_after FROM pgboss.job WHERE name = 'campaign.reminder' AND data->>'campaignId' = $1`, [later.body.trackingId]);
    expect(job.rows[0]!.start_after.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
  });

  it("still needs minutesBefore for a scheduled campaign's reminder", async () => {
    const a = await owner();
    const r = await create(a.auth, { from: "Shop", body: "x", to: numbers(1), scheduledDate: inSeconds(3600), reminder: { minutesAfter: 5, to: ["+306977777777"] } });
    expect(r.status).toBe(400);
    expect(r.body.property).toBe("reminder.minutesBefore");
  });
});

describe("quiet hours", () => {
  it("holds a destination's messages until its quiet hours end, and sends the others", async () => {
    const candidates: [string, string][] = [
      ["GR", "+306911234567"],
      ["IN", "+919812345678"],
      ["ZA", "+27821234567"],
      ["DE", "+4915123456789"],
      ["AE", "+971501234567"],
      ["PT", "+351912345678"],
      ["CY", "+35799123456"],
      ["RO", "+40712345678"],
    ];
    const now = new Date();
    const quiet = candidates.find(([c]) => quietUntil(c, now));
    const awake = candidates.find(([c]) => !quietUntil(c, now));
    if (!quiet || !awake) return; // every candidate in the same window at this minute: nothing to compare
    const a = await owner();
    const c = await create(a.auth, { from: "Quiet", body: "x", to: [quiet[1], awake[1]], respectQuietHours: true });
    expect(c.status).toBe(200);
    const id = c.body.trackingId;
    await eventually(
      () => get(a.auth, id),
      (x) => x.body.statuses.Delivered + x.body.statuses.Sent >= 1,
    );
    await new Promise((res) => setTimeout(res, 1500));
    const g = await get(a.auth, id);
    expect(g.body.state).toBe("Running");
    expect(g.body.statuses.Queued).toBe(1);
    const sentTo = messaging
      .simulator()
      .received()
      .filter((s) => s.sourceAddr === "Quiet")
      .map((s) => s.destinationAddr);
    expect(sentTo.map((d) => `+${d.replace(/^\+/, "")}`)).toEqual([awake[1]]);
    const job = await db.ctx().sql.query<{ start_after: Date }>(`SELECT start_after FROM pgboss.job WHERE name = 'campaign.batch' AND data->>'campaignId' = $1 AND state = 'created'`, [id]);
    expect(job.rows.map((r) => new Date(r.start_after).getTime())).toEqual([quietUntil(quiet[0], now)!.getTime()]);
  });
});
