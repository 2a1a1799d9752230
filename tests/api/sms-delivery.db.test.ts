// A message crosses the SMPP connection to the simulator and ends in the status its test
// number prescribes; delivery reports reach a real HTTP receiver, with retries.
import { describe, expect, it } from "vitest";
import { POST as send } from "../../app/api/sms/route.ts";
import { GET as single } from "../../app/api/sms/tracking/single/[trackingId]/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { bearer, call } from "../support/http.ts";
import { eventually, useMessaging } from "../support/messaging.ts";
import { seedPrices } from "../../lib/core/prices/seed-prices.ts";
import { expireMessages } from "../../lib/core/sms/expire-messages.ts";

const db = useTestDatabase();
const messaging = useMessaging(() => db.database(), { deliveryDelayMs: 100 });

async function sender() {
  await seedPrices(db.ctx());
  const a = await makeAccount(db.ctx(), { balance: 50 });
  return { ...a, auth: bearer(await a.token()) };
}

async function sendTo(auth: Record<string, string>, to: string, extra: object = {}) {
  const r = await call(send, { method: "POST", path: "/sms", headers: auth, body: { from: "Switchboard", to, body: "Your code is 1234", ...extra } });
  expect(r.status).toBe(200);
  return r.body.trackingId as string;
}

const track = (auth: Record<string, string>, id: string) => call(single, { path: `/sms/tracking/single/${id}`, headers: auth, params: { trackingId: id } });

const finalOf = (auth: Record<string, string>, id: string) =>
  eventually(
    () => track(auth, id),
    (r) => r.body.every((p: any) => ["Delivered", "Undelivered", "Failed", "Unsent"].includes(p.status.status)),
  );

describe("delivery through the SMSC simulator", () => {
  it.each([
    ["+306912345678", "Delivered", "Delivered"],
    ["+306912340001", "Undelivered", "Unknown Number"],
    ["+306912340002", "Undelivered", "Roaming"],
    ["+306912340003", "Failed", "Failed"],
    ["+306912340004", "Undelivered", "Expired"],
  ])("%s ends %s / %s", async (to, status, detailed) => {
    const a = await sender();
    const id = await sendTo(a.auth, to);
    const r = await finalOf(a.auth, id);
    expect(r.body[0].status.status).toBe(status);
    expect(r.body[0].status.reason.detailedStatus).toBe(detailed);
    const m = await db.ctx().db.message.findUniqueOrThrow({ where: { id }, include: { events: { orderBy: { at: "asc" } } } });
    expect(m.status).toBe(status);
    expect(m.finalAt).not.toBeNull();
    expect(m.events.map((e) => e.status)).toEqual(status === "Failed" ? ["Queued", "Failed"] : ["Queued", "Sent", status]);
  });

  it("refunds a message the carrier rejected", async () => {
    const a = await sender();
    const before = (await db.ctx().db.account.findUniqueOrThrow({ where: { id: a.account.id } })).balanceMicros;
    const id = await sendTo(a.auth, "+306912340003");
    await finalOf(a.auth, id);
    const after = (await db.ctx().db.account.findUniqueOrThrow({ where: { id: a.account.id } })).balanceMicros;
    expect(after).toBe(before);
    const refund = await db.ctx().db.ledgerEntry.findFirstOrThrow({ where: { accountId: a.account.id, kind: "Refund" } });
    expect(refund.reference).toBe(id);
  });

  it("ends a message with no receipt (0005) as Undelivered / Expired when its ttl passes", async () => {
    const a = await sender();
    const id = await sendTo(a.auth, "+306912340005", { ttl: 1 });
    await eventually(
      () => track(a.auth, id),
      (r) => r.body[0].status.status === "Sent",
    );
    const later = { ...db.ctx(), now: () => new Date(Date.now() + 61_000) };
    expect(await expireMessages(later)).toBe(1);
    const r = await track(a.auth, id);
    expect(r.body[0].status).toMatchObject({ status: "Undelivered", reason: { detailedStatus: "Expired" } });
    expect(await expireMessages(later)).toBe(0);
  });

  it("expires a backlog at once: single-part messages set-wise with their reports, a multipart one part by part", async () => {
    const a = await sender();
    const url = messaging.receiverUrl(`/expired-${a.account.id}`);
    const plain = await Promise.all([1, 2, 3].map(() => sendTo(a.auth, "+306912340005", { ttl: 1 })));
    const reported = await sendTo(a.auth, "+306912340005", { ttl: 1, callback: { url, strategy: "OnCompletion" } });
    const long = await sendTo(a.auth, "+306912340005", { ttl: 1, body: "A long message. ".repeat(20) });
    const ids = [...plain, reported, long];
    await eventually(
      () => db.ctx().db.messagePart.findMany({ where: { messageId: { in: ids } } }),
      (parts) => parts.length > ids.length && parts.every((p) => p.status === "Sent"),
    );
    const parts = await db.ctx().db.messagePart.count({ where: { messageId: { in: ids } } });
    const later = { ...db.ctx(), now: () => new Date(Date.now() + 61_000) };
    expect(await expireMessages(later)).toBe(parts);
    const messages = await db.ctx().db.message.findMany({ where: { id: { in: ids } }, include: { messageParts: true, events: true } });
    for (const m of messages) {
      expect(m).toMatchObject({ status: "Undelivered", detailedStatus: "Expired" });
      expect(m.finalAt).not.toBeNull();
      expect(m.messageParts.every((p) => p.status === "Undelivered" && p.detailedStatus === "Expired" && p.doneAt)).toBe(true);
      expect(m.events.filter((e) => e.detailedStatus === "Expired")).toHaveLength(m.parts);
    }
    const got = await eventually(
      async () => messaging.received.filter((x) => x.path.endsWith(a.account.id)),
      (l) => l.length >= 1,
    );
    expect(got.map((x) => x.body)).toEqual([
      expect.objectContaining({ messageId: reported, status: expect.objectContaining({ name: "Undelivered", reason: expect.objectContaining({ detailedStatus: "Expired" }) }) }),
    ]);
    expect(await expireMessages(later)).toBe(0);
  });

  it("tracks every part of a multipart message, each delivered", async () => {
    const a = await sender();
    const id = await sendTo(a.auth, "+306912345678", { body: "A long message. ".repeat(20) });
    const r = await finalOf(a.auth, id);
    expect(r.body.length).toBeGreaterThan(1);
    expect(r.body.map((p: any) => p.part)).toEqual(r.body.map((_: unknown, i: number) => i + 1));
    expect(new Set(r.body.map((p: any) => p.smsId)).size).toBe(r.body.length);
    expect(r.body.every((p: any) => p.messageId === id && p.parts === r.body.length && p.status.status === "Delivered")).toBe(true);
    // On the wire: one submit_sm per part, concatenated with a shared UDH reference.
    const smsIds = r.body.map((p: any) => p.smsId);
    const parts = await db.ctx().db.messagePart.findMany({ where: { id: { in: smsIds } } });
    const smscIds = new Set(parts.map((p) => p.smscMessageId));
    const submits = messaging
      .simulator()
      .received()
      .filter((s) => smscIds.has(s.messageId));
    expect(submits).toHaveLength(r.body.length);
    expect(submits.every((s) => s.esmClass & 0x40 && s.concat?.total === r.body.length && s.concat?.ref === submits[0].concat!.ref)).toBe(true);
    expect(submits.map((s) => s.concat!.seq).sort()).toEqual(r.body.map((_: unknown, i: number) => i + 1));
    expect(submits.map((s) => s.text).join("")).toBe("A long message. ".repeat(20));
  });
});

