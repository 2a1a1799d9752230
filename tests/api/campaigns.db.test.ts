// Campaigns end to end: analysis and every error of the spec, immediate campaigns that cross the
// SMPP connection once per recipient with personalised texts and reach Finished, campaign
// callbacks, scheduling with PUT and DELETE, the reminder, and quiet hours.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as createRoute } from "../../app/api/sms/campaign/route.ts";
import { POST as analyzeRoute } from "../../app/api/sms/analyze/campaign/route.ts";
import { PUT as updateRoute, DELETE as deleteRoute } from "../../app/api/sms/[trackingId]/route.ts";
import { GET as getRoute } from "../../app/api/campaigns/[trackingId]/route.ts";
import { GET as trackRoute } from "../../app/api/sms/tracking/campaign/[campaignTrackingId]/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { bearer, call } from "../support/http.ts";
import { eventually, useMessaging } from "../support/messaging.ts";
import { seedPrices } from "../../lib/core/prices/seed-prices.ts";
import { quietUntil } from "../../lib/core/campaigns/quiet-hours.ts";
import { getMessage } from "../../lib/core/tracking/get-message.ts";
import { campaignBatch } from "../../lib/core/campaigns/campaign-jobs.ts";
import { logAnswers, type AnswerEntry } from "../../lib/core/campaigns/answer-log.ts";

const db = useTestDatabase();
const messaging = useMessaging(() => db.database(), { deliveryDelayMs: 50 });

async function owner(balance = 100) {
  await seedPrices(db.ctx());
  const a = await makeAccount(db.ctx(), { balance });
  return { ...a, auth: bearer(await a.token()) };
}

async function contact(accountId: string, mobile: string, fields: { firstName?: string; groups?: string[]; labels?: object; blacklisted?: boolean } = {}) {
  const id = crypto.randomUUID();
  await db
    .ctx()
    .sql.query(`INSERT INTO contacts (id, account_id, mobile, first_name, country, groups, labels, blacklisted_services) VALUES ($1, $2, $3, $4, 'GR', $5, $6, $7)`, [
      id,
      accountId,
      mobile,
      fields.firstName ?? "",
      fields.groups ?? [],
      JSON.stringify(fields.labels ?? {}),
      fields.blacklisted ? ["Sms"] : [],
    ]);
  for (const g of fields.groups ?? []) await db.ctx().sql.query(`INSERT INTO contact_groups (id, account_id, name) VALUES (gen_random_uuid(), $1, $2) ON CONFLICT DO NOTHING`, [accountId, g]);
  return id;
}

const create = (auth: Record<string, string>, body: object) => call(createRoute, { method: "POST", path: "/sms/campaign", headers: auth, body });
const analyze = (auth: Record<string, string>, body: object) => call(analyzeRoute, { method: "POST", path: "/sms/analyze/campaign", headers: auth, body });
const get = (auth: Record<string, string>, id: string) => call(getRoute, { path: `/campaigns/${id}`, headers: auth, params: { trackingId: id } });
const update = (auth: Record<string, string>, id: string, body: object) => call(updateRoute, { method: "PUT", path: `/sms/${id}`, headers: auth, params: { trackingId: id }, body });
const remove = (auth: Record<string, string>, id: string) => call(deleteRoute, { method: "DELETE", path: `/sms/${id}`, headers: auth, params: { trackingId: id } });

const track = (auth: Record<string, string>, id: string) => call(trackRoute, { path: `/sms/tracking/campaign/${id}?size=100`, headers: auth, params: { campaignTrackingId: id } });
const numbers = (n: number, prefix = "+3069") => Array.from({ length: n }, (_, i) => `${prefix}${String(40000000 + i * 7919).slice(0, 8)}`);
const finished = (auth: Record<string, string>, id: string, ms = 30_000) =>
  eventually(
    () => get(auth, id),
    (r) => ["Finished", "Failed"].includes(r.body.state),
    ms,
  );

