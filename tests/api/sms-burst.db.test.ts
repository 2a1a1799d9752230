// A burst of single messages, as an integration sends them: the worker hands them to the SMSC in
// batches (lib/core/sms/submit-batch.ts) and records their answers and receipts many per
// statement. Each must still reach the SMSC once, take each status once (with its event and, on
// OnChange, its report), and the rejected ones must be refunded.
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { eventually, useMessaging } from "../support/messaging.ts";
import { seedPrices } from "../../lib/core/prices/seed-prices.ts";
import { sendSms } from "../../lib/core/sms/send-sms.ts";

const db = useTestDatabase();
const messaging = useMessaging(() => db.database(), { deliveryDelayMs: 0 });

const FINAL = ["Delivered", "Undelivered", "Failed", "Unsent"];
const LONG = "A message long enough to need three parts of GSM-7 text. ".repeat(7);

describe("a burst of single messages", () => {
  it("reaches the SMSC once each, takes each status once with its event and report, and refunds the rejected", async () => {
    const ctx = db.ctx();
    await seedPrices(ctx);
    const { account } = await makeAccount(ctx, { balance: 100 });
    const before = (await ctx.db.account.findUniqueOrThrow({ where: { id: account.id } })).balanceMicros;
    const plain = Array.from({ length: 120 }, (_, i) => `+3069471${11000 + i}`);
    const reported = Array.from({ length: 12 }, (_, i) => `+3069472${11000 + i}`);
    const long = ["+306947312000", "+306947312001"];
    const rejected = ["+306947330003", "+306947340003"];
    const send = (to: string, extra: object = {}) => sendSms(ctx, { accountId: account.id, from: "Burst", to, body: "Your code is 1234", ...extra });
    const sent = await Promise.all([
      ...plain.map((to) => send(to)),
      ...reported.map((to) => send(to, { callback: { url: messaging.receiverUrl(`/burst/${to}`), strategy: "OnChange" } })),
      ...long.map((to) => send(to, { body: LONG })),
      ...rejected.map((to) => send(to)),
    ]);
    const ids = sent.map((s) => s.message.id);
    await eventually(
      async () => (await ctx.db.message.groupBy({ by: ["status"], where: { id: { in: ids } }, _count: true })).map((g) => `${g.status} ${g._count}`),
      (counts) => counts.every((c) => FINAL.includes(c.split(" ")[0]!)),
      30_000,
    );
    const messages = await ctx.db.message.findMany({ where: { id: { in: ids } }, include: { events: { orderBy: { at: "asc" } }, messageParts: true } });

    for (const m of messages) {
      const failed = rejected.includes(m.to);
      expect(m.status).toBe(failed ? "Failed" : "Delivered");
      // One event per status of each part: Queued for the message, then each part's changes.
      const perPart = m.events.filter((e) => e.partId);
      expect(perPart).toHaveLength(m.parts * (failed ? 1 : 2));
      for (const p of m.messageParts) {
        expect(perPart.filter((e) => e.partId === p.id).map((e) => e.status)).toEqual(failed ? ["Failed"] : ["Sent", "Delivered"]);
        if (!failed) expect(p.smscMessageId).not.toBe("");
        expect(p.possibleDuplicate).toBe(false);
      }
    }
    expect(messages.find((m) => m.to === long[0])!.messageParts).toHaveLength(3);

    // Each part reached the SMSC once.
    const sim = messaging.simulator();
    expect(sim.duplicates()).toBe(0);
    const submits = new Map<string, number>();
    for (const r of sim.received()) submits.set(`+${r.destinationAddr}`, (submits.get(`+${r.destinationAddr}`) ?? 0) + 1);
    for (const m of messages) expect(submits.get(m.to)).toBe(m.parts);

    // OnChange: Queued, Sent and Delivered, once each, for each reported message.
    const reports = await eventually(
      async () => messaging.received.filter((x) => x.path.startsWith("/burst/")),
      (l) => l.length >= reported.length * 3,
    );
    await new Promise((r) => setTimeout(r, 300)); // a duplicate report would come by now
    for (const to of reported) {
      const mine = messaging.received.filter((x) => x.path === `/burst/${to}`);
      expect(mine.map((x) => x.body.status.name).sort()).toEqual(["Delivered", "Queued", "Sent"]);
      const m = messages.find((x) => x.to === to)!;
      expect(new Set(mine.map((x) => x.body.smsId))).toEqual(new Set([m.messageParts[0]!.id]));
    }
    expect(reports.length).toBe(reported.length * 3);

    // The rejected parts were refunded: the account paid for what reached the SMSC.
    const after = (await ctx.db.account.findUniqueOrThrow({ where: { id: account.id } })).balanceMicros;
    const paid = messages.filter((m) => m.status !== "Failed").reduce((sum, m) => sum + m.priceMicros, 0n);
    expect(before - after).toBe(paid);
  }, 60_000);
});