describe("delivery reports", () => {
  it("OnCompletion posts the final status once, signed, with the spec's fields", async () => {
    const a = await sender();
    const url = messaging.receiverUrl(`/done-${a.account.id}`);
    const id = await sendTo(a.auth, "+306912345678", { callback: { url, strategy: "OnCompletion" }, label: "otp" });
    const got = await eventually(
      async () => messaging.received.filter((x) => x.path.endsWith(a.account.id)),
      (l) => l.length >= 1,
    );
    await new Promise((r) => setTimeout(r, 500));
    const all = messaging.received.filter((x) => x.path.endsWith(a.account.id));
    expect(all).toHaveLength(1);
    expect(got[0].body).toMatchObject({
      messageId: id,
      part: 1,
      parts: 1,
      label: "otp",
      to: "+306912345678",
      from: "Switchboard",
      country: "GR",
      status: { name: "Delivered", reason: { detailedStatus: "Delivered" } },
      message: "Your code is 1234",
      direction: "Outbound",
      originatingService: "Sms",
      applicationName: a.application.name,
    });
    expect(got[0].body.smsId).toMatch(/^[0-9a-f-]{36}$/);
    expect(got[0].headers["webhook-signature"]).toMatch(/^v1,/);
  });

  it("OnChange posts every status: Queued, Sent, Delivered", async () => {
    const a = await sender();
    await sendTo(a.auth, "+306912345678", { callback: { url: messaging.receiverUrl(`/change-${a.account.id}`), strategy: "OnChange" } });
    const got = await eventually(
      async () => messaging.received.filter((x) => x.path.endsWith(a.account.id)),
      (l) => l.length >= 3,
    );
    expect(got.map((x) => x.body.status.name).sort()).toEqual(["Delivered", "Queued", "Sent"]);
    // The Queued report is written by the send statement, the others by the worker: the same
    // report of the same part but for its status (operator and price included).
    const [queuedReport, sentReport] = ["Queued", "Sent"].map((name) => got.find((x) => x.body.status.name === name)!.body);
    const { status: _q, ...queuedRest } = queuedReport;
    const { status: _s, ...sentRest } = sentReport;
    expect(queuedRest).toEqual(sentRest);
    expect(queuedRest.price).toBeGreaterThan(0);
  });

  it("retries a receiver that answers 500: 1 + 5 attempts and no more, each recorded", async () => {
    const a = await sender();
    const id = await sendTo(a.auth, "+306912345678", { callback: { url: messaging.receiverUrl(`/fail-${a.account.id}`), strategy: "OnCompletion" } });
    const cb = await eventually(
      () => db.ctx().db.callback.findFirst({ where: { messageId: id }, include: { attemptLog: { orderBy: { attempt: "asc" } } } }),
      (c) => c?.state === "failed",
      40_000,
    );
    await new Promise((r) => setTimeout(r, 1500));
    expect(messaging.received.filter((x) => x.path.endsWith(a.account.id))).toHaveLength(6);
    expect(cb!.attemptLog.map((x) => x.attempt)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(cb!.attemptLog.every((x) => x.statusCode === 500)).toBe(true);
  }, 60_000);
});
