// Races an attacker (or a busy client) can start: 50 concurrent POST /api/sms against a balance
// good for exactly 10 messages, two concurrent campaigns with the same name, and two requests
// changing the same number, pool or contact at once (one wins, the other gets a 4xx, never a
// 500). On PostgreSQL the requests are spread over several connection pools, as several web
// instances would send them, so their statements really run at the same time in the server (the
// in-process group commit of lib/core/sms/send-sms.ts queues one account's sends per pool); the
// test checks that they overlapped.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbKind, useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { bearer, call, type Call } from "../support/http.ts";
import { POST as sendSms } from "../../app/api/sms/route.ts";
import { POST as sendCampaign } from "../../app/api/sms/campaign/route.ts";
import { PUT as updateCampaign } from "../../app/api/sms/[trackingId]/route.ts";
import { POST as rentNumber } from "../../app/api/numbers/my/route.ts";
import { DELETE as cancelNumber } from "../../app/api/numbers/my/[msisdn]/route.ts";
import { POST as createPool } from "../../app/api/pools/my/route.ts";
import { DELETE as deletePool, PUT as updatePool } from "../../app/api/pools/my/[poolId]/route.ts";
import { POST as addPoolNumbers } from "../../app/api/pools/my/[poolId]/numbers/route.ts";
import { POST as createContact } from "../../app/api/contacts/my/route.ts";
import { DELETE as deleteContact } from "../../app/api/contacts/my/[id]/route.ts";
import { openDatabase, type Database, type Sql } from "../../lib/db/connection.ts";
import { setDatabase } from "../../lib/db/index.ts";
import { seedPrices } from "../../lib/core/prices/seed-prices.ts";
import { countryPrice } from "../../lib/core/prices/price-for.ts";
import { topUpAccount } from "../../lib/core/accounts/top-up-account.ts";
import { jobs } from "../../lib/server/jobs.ts";

const db = useTestDatabase();
const POOLS = 5;

// Statements of the SMS send (one data-modifying CTE) in flight at once, across every pool: run as
// they are, or as named prepared statements (the API's statement cache, lib/db/statement-cache.ts).
const inFlight = { now: 0, max: 0 };
const isSendStatement = (text: string) => text.includes("jsonb_to_recordset($1::jsonb)");

async function count<T>(text: string, run: () => Promise<T>): Promise<T> {
  const counted = isSendStatement(text);
  if (counted) inFlight.max = Math.max(inFlight.max, ++inFlight.now);
  try {
    return await run();
  } finally {
    if (counted) inFlight.now--;
  }
}

function counting(database: Database): Database {
  const sql: Sql = {
    ...database.sql,
    query: (text, values) => count(text, () => database.sql.query(text, values)),
    prepared: (name, text, values) => count(text, () => database.sql.prepared(name, text, values)),
  };
  return { ...database, sql };
}

let pools: Database[] = [];
let opened: Database[] = [];
beforeAll(async () => {
  await seedPrices(db.ctx());
  // The job queues exist, as once any worker has booted (lib/jobs/worker.ts creates them all).
  await db.ctx().enqueue.prepare(jobs);
  // PGlite is one connection in this process: one database object. PostgreSQL: one pool each,
  // like separate web instances.
  opened = dbKind === "postgres" ? await Promise.all(Array.from({ length: POOLS }, () => openDatabase({ kind: "postgres", url: db.url()!, poolSize: 4 }))) : [];
  pools = (opened.length ? opened : [db.database()]).map(counting);
});
afterAll(async () => {
  setDatabase(db.database());
  await Promise.all(opened.map((d) => d.close()));
});

/**
 * Starts each request with the process database set to the next pool in turn. The route wrapper
 * picks the database up synchronously when it starts, so every request keeps its pool.
 */
async function concurrently(requests: ((i: number) => Promise<Call>)[]): Promise<Call[]> {
  const started = requests.map((request, i) => {
    setDatabase(pools[i % pools.length]!);
    return request(i);
  });
  setDatabase(db.database());
  return Promise.all(started);
}

