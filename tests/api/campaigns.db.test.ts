// Campaigns end to end: analysis and every error of the spec, immediate campaigns that cross the
// SMPP connection once per recipient with personalised texts and reach Finished, campaign
// callbacks, and a batch's recovery after a crash. Scheduling, the reminder, quiet hours and
// opt-out: campaigns-schedule.db.test.ts.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db.ts";
import { eventually, useMessaging } from "../support/messaging.ts";
import { campaignApi } from "../support/campaign-api.ts";
import { getMessage } from "../../lib/core/tracking/get-message.ts";
import { campaignBatch } from "../../lib/core/campaigns/campaign-jobs.ts";
import { logAnswers, type AnswerEntry } from "../../lib/core/campaigns/answer-log.ts";

const db = useTestDatabase();
const messaging = useMessaging(() => db.database(), { deliveryDelayMs: 50 });
const { owner, contact, create, analyze, get, track, numbers, finished } = campaignApi(db);

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

  it("puts Routee's 'SMS contains invalid data' at the top and the reason in errors[] (004: no recipients)", async () => {
    const a = await owner();
    const r = await analyze(a.auth, { from: "Shop", body: "x" });
    expect(r.body.developerMessage).toBe("SMS contains invalid data");
    expect(r.body.errors[0]).toMatchObject({ errorCode: "004", code: "004", developerMessage: "No recipients are set for the sms" });
    const sender = await analyze(a.auth, { from: "Far too long sender", body: "x", to: ["+306911111111"] });
    expect(sender.body.developerMessage).toBe("SMS contains invalid data");
    expect(sender.body.errors[0]).toMatchObject({ errorCode: "002", developerMessage: "The sender id is not valid" });
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
  }, 90_000);

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
      // Every part's Queued, Sent and Delivered reached the message callback. Delivery is at least
      // once (a receiver's answer lost to a busy worker sends it again): counted by distinct status.
      const statusesByPart = () => {
        const byPart = new Map<string, Set<string>>();
        for (const c of messaging.received.filter((x) => x.path === path)) byPart.set(c.body.smsId, (byPart.get(c.body.smsId) ?? new Set()).add(c.body.status.name));
        return byPart;
      };
      const byPart = await eventually(
        async () => statusesByPart(),
        (m) => m.size === 12 * n && [...m.values()].every((s) => s.size === 3),
      );
      expect([...byPart.keys()].sort()).toEqual(parts.rows.map((p) => p.id).sort());
      for (const statuses of byPart.values()) expect([...statuses].sort()).toEqual(["Delivered", "Queued", "Sent"]);
    }
  }, 90_000);

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
