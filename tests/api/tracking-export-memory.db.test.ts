// The tracking export of 100,000 rows streams: the server reads a page only when the client has
// taken the previous one, so its heap stays within a fixed bound however large the export, and a
// client that stops reading stops the reading of the database. PostgreSQL only (the seed is large).
import { beforeAll, describe, expect, it } from "vitest";
import { GET as exportCsv } from "../../app/api/dashboard/tracking/export/route.ts";
import { seedMessages } from "../../lib/core/seed/seed-messages.ts";
import { dbKind, useTestDatabase } from "../support/test-db.ts";
import { makeAccount, sessionCookie } from "../support/factories.ts";

const db = useTestDatabase();
// 100,000 rows, not 200,000: seeding was most of this file's two minutes, and the whole CSV (~30 MB)
// is still twice the bound, so an export that held it, or its rows, would not pass.
const ROWS = 100_000;
/** Live heap while streaming: a few pages of 1,000 rows; the whole CSV alone would be ~30 MB. */
const HEAP_BOUND = 16 * 2 ** 20;

describe.skipIf(dbKind !== "postgres")("the export of 100,000 rows", () => {
  let cookie: string;
  let accountId: string;
  let gc: () => void = () => {};

  beforeAll(async () => {
    const a = await makeAccount(db.ctx());
    accountId = a.account.id;
    cookie = await sessionCookie(a.user.id);
    // One-part messages only (every tenth seeded message has two parts): 100k parts from 100k
    // messages, spread over the last 20 hours. No clean-up afterwards: the file's database is
    // dropped whole (deleting the rows first took longer than the export).
    await seedMessages(db.ctx().sql, { accountId, messages: ROWS, days: 20 / 24, events: false, campaigns: 10 });
    await db.ctx().sql.query(`DELETE FROM message_parts WHERE account_id = $1 AND part_number = 2`, [accountId]);
    const v8 = await import("node:v8");
    const vm = await import("node:vm");
    v8.setFlagsFromString("--expose-gc");
    gc = vm.runInNewContext("gc") as () => void;
  }, 300_000);

  const request = (query: string) => exportCsv(new Request(`http://localhost:3999/api/dashboard/tracking/export?${query}`, { headers: { cookie } }), { params: Promise.resolve({}) });

  it("streams every row while the heap stays within a fixed bound", async () => {
    gc();
    const base = process.memoryUsage().heapUsed;
    let peak = 0;
    const res = await request("range=24h");
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let lines = 0;
    let tail = "";
    let chunks = 0;
    let formulas = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const text = tail + decoder.decode(value, { stream: true });
      const cut = text.lastIndexOf("\r\n");
      const complete = text.slice(0, cut + 2);
      tail = text.slice(cut + 2);
      lines += complete.split("\r\n").length - 1;
      // Seeded numbers are E.164 (+…): they must stay readable, never quoted as text.
      if (/,'\+\d/.test(complete)) formulas++;
      // What the server holds (garbage collected first, so only live memory counts).
      if (++chunks % 20 === 0) {
        gc();
        peak = Math.max(peak, process.memoryUsage().heapUsed - base);
      }
    }
    // The route reads pages of 1,000 rows.
    expect(chunks).toBeGreaterThan(ROWS / 1000);
    expect(lines).toBe(1 + ROWS);
    expect(formulas).toBe(0);
    expect(peak).toBeLessThan(HEAP_BOUND);
  }, 300_000);

  it("stops reading the database when the client stops reading", async () => {
    // Count the export's page queries on the process database the route uses.
    const sql = db.database().sql;
    const original = sql.query.bind(sql);
    let pages = 0;
    sql.query = ((text: string | { text: string }, values?: unknown[]) => {
      // Prepared statements come as { name, text }.
      if ((typeof text === "string" ? text : text.text).includes("FROM message_parts p")) pages++;
      return original(text as string, values);
    }) as typeof sql.query;
    try {
      const res = await request("range=24h");
      const reader = res.body!.getReader();
      await reader.read(); // the header
      await reader.read(); // the first page
      const before = pages;
      await new Promise((r) => setTimeout(r, 1000));
      // At most the page the stream buffers ahead was read meanwhile, not the 99 pages left.
      expect(pages - before).toBeLessThanOrEqual(1);
      expect(pages).toBeLessThanOrEqual(3);
      await reader.cancel();
    } finally {
      sql.query = original;
    }
  });
});
