// Retention: the nightly run deletes exactly what is older than each account's window (its own,
// or the platform's RETENTION_DAYS), messages with their parts and events, callbacks with their
// attempts, emails with their events, in small batches; the rollups keep their aggregates; and
// `account retention set` sets and clears an account's own window.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { useCliInProcess } from "../support/run-cli.ts";
import { contextFor } from "../../lib/server/context.ts";
import { sendSms } from "../../lib/core/sms/send-sms.ts";
import { pruneExpired } from "../../lib/core/retention/prune-expired.ts";
import { accountRetention, setAccountRetention } from "../../lib/core/retention/retention-policy.ts";

const db = useTestDatabase();
const cli = useCliInProcess(db);
const DAY = 86_400_000;

/** A message, a callback with an attempt and an email with an event, all made `daysAgo` days ago. */
async function historyAt(accountId: string, daysAgo: number, now: number) {
  const at = new Date(now - daysAgo * DAY - 60_000);
  const past = contextFor(db.database(), () => at);
  const { message: m } = await sendSms(past, { accountId, from: "Shop", to: "+306944441234", body: "x".repeat(170) }); // two parts
  const sql = db.ctx().sql;
  const callback = crypto.randomUUID();
  await sql.query(`INSERT INTO callbacks (id, account_id, kind, url, payload, message_id, created_at) VALUES ($1, $2, 'sms.status', 'https://example.com/cb', '{}', $3, $4)`, [
    callback,
    accountId,
    m.id,
    at,
  ]);
  await sql.query(`INSERT INTO callback_attempts (id, callback_id, attempt, at, status_code, latency_ms, error, response_body) VALUES (gen_random_uuid(), $1, 1, $2, 200, 5, '', '')`, [callback, at]);
  const email = crypto.randomUUID();
  await sql.query(
    `INSERT INTO emails (id, account_id, "from", "to", subject, html, track_links, track_opens, created_at) VALUES ($1, $2, '{"email":"a@example.com"}', '[{"email":"b@example.com"}]', 'Hi', '<p>Hi</p>', false, false, $3)`,
    [email, accountId, at],
  );
  await sql.query(`INSERT INTO email_events (id, email_id, account_id, kind, at) VALUES (gen_random_uuid(), $1, $2, 'open', $3)`, [email, accountId, at]);
  return { message: m.id, callback, email };
}

async function remaining(ids: { message: string; callback: string; email: string }) {
  const sql = db.ctx().sql;
  const one = async (q: string, id: string) => (await sql.query<{ n: number }>(q, [id])).rows[0]!.n;
  return {
    message: await one(`SELECT count(*)::int AS n FROM messages WHERE id = $1`, ids.message),
    parts: await one(`SELECT count(*)::int AS n FROM message_parts WHERE message_id = $1`, ids.message),
    events: await one(`SELECT count(*)::int AS n FROM message_events WHERE message_id = $1`, ids.message),
    callback: await one(`SELECT count(*)::int AS n FROM callbacks WHERE id = $1`, ids.callback),
    attempts: await one(`SELECT count(*)::int AS n FROM callback_attempts WHERE callback_id = $1`, ids.callback),
    email: await one(`SELECT count(*)::int AS n FROM emails WHERE id = $1`, ids.email),
    emailEvents: await one(`SELECT count(*)::int AS n FROM email_events WHERE email_id = $1`, ids.email),
  };
}

describe("the retention run", () => {
  it("deletes exactly what is older than each account's window, with what hangs on it, and keeps the rollups", async () => {
    const now = Date.now();
    const own = await makeAccount(db.ctx());
    const platform = await makeAccount(db.ctx());
    await setAccountRetention(db.ctx(), own.account.id, 30);
    const platformDays = db.ctx().config.retentionDays;
    const kept = [await historyAt(own.account.id, 29, now), await historyAt(platform.account.id, platformDays - 1, now)];
    const gone = [await historyAt(own.account.id, 31, now), await historyAt(own.account.id, 45, now), await historyAt(platform.account.id, platformDays + 1, now)];
    // Retention leaves the reporting home's aggregates alone.
    const hours = (await db.ctx().sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM report_hours`)).rows[0]!.n;
    const before = await Promise.all(kept.map(remaining));
    expect(before[0]).toMatchObject({ message: 1, parts: 2, callback: 1, attempts: 1, email: 1, emailEvents: 1 });
    expect(before[0]!.events).toBeGreaterThan(0);

    const pruned = await pruneExpired(
      contextFor(db.database(), () => new Date(now)),
      { batchSize: 1, pauseMs: 0 },
    );
    expect(pruned).toEqual({ messages: 3, callbacks: 3, emails: 3, shortLinks: 0 });
    expect(await Promise.all(kept.map(remaining))).toEqual(before);
    for (const g of gone) expect(await remaining(g)).toEqual({ message: 0, parts: 0, events: 0, callback: 0, attempts: 0, email: 0, emailEvents: 0 });
    expect((await db.ctx().sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM report_hours`)).rows[0]!.n).toBe(hours);

    // Nothing more to delete: a second run deletes nothing.
    expect(
      await pruneExpired(
        contextFor(db.database(), () => new Date(now)),
        { pauseMs: 0 },
      ),
    ).toEqual({ messages: 0, callbacks: 0, emails: 0, shortLinks: 0 });
  });
});

describe("account retention set", () => {
  it("sets an account's window, shows it, and returns it to the platform's default", async () => {
    const a = await makeAccount(db.ctx());
    const id = a.account.id;
    const platformDays = db.ctx().config.retentionDays;
    expect((await cli("account", "retention", "show", "--id", id)).out).toEqual({ accountId: id, days: platformDays, source: "platform" });
    expect((await cli("account", "retention", "set", "--id", id, "--days", "90")).out).toEqual({ accountId: id, days: 90, source: "account" });
    expect(await accountRetention(db.ctx(), id)).toEqual({ accountId: id, days: 90, source: "account" });
    expect((await cli("account", "retention", "set", "--id", id, "--days", "default")).out).toEqual({ accountId: id, days: platformDays, source: "platform" });
  });

  it("refuses a window outside 7 to 3650 days, a missing --days and an unknown account", async () => {
    const a = await makeAccount(db.ctx());
    for (const days of ["3", "4000", "ten"]) {
      const r = await cli("account", "retention", "set", "--id", a.account.id, "--days", days);
      expect(r.code).not.toBe(0);
      expect(r.err).toContain("days");
    }
    expect((await cli("account", "retention", "set", "--id", a.account.id)).err).toContain("--days is required");
    expect((await cli("account", "retention", "set", "--id", crypto.randomUUID(), "--days", "30")).code).not.toBe(0);
    expect((await cli("account", "retention", "show", "--id", crypto.randomUUID())).err).toContain("404001001");
  });
});