describe("POST /sms/analyze/campaign", () => {
  it("counts recipients per country and group, once each, without blacklisted contacts", async () => {
    const a = await owner();
    const ada = await contact(a.account.id, "+306911111111", { firstName: "Ada", groups: ["vip"] });
    const bob = await contact(a.account.id, "+306922222222", { firstName: "Bob", groups: ["vip", "athens"] });
    const eve = await contact(a.account.id, "+306933333333", { groups: ["vip"], blacklisted: true });
    const r = await analyze(a.auth, {
      from: "Shop",
      body: "Hi [~firstName]!",
      to: ["+306911111111", "306944444444", "+306944444444", "+14155550100"],
      contacts: [bob, eve],
      groups: ["vip"],
    });
    expect(r.status).toBe(200);
    // ada (to + vip), bob (contacts + vip), +306944444444 (twice in to), the US number; eve is out.
    expect(r.body.numberOfRecipients).toBe(4);
    expect(r.body.recipientsPerCountry).toEqual({ GR: 3, US: 1 });
    expect(r.body.recipientCountries["+14155550100"]).toBe("US");
    expect(r.body.contacts[eve]).toEqual({ recipient: "+306933333333", recipientCountry: "GR", blacklisted: true });
    expect(r.body.contacts[bob].blacklisted).toBe(false);
    expect(r.body.recipientsPerGroup).toEqual({ vip: 2 });
    expect(r.body.totalInGroups).toBe(0); // ada is in `to`, bob in `contacts`
    expect(r.body.bodyAnalysis).toMatchObject({ parts: 1, unicode: false });
    expect(r.body.cost).toBeGreaterThan(0);
    expect(ada).toBeTruthy();
  });

  it("reports invalid numbers with the numbers in property, unless allowinvalid", async () => {
    const a = await owner();
    const bad = await analyze(a.auth, { from: "Shop", body: "x", to: ["+306911111111", "12", "+3069"] });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("400005000");
    expect(bad.body.developerMessage).toBe("SMS contains invalid data");
    expect(bad.body.errors[0]).toMatchObject({ errorCode: "008", code: "008", property: ["12", "+3069"] });
    const ok = await analyze(a.auth, { from: "Shop", body: "x", to: ["+306911111111", "12"], allowinvalid: true });
    expect(ok.status).toBe(200);
    expect(ok.body.numberOfRecipients).toBe(1);
  });

  it.each([
    ["no recipients", { from: "Shop", body: "x" }, 400, "400005000", "004"],
    ["an invalid sender", { from: "Far too long sender", body: "x", to: ["+306911111111"] }, 400, "400005000", "002"],
  ])("answers %s with the spec's code", async (_, body, status, code, errorCode) => {
    const a = await owner();
    const r = await analyze(a.auth, body);
    expect(r.status).toBe(status);
    expect(r.body.code).toBe(code);
    expect(r.body.errors[0].errorCode).toBe(errorCode);
  });

  it("answers 404002001 for an unknown contact, 404002003 for an unknown group, 400009004 when nobody is left", async () => {
    const a = await owner();
    expect((await analyze(a.auth, { from: "Shop", body: "x", contacts: [crypto.randomUUID()] })).body.code).toBe("404002001");
    expect((await analyze(a.auth, { from: "Shop", body: "x", contacts: ["not-an-id"] })).body.code).toBe("404002001");
    expect((await analyze(a.auth, { from: "Shop", body: "x", groups: ["nobody"] })).body.code).toBe("404002003");
    await contact(a.account.id, "+306955555555", { groups: ["gone"], blacklisted: true });
    const empty = await analyze(a.auth, { from: "Shop", body: "x", groups: ["gone"] });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe("400009004");
    const none = await analyze(a.auth, { from: "Shop", body: "x", groups: ["All"] });
    expect(none.body.code).toBe("400009004");
  });

  it("answers 400001009 when the balance does not cover the campaign", async () => {
    const a = await owner(0.01);
    const r = await analyze(a.auth, { from: "Shop", body: "x", to: numbers(50) });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("400001009");
  });
});

