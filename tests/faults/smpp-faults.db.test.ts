// SMPP faults of the SMSC, through the whole path (job, carrier, receipts, callbacks): a lost
// submit_sm_resp, a receipt that overtakes its submit_sm_resp, a repeated receipt, receipt ids
// spelled in another case, zero-padded or in decimal, and a receipt for an id nobody issued.
// Each ends with every message final once, flagged where the SMSC may have it twice. The logic
// does not depend on the database, so it runs once, on PostgreSQL (as the other fault tests).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbKind, useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { seedPrices } from "../../lib/core/prices/seed-prices.ts";
import { createCampaign } from "../../lib/core/campaigns/create-campaign.ts";
import { sendSms } from "../../lib/core/sms/send-sms.ts";
import { campaignOutcome, numbers, startStack, waitFor, type Stack } from "./fault-kit.ts";

const db = useTestDatabase();
let stack: Stack;
let accountId = "";
let next = 0;
// Refuse unknown ids for a while (the SMSC retries), as in production but shorter.
const receiptOptions = { unknownGraceMs: 10_000 };

beforeAll(async () => {
  if (dbKind !== "postgres") return;
  stack = await startStack(db.database(), { submitTimeoutMs: 800, deliveryDelayMs: 50, receiptOptions });
  await seedPrices(db.ctx());
  accountId = (await makeAccount(db.ctx(), { balance: 500 })).account.id;
}, 60_000);
afterAll(async () => {
  await stack?.close();
});

const final = ["Delivered", "Undelivered", "Failed", "Unsent"];

/** A campaign of `n` fresh numbers, run to the end: every part final. */
async function campaign(n: number, extra: object = {}) {
  const to = numbers(n, next);
  next += n;
  const c = await createCampaign(db.ctx(), { accountId, currency: "EUR" }, { from: "Faults", body: "Fault test", to, ...extra });
  await waitFor(
    () =>
      db
        .ctx()
        .sql.query<{ open: number }>(
          `SELECT count(*) FILTER (WHERE status NOT IN ('Delivered','Undelivered','Failed','Unsent'))::int AS open, count(*)::int AS n FROM messages WHERE campaign_id = $1::uuid`,
          [c.id],
        ),
    (r) => (r.rows[0] as unknown as { n: number }).n === n && r.rows[0]!.open === 0,
    30_000,
    "every message of the campaign final",
  );
  return { id: c.id, outcome: await campaignOutcome(db.ctx(), c.id, stack.simulator) };
}

/** One SMS through sms.submit, run to its final status. */
async function single(extra: object = {}) {
  const [to] = numbers(1, next++);
  const { message } = await sendSms(db.ctx(), { accountId, from: "Faults", to: to!, body: "Single fault test", ...extra });
  const id = message.id;
  const m = await waitFor(
    () => db.ctx().db.message.findUniqueOrThrow({ where: { id }, include: { messageParts: true, events: true } }),
    (m) => final.includes(m.status),
    30_000,
    "the SMS final",
  );
  return m;
}