describe("a balance good for exactly 10 messages", () => {
  it("accepts exactly 10 of 50 concurrent sends and refuses 40 with 400001009; the balance never goes below zero", async () => {
    const ctx = db.ctx();
    const a = await makeAccount(ctx, { balance: 0 });
    const price = (await countryPrice(ctx, { iso: "GR", currency: "EUR" })).priceMicros;
    await topUpAccount(ctx, { accountId: a.account.id, amountMicros: price * 10n });
    const auth = bearer(await a.token("sms"));
    inFlight.max = 0;

    const answers = await concurrently(
      Array.from({ length: 50 }, () => (i: number) => call(sendSms, { method: "POST", path: "/sms", headers: auth, body: { from: "Race", to: `+3069123${String(40000 + i)}`, body: "one part" } })),
    );

    const accepted = answers.filter((r) => r.status === 200);
    const refused = answers.filter((r) => r.status !== 200);
    expect(accepted).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) expect(r.body).toMatchObject({ code: "400001009", developerMessage: expect.any(String) });
    expect(refused.every((r) => r.status === 400)).toBe(true);

    const account = await ctx.db.account.findUniqueOrThrow({ where: { id: a.account.id } });
    expect(account.balanceMicros).toBe(0n);
    expect(await ctx.db.message.count({ where: { accountId: a.account.id } })).toBe(10);
    expect(new Set(accepted.map((r) => r.body.trackingId)).size).toBe(10);
    const charges = await ctx.db.ledgerEntry.findMany({ where: { accountId: a.account.id, kind: "Charge" } });
    expect(charges).toHaveLength(10);
    expect(charges.every((c) => c.balanceAfterMicros >= 0n && c.amountMicros === -price)).toBe(true);
    // Each charge's "before" is another's "after" (or the top-up): no two saw the same balance.
    expect(new Set(charges.map((c) => c.balanceBeforeMicros)).size).toBe(10);
    if (dbKind === "postgres") expect(inFlight.max, "send statements running at the same time in PostgreSQL").toBeGreaterThan(1);
  });
});