describe("POST /sms/campaign", () => {
  it("sends each recipient its own text exactly once and finishes with counts, cost and callbacks", async () => {
    const a = await owner();
    const ada = await contact(a.account.id, "+306911110001".replace("0001", "7001"), { firstName: "Ada", groups: ["club"], labels: { city: "Athens" } });
    await contact(a.account.id, "+306911117002", { firstName: "", groups: ["club"] });
    const to = numbers(30);
    const r = await create(a.auth, {
      from: "Shop",
      body: "Hi [~firstName], see you in [~city]",
      to: [...to, to[0]],
      contacts: [ada],
      groups: ["club"],
      campaignName: "Spring sale 1",
      fallbackValues: ["firstName=friend", "city=town"],
      campaignCallback: { url: messaging.receiverUrl(`/campaign/${crypto.randomUUID()}`), strategy: "OnChange" },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ state: "Queued", campaignName: "Spring sale 1", totalMessages: 32, type: "Sms", fallbackValues: { firstName: "friend", city: "town" } });
    expect(r.body.statuses.Queued).toBe(32);
    const id = r.body.trackingId;
    const done = await finished(a.auth, id);
    expect(done.body.state).toBe("Finished");
    expect(done.body.statuses).toEqual({ Queued: 0, Sent: 0, Failed: 0, Delivered: 32, Undelivered: 0, Unsent: 0 });
    expect(done.body.endedAt).not.toBe("");
    expect(done.body.cost).toBeCloseTo(r.body.cost, 6);
    // Finished: its counts were stored once, and it answers them without counting its messages again.
    const stored = await db.ctx().db.campaign.findUniqueOrThrow({ where: { id }, select: { finalCounts: true } });
    expect(stored.finalCounts).toEqual({ statuses: { Delivered: 32 }, messages: 32, refundedMicros: "0" });
    await db.ctx().db.campaign.update({ where: { id }, data: { finalCounts: { statuses: { Delivered: 31, Undelivered: 1 }, messages: 32, refundedMicros: "0" } } });
    expect((await get(a.auth, id)).body.statuses).toMatchObject({ Delivered: 31, Undelivered: 1 });
    await db.ctx().db.campaign.update({ where: { id }, data: { finalCounts: stored.finalCounts! } });
    // Receipts are stored in bulk: each message still shows its whole history (Queued and Sent
    // from the message and its parts, Delivered as an event).
    const messages = await db.ctx().db.message.findMany({ where: { campaignId: id }, select: { id: true, finalAt: true } });
    const histories = await Promise.all(messages.map((m) => getMessage(db.ctx(), a.account.id, m.id)));
    expect(histories.map((h) => h.events.map((e) => e.status).join())).toEqual(messages.map(() => "Queued,Sent,Delivered"));
    expect(messages.every((m) => m.finalAt)).toBe(true);
    const tracked = await track(a.auth, id);
    expect(tracked.body.totalElements).toBe(32);
    expect(tracked.body.content.every((t: any) => t.campaignTrackingId === id && t.campaignName === "Spring sale 1")).toBe(true);

    const received = messaging
      .simulator()
      .received()
      .filter((s) => s.sourceAddr === "Shop");
    const texts = new Map<string, string[]>();
    for (const s of received) texts.set(s.destinationAddr, [...(texts.get(s.destinationAddr) ?? []), s.text]);
    for (const n of to) expect(texts.get(n.slice(1)) ?? texts.get(n)).toEqual(["Hi friend, see you in town"]);
    expect(texts.get("306911117001") ?? texts.get("+306911117001")).toEqual(["Hi Ada, see you in Athens"]);
    expect(texts.get("306911117002") ?? texts.get("+306911117002")).toEqual(["Hi friend, see you in town"]);

    const events = await db.ctx().db.campaignEvent.findMany({ where: { campaignId: id }, orderBy: { at: "asc" } });
    expect(events.map((e) => e.state)).toEqual(["Queued", "Running", "Sent", "Finished"]);
    const calls = await eventually(
      async () => messaging.received.filter((c) => c.body?.trackingId === id),
      (c) => c.length >= 4,
    );
    // Deliveries may overtake each other; updatedDate orders them.
    calls.sort((x, y) => x.body.updatedDate.localeCompare(y.body.updatedDate));
    expect(calls.map((c) => c.body.state)).toEqual(["Queued", "Running", "Sent", "Finished"]);
    expect(calls.at(-1)!.body.statuses.Delivered).toBe(32);
  });

  it("sends long and short texts in their parts, each once, and reports each part's changes when asked", async () => {
    const a = await owner();
    const long = "Our spring sale starts today, everything half price. ".repeat(7); // 371 GSM characters: 3 parts
    const all = numbers(36);
    const cases = [
      { from: "Parts", body: long, parts: 3, to: all.slice(0, 12), strategy: null },
      { from: "PartsCb", body: long, parts: 3, to: all.slice(12, 24), strategy: "OnChange" },
      { from: "ShortCb", body: "Sale today", parts: 1, to: all.slice(24), strategy: "OnChange" },
    ] as const;
    for (const { from, body, parts: n, to, strategy } of cases) {
      const path = `/parts/${crypto.randomUUID()}`;
      const r = await create(a.auth, { from, body, to, ...(strategy ? { callback: { url: messaging.receiverUrl(path), strategy } } : {}) });
      expect(r.status).toBe(200);
      const done = await finished(a.auth, r.body.trackingId);
      expect(done.body).toMatchObject({ state: "Finished", totalMessages: 12 });
      expect(done.body.statuses.Delivered).toBe(12);

      // Other tests send to the same numbers, from other senders.
      const received = messaging
        .simulator()
        .received()
        .filter((s) => s.sourceAddr === from && to.includes(`+${s.destinationAddr.replace(/^\+/, "")}`));
      for (const number of to) {
        const got = received.filter((s) => `+${s.destinationAddr.replace(/^\+/, "")}` === number);
        if (n === 1) expect(got.map((s) => [s.concat, s.text])).toEqual([[null, body]]);
        else {
          expect(got.map((s) => s.concat?.seq).sort()).toEqual([1, 2, 3]);
          expect(new Set(got.map((s) => s.concat?.ref)).size).toBe(1);
          expect(
            got
              .sort((x, y) => x.concat!.seq - y.concat!.seq)
              .map((s) => s.text)
              .join(""),
          ).toBe(long);
        }
      }
      const parts = await db
        .ctx()
        .sql.query<{ id: string; status: string; smsc: string | null; dup: boolean; text: string }>(
          `SELECT p.id::text, p.status, p.smsc_message_id AS smsc, p.possible_duplicate AS dup, p.text FROM message_parts p JOIN messages m ON m.id = p.message_id WHERE m.campaign_id = $1::uuid`,
          [r.body.trackingId],
        );
      expect(parts.rows).toHaveLength(12 * n);
      expect(parts.rows.every((p) => p.status === "Delivered" && p.smsc && !p.dup && p.text.length > 0)).toBe(true);
      // Each message carries the campaign's body analysis.
      const analyses = await db.ctx().sql.query<{ a: unknown }>(`SELECT DISTINCT body_analysis AS a FROM messages WHERE campaign_id = $1::uuid`, [r.body.trackingId]);
      expect(analyses.rows.map((x) => x.a)).toEqual([r.body.smsAnalysis.bodyAnalysis]);
      expect(r.body.smsAnalysis.bodyAnalysis).toMatchObject({ parts: n });
      if (!strategy) continue;
      // Every part's Queued, Sent and Delivered reached the message callback.
      const reports = await eventually(
        async () => messaging.received.filter((c) => c.path === path),
        (c) => c.length >= 12 * n * 3,
      );
      const byPart = new Map<string, string[]>();
      for (const c of reports) byPart.set(c.body.smsId, [...(byPart.get(c.body.smsId) ?? []), c.body.status.name]);
      expect([...byPart.keys()].sort()).toEqual(parts.rows.map((p) => p.id).sort());
      for (const statuses of byPart.values()) expect(statuses.sort()).toEqual(["Delivered", "Queued", "Sent"]);
    }
  });

  /** A one-batch campaign whose first run died: Running, nothing stored yet. */
  async function campaignWithDeadRun(auth: Record<string, string>, from: string, to: string[]) {
    const r = await create(auth, { from, body: "Back in stock", to, scheduledDate: Math.floor(Date.now() / 1000) + 3600 });
    await db.ctx().sql.query(`UPDATE campaigns SET state = 'Running', batches = 1 WHERE id = $1`, [r.body.trackingId]);
    return r.body.trackingId as string;
  }
  /** The batch run the job engine starts after a run lost its lease with parts below `handedOver` handed over. */
  const rerunBatch = (id: string, recipients: number, handedOver: number) =>
    campaignBatch.handler(db.ctx(), { campaignId: id, from: 0, to: recipients }, { id: crypto.randomUUID(), retryCount: 1, retryLimit: 10, previousLost: true, checkpoint: { handedOver } });
  async function storedParts(id: string) {
    const parts = await db.ctx().sql.query<{ to: string; status: string; smsc: string; dup: boolean }>(
      `SELECT m."to", p.status, p.smsc_message_id AS smsc, p.possible_duplicate AS dup FROM messages m JOIN message_parts p ON p.message_id = m.id
       WHERE m.campaign_id = $1 ORDER BY m."to"`,
      [id],
    );
    return { rows: parts.rows, byNumber: new Map(parts.rows.map((p) => [p.to, p])) };
  }

  it("after a crash, stores the answers the dead run logged as Sent and sends only the rest", async () => {
    const a = await owner();
    const to = numbers(10);
    const id = await campaignWithDeadRun(a.auth, "Relog", to);
    // A first run handed recipients 0-3 over, logged the SMSC's answers and died before storing
    // their messages; recipient 4 was on the wire, unanswered.
    await logAnswers(db.ctx(), new Map([[id, [0, 1].map((seq): AnswerEntry => [seq, 1, `logged-${seq}`, 0])]]));
    await logAnswers(db.ctx(), new Map([[id, [2, 3].map((seq): AnswerEntry => [seq, 1, `logged-${seq}`, 0])]]));
    await rerunBatch(id, 10, 5);

    const got = messaging
      .simulator()
      .received()
      .filter((s) => s.sourceAddr === "Relog")
      .map((s) => `+${s.destinationAddr.replace(/^\+/, "")}`);
    expect(got.sort()).toEqual(to.slice(4).sort());
    const { rows, byNumber } = await storedParts(id);
    expect(rows).toHaveLength(10);
    for (let seq = 0; seq < 4; seq++) expect(byNumber.get(to[seq]!)).toMatchObject({ status: "Sent", smsc: `logged-${seq}`, dup: false });
    // Below the dead run's mark and not logged: it may have reached the SMSC, so it is flagged.
    expect(byNumber.get(to[4]!)).toMatchObject({ dup: true });
    for (const n of to.slice(5)) expect(byNumber.get(n)).toMatchObject({ dup: false });
    expect(rows.every((p) => p.smsc)).toBe(true);
    // Every recipient is a message now: the campaign is Sent and its answer log is gone.
    expect((await get(a.auth, id)).body.state).toBe("Sent");
    const log = await db.ctx().sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM campaign_answer_groups WHERE campaign_id = $1`, [id]);
    expect(log.rows[0]!.n).toBe(0);
  });

  it("after a crash in which every part was answered and logged, stores them all as Sent and sends nothing", async () => {
    const a = await owner();
    const to = numbers(3);
    const id = await campaignWithDeadRun(a.auth, "AllLogged", to);
    await logAnswers(db.ctx(), new Map([[id, [0, 1, 2].map((seq): AnswerEntry => [seq, 1, `all-${seq}`, seq === 2 ? 1 : 0])]]));
    await rerunBatch(id, 3, 3);

    expect(
      messaging
        .simulator()
        .received()
        .filter((s) => s.sourceAddr === "AllLogged"),
    ).toEqual([]);
    const { byNumber } = await storedParts(id);
    expect(to.map((n) => byNumber.get(n))).toEqual(to.map((n, seq) => ({ to: n, status: "Sent", smsc: `all-${seq}`, dup: seq === 2 })));
    expect((await get(a.auth, id)).body.state).toBe("Sent");
  });

  it("finishes Failed when the carrier refuses every message, and refunds it", async () => {
    const a = await owner();
    const before = (await db.ctx().db.account.findUniqueOrThrow({ where: { id: a.account.id } })).balanceMicros;
    const r = await create(a.auth, { from: "Shop", body: "x", to: ["+306912340003", "+306912350003"] });
    const done = await finished(a.auth, r.body.trackingId);
    expect(done.body.state).toBe("Failed");
    expect(done.body.statuses.Failed).toBe(2);
    expect(done.body.cost).toBe(0);
    const after = (await db.ctx().db.account.findUniqueOrThrow({ where: { id: a.account.id } })).balanceMicros;
    expect(after).toBe(before);
  });

  it("refuses a duplicate name (409009003), a bad name (400000000) and a short balance (400001009)", async () => {
    const a = await owner();
    expect((await create(a.auth, { from: "Shop", body: "x", to: numbers(1), campaignName: "Autumn" })).status).toBe(200);
    const dup = await create(a.auth, { from: "Shop", body: "x", to: numbers(1), campaignName: "autumn" });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: "409009003", entity: "campaign", value: "autumn" });
    for (const name of ["A", "x".repeat(31), "Sale!"]) expect((await create(a.auth, { from: "Shop", body: "x", to: numbers(1), campaignName: name })).body.code).toBe("400000000");
    const poor = await owner(0.01);
    expect((await create(poor.auth, { from: "Shop", body: "x", to: numbers(40) })).body.code).toBe("400001009");
  });

  it("refuses more than 30,000 numbers in to", async () => {
    const a = await owner();
    const r = await create(a.auth, { from: "Shop", body: "x", to: Array.from({ length: 30_001 }, () => "+306911111111") });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("400000000");
  });
});

describe("opt-out", () => {
  it("an inbound STOP blacklists the contact, and the next campaign leaves it out", async () => {
    const a = await owner();
    await contact(a.account.id, "+306918880001".replace("0001", "8001"), { groups: ["news"] });
    await contact(a.account.id, "+306918888002", { groups: ["news"] });
    await messaging.simulator().sendInbound({ from: "306918888001", to: "Shop", text: " Stop please! " });
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