describe.skipIf(dbKind !== "postgres")("SMPP faults", () => {
  it("a lost submit_sm_resp: the window slot times out, the part goes again flagged, delivered once", async () => {
    stack.simulator.setFaults({ dropSubmitResps: 1 });
    const m = await single();
    expect(m.status).toBe("Delivered");
    expect(m.messageParts[0]!.possibleDuplicate).toBe(true);
    expect(stack.simulator.droppedResps()).toBe(1);

    stack.simulator.setFaults({ dropSubmitResps: 3 });
    const { outcome } = await campaign(20);
    expect(stack.simulator.droppedResps()).toBe(4);
    expect(outcome).toMatchObject({ messages: 20, notOnce: 0, statuses: { Delivered: 20 }, unflagged: 0, deliveredNotOnce: 0, repeatedEvents: 0 });
    // The three unanswered parts were sent twice, and exactly those are flagged.
    expect(outcome.duplicatedParts).toHaveLength(3);
    expect(outcome.flagged).toBe(3);
  });

  it("against an SMSC that ignores the client reference, the copy is delivered, flagged, and its receipt dropped", async () => {
    stack.simulator.setFaults({ dropSubmitResps: 1, ignoreClientRef: true });
    receiptOptions.unknownGraceMs = 1000;
    try {
      const m = await single();
      expect(m.status).toBe("Delivered");
      expect(m.messageParts[0]!.possibleDuplicate).toBe(true);
      // The handset got it twice, under two SMSC ids; the part keeps the one it was recorded with.
      const copies = stack.simulator.received().filter((r) => `+${r.destinationAddr}` === m.to);
      expect(copies.map((r) => r.commandStatus)).toEqual([0, 0]);
      expect(new Set(copies.map((r) => r.messageId)).size).toBe(2);
      expect(copies.map((r) => r.messageId)).toContain(m.messageParts[0]!.smscMessageId);
      // The other copy's receipt matches nothing: acknowledged after the grace period, not retried forever.
      await waitFor(
        () => stack.simulator.pendingDeliveries(),
        (n) => n === 0,
        15_000,
        "the copy's receipt acknowledged",
      );
    } finally {
      receiptOptions.unknownGraceMs = 10_000;
    }
  });

  it("a receipt that overtakes its submit_sm_resp is matched once the part is recorded", async () => {
    stack.simulator.setFaults({ receiptBeforeRespMs: 300 });
    const m = await single();
    expect(m.status).toBe("Delivered");
    const { outcome } = await campaign(30);
    expect(outcome).toMatchObject({ messages: 30, notOnce: 0, statuses: { Delivered: 30 }, flagged: 0, duplicatedParts: [], repeatedEvents: 0 });
  });

  it("a repeated receipt changes nothing and is reported once", async () => {
    stack.simulator.setFaults({ repeatReceipts: 2 });
    const before = stack.simulator.pendingDeliveries();
    const m = await single({ callback: { url: stack.receiverUrl("/single"), strategy: "OnChange" } });
    const { id } = await campaign(5, { callback: { url: stack.receiverUrl("/campaign"), strategy: "OnChange" } });
    // Every copy of every receipt was acknowledged.
    await waitFor(
      () => stack.simulator.pendingDeliveries(),
      (n) => n <= before,
      10_000,
      "the repeated receipts acknowledged",
    );
    expect(m.events.map((e) => e.status).sort()).toEqual(["Delivered", "Queued", "Sent"]);
    const outcome = await campaignOutcome(db.ctx(), id, stack.simulator);
    expect(outcome).toMatchObject({ statuses: { Delivered: 5 }, repeatedEvents: 0 });
    const delivered = (path: string) => stack.callbacks.filter((c) => c.path === path && c.body?.status?.name === "Delivered");
    await waitFor(
      () => delivered("/single").length + delivered("/campaign").length,
      (n) => n >= 6,
      10_000,
      "the Delivered reports",
    );
    await new Promise((r) => setTimeout(r, 500)); // any duplicate report would have gone out by now
    expect(delivered("/single")).toHaveLength(1);
    expect(delivered("/campaign")).toHaveLength(5);
    expect(new Set(delivered("/campaign").map((c) => c.body.smsId)).size).toBe(5);
  });

  it.each(["upper", "zeros", "decimal"] as const)("receipt ids spelled %s are matched", async (receiptIds) => {
    stack.simulator.setFaults({ receiptIds });
    const { outcome } = await campaign(10);
    expect(outcome).toMatchObject({ messages: 10, statuses: { Delivered: 10 }, flagged: 0 });
  });

  it("a receipt for an id nobody issued is acknowledged after the grace period and changes nothing", async () => {
    stack.simulator.setFaults({});
    receiptOptions.unknownGraceMs = 1000;
    try {
      const started = Date.now();
      // Refused (the SMSC retries) until the grace period passes, then acknowledged.
      await stack.simulator.sendReceipt({ messageId: "feedface00000001", stat: "UNDELIV" });
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
      const { rows } = await db.ctx().sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM message_parts WHERE smsc_message_id = 'feedface00000001'`);
      expect(rows[0]!.n).toBe(0);
      // The path goes on working.
      expect((await single()).status).toBe("Delivered");
    } finally {
      receiptOptions.unknownGraceMs = 10_000;
    }
  });
});