describe("two concurrent campaigns with the same name", () => {
  const campaign = (auth: Record<string, string>, name: string, n: number) => () =>
    call(sendCampaign, { method: "POST", path: "/sms/campaign", headers: auth, body: { campaignName: name, from: "Race", body: "hi", to: [`+3069124${String(10000 + n)}`] } });

  it("creates one and answers the other 409009003, however the names are cased", async () => {
    const ctx = db.ctx();
    const a = await makeAccount(ctx, { balance: 100 });
    const auth = bearer(await a.token("sms"));
    for (let round = 0; round < 4; round++) {
      const name = `Spring sale ${round}`;
      const answers = await concurrently([campaign(auth, name, round * 2), campaign(auth, round % 2 ? name.toUpperCase() : name, round * 2 + 1)]);
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses, JSON.stringify(answers.map((r) => r.body))).toEqual([200, 409]);
      expect(answers.find((r) => r.status === 409)!.body).toMatchObject({ code: "409009003", developerMessage: expect.any(String) });
      const { rows } = await ctx.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM campaigns WHERE account_id = $1 AND lower(name) = lower($2)`, [a.account.id, name]);
      expect(Number(rows[0]!.n)).toBe(1);
    }
    // The refused one charged nothing: one campaign's message was paid for per round.
    const charges = await ctx.db.ledgerEntry.count({ where: { accountId: a.account.id, kind: "Charge" } });
    expect(charges).toBe(4);
    // Nor left recipients behind (on PostgreSQL they were copied while its row was refused).
    const { rows: left } = await ctx.sql.query<{ recipients: number; orphans: number }>(
      `SELECT count(*)::int AS recipients, count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM campaigns c WHERE c.id = r.campaign_id))::int AS orphans
         FROM campaign_recipients r WHERE r.mobile LIKE '+30691241000_'`,
    );
    expect(left[0]).toEqual({ recipients: 4, orphans: 0 });
  });

  it("accepts a dozen campaigns created at once through one pool of four connections", async () => {
    const ctx = db.ctx();
    const a = await makeAccount(ctx, { balance: 1000 });
    const auth = bearer(await a.token("sms"));
    // On PostgreSQL each create writes its row and copies its recipients on two connections at
    // once: twelve of them must share four without waiting on each other for ever.
    setDatabase(pools[0]!);
    const started = Array.from({ length: 12 }, (_, k) =>
      call(sendCampaign, {
        method: "POST",
        path: "/sms/campaign",
        headers: auth,
        body: { campaignName: `At once ${k}`, from: "Crowd", body: "hi", to: Array.from({ length: 50 }, (_, j) => `+3069125${String(k * 100 + j).padStart(5, "0")}`) },
      }),
    );
    setDatabase(db.database());
    const answers = await Promise.all(started);
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200));
    const { rows } = await ctx.sql.query<{ id: string; n: number }>(
      `SELECT c.id::text, (SELECT count(*)::int FROM campaign_recipients r WHERE r.campaign_id = c.id) AS n FROM campaigns c WHERE c.account_id = $1`,
      [a.account.id],
    );
    expect(rows.map((r) => r.n)).toEqual(Array(12).fill(50));
  });

  it("lets only one of a create and a rename to the same name through", async () => {
    const ctx = db.ctx();
    const a = await makeAccount(ctx, { balance: 100 });
    const auth = bearer(await a.token("sms"));
    const scheduledDate = new Date(Date.now() + 86_400_000).toISOString();
    for (let round = 0; round < 3; round++) {
      const first = await call(sendCampaign, {
        method: "POST",
        path: "/sms/campaign",
        headers: auth,
        body: { campaignName: `Draft ${round}`, from: "Race", body: "hi", to: ["+306912450001"], scheduledDate },
      });
      expect(first.status).toBe(200);
      const name = `Summer ${round}`;
      const rename = () =>
        call(updateCampaign, {
          method: "PUT",
          path: `/sms/${first.body.trackingId}`,
          headers: auth,
          params: { trackingId: first.body.trackingId },
          body: { campaignName: name, from: "Race", body: "hi", to: ["+306912450001"], scheduledDate },
        });
      const answers = await concurrently([rename, campaign(auth, name, 100 + round)]);
      expect(answers.map((r) => r.status).sort(), JSON.stringify(answers.map((r) => r.body))).toEqual([200, 409]);
      expect(answers.find((r) => r.status === 409)!.body.code).toBe("409009003");
      const { rows } = await ctx.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM campaigns WHERE account_id = $1 AND lower(name) = lower($2)`, [a.account.id, name]);
      expect(Number(rows[0]!.n)).toBe(1);
    }
  });
});

describe("two requests changing the same row", () => {
  type Auth = Record<string, string>;
  const statuses = (rs: Call[]) => rs.map((r) => `${r.status} ${r.body?.code ?? ""}`.trim()).sort();
  async function rented(auth: Auth): Promise<string> {
    const { rows } = await db.ctx().sql.query<{ msisdn: string }>(
      `SELECT msisdn FROM available_numbers n WHERE country = 'GR' AND 'Sms' = ANY(services) AND NOT toll_free
         AND NOT EXISTS (SELECT 1 FROM rented_numbers r WHERE r.msisdn = n.msisdn) ORDER BY msisdn LIMIT 1`,
    );
    const r = await call(rentNumber, { method: "POST", path: "/numbers/my", headers: auth, body: { msisdn: rows[0]!.msisdn } });
    expect(r.status, r.text).toBe(200);
    return rows[0]!.msisdn;
  }
  const pool = async (auth: Auth, poolName: string) => (await call(createPool, { method: "POST", path: "/pools/my", headers: auth, body: { poolName, smsSettings: {} } })).body.poolId as string;
  const at = (poolId: string) => ({ path: `/pools/my/${poolId}`, params: { poolId } });

  it("puts a number in one pool only, and refuses the other request 409012003", async () => {
    const a = await makeAccount(db.ctx(), { balance: 100 });
    const auth = bearer(await a.token());
    for (let round = 0; round < 3; round++) {
      const msisdn = await rented(auth);
      const pools = [await pool(auth, `Left ${round}`), await pool(auth, `Right ${round}`)];
      const answers = await concurrently(pools.map((p) => () => call(addPoolNumbers, { method: "POST", ...at(p), headers: auth, body: { numbers: [msisdn] } })));
      expect(statuses(answers)).toEqual(["200", "409 409012003"]);
      const won = answers.find((r) => r.status === 200)!.body;
      expect(won.numbers).toEqual([msisdn]);
      expect(await db.ctx().db.poolNumber.findMany({ where: { msisdn }, select: { poolId: true } })).toEqual([{ poolId: won.poolId }]);
    }
  });

  it("answers a second cancel, delete or update of something just gone with a 404", async () => {
    const a = await makeAccount(db.ctx(), { balance: 200 });
    const auth = bearer(await a.token());
    for (let round = 0; round < 3; round++) {
      const msisdn = (await rented(auth)).slice(1);
      const cancels = await concurrently([0, 1].map(() => () => call(cancelNumber, { method: "DELETE", path: `/numbers/my/${msisdn}`, headers: auth, params: { msisdn } })));
      expect(statuses(cancels)).toEqual(["200", "404 404010004"]);

      const twice = await pool(auth, `Twice ${round}`);
      expect(statuses(await concurrently([0, 1].map(() => () => call(deletePool, { method: "DELETE", ...at(twice), headers: auth }))))).toEqual(["200", "404 404012001"]);
      const edited = await pool(auth, `Edited ${round}`);
      const editDelete = await concurrently([
        () => call(updatePool, { method: "PUT", ...at(edited), headers: auth, body: { poolName: `Renamed ${round}` } }),
        () => call(deletePool, { method: "DELETE", ...at(edited), headers: auth }),
      ]);
      expect(
        editDelete.every((r) => r.status < 500),
        JSON.stringify(editDelete.map((r) => r.body)),
      ).toBe(true);
      expect(editDelete[1]!.status).toBe(200);

      const id = (await call(createContact, { method: "POST", path: "/contacts/my", headers: auth, body: { mobile: `+30691246${round}001` } })).body.id;
      const deletes = await concurrently([0, 1].map(() => () => call(deleteContact, { method: "DELETE", path: `/contacts/my/${id}`, headers: auth, params: { id } })));
      expect(statuses(deletes)).toEqual(["200", "404 404002001"]);
    }
  });

  it("never leaves a cancelled number in a pool when a cancel and an add race", async () => {
    const a = await makeAccount(db.ctx(), { balance: 200 });
    const auth = bearer(await a.token());
    for (let round = 0; round < 3; round++) {
      const msisdn = await rented(auth);
      const p = await pool(auth, `Race ${round}`);
      const answers = await concurrently([
        () => call(addPoolNumbers, { method: "POST", ...at(p), headers: auth, body: { numbers: [msisdn] } }),
        () => call(cancelNumber, { method: "DELETE", path: `/numbers/my/${msisdn.slice(1)}`, headers: auth, params: { msisdn: msisdn.slice(1) } }),
      ]);
      expect(
        answers.every((r) => r.status < 500),
        JSON.stringify(answers.map((r) => r.body)),
      ).toBe(true);
      expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
      const stillRented = await db.ctx().db.rentedNumber.count({ where: { msisdn } });
      const inPool = await db.ctx().db.poolNumber.count({ where: { msisdn } });
      // Either the add won (the number stays, in the pool) or the cancel did (gone, in no pool).
      expect({ stillRented, inPool }).toEqual(answers[0]!.status === 200 ? { stillRented: 1, inPool: 1 } : { stillRented: 0, inPool: 0 });
    }
  });
});
