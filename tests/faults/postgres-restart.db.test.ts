// PostgreSQL restarted (`pg_ctl restart -m immediate`: every backend aborted, WAL replayed) in
// the middle of a campaign, of a stream of single messages the worker is sending, and of
// requests to POST /api/sms: each request either succeeds or is answered with an error envelope
// (never a stack), nothing is half-written (every message has its parts, its charge and its job;
// the balance adds up), the worker and the web side reconnect by themselves, and the campaign and
// the single messages end with every recipient sent once (copies flagged and bounded) and every
// receipt applied. Its own server, since it restarts it; PostgreSQL only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbKind } from "../support/test-db.ts";
import { startCluster, type Cluster } from "../support/pg-cluster.ts";
import { makeAccount } from "../support/factories.ts";
import { bearer, call, type Call } from "../support/http.ts";
import { openDatabase, type Database } from "../../lib/db/connection.ts";
import { migrate } from "../../lib/db/migrate.ts";
import { setDatabase } from "../../lib/db/index.ts";
import { contextFor } from "../../lib/server/context.ts";
import { databaseUnavailable } from "../../lib/core/errors.ts";
import { seedPrices } from "../../lib/core/prices/seed-prices.ts";
import { startSmscSimulator, type SmscSimulator } from "../../lib/carrier/smsc-simulator.ts";
import { createCampaign } from "../../lib/core/campaigns/create-campaign.ts";
import { POST as send } from "../../app/api/sms/route.ts";
import { campaignOutcome, numbers, singlesOutcome, sleep, spawnWorker, StatusWatch, waitFor, type WorkerProcess } from "./fault-kit.ts";
import { streamSingles } from "./single-stream.ts";

let cluster: Cluster | undefined;
let database: Database | undefined;
let simulator: SmscSimulator | undefined;
let worker: WorkerProcess | undefined;
const ctx = () => contextFor(database!);
/** Single messages' parts a lost connection can leave at the SMSC unrecorded: two windows per bind handed over (submit-batch.ts), per batch in flight (2). */
const SINGLES_BOUND = 2 * 2 * 2 * 10;

describe.skipIf(dbKind !== "postgres")("PostgreSQL restarted mid-campaign and mid-request", () => {
  beforeAll(async () => {
    // Durable commits: an immediate restart must not lose what was acknowledged.
    cluster = await startCluster({ durable: true });
    database = await openDatabase({ kind: "postgres", url: cluster.url, poolSize: 5 });
    await migrate(database.sql);
    setDatabase(database);
  }, 60_000);
  afterAll(async () => {
    if (worker && worker.child.exitCode === null) worker.child.kill("SIGKILL");
    setDatabase(undefined);
    await database?.close().catch(() => {});
    await simulator?.close();
    cluster?.stop();
  });

  it("answers every request with a result or an envelope, writes nothing by halves, and both sides reconnect", { timeout: 120_000 }, async () => {
    const N = 1000;
    const M = 200;
    simulator = await startSmscSimulator({ port: 0, deliveryDelayMs: 200, respondDelayMs: 60, recordLimit: 20_000 });
    // The default lease: the restart (4–5 s here) is an outage the worker rides out, not a takeover.
    worker = spawnWorker({ DATABASE_URL: cluster!.url, SMSC_URL: `${simulator.url}?binds=2&window=10&tps=0`, JOB_LEASE_SECONDS: "10" });
    await seedPrices(ctx());
    const a = await makeAccount(ctx(), { balance: 1000 });
    const auth = bearer(await a.token());

    const c = await createCampaign(ctx(), { accountId: a.account.id, currency: "EUR" }, { from: "Restart", body: "Through a restart", to: numbers(N) });
    const watch = new StatusWatch(ctx, c.id).start();
    // Single messages of another account (its own rate limit, raised: 400 a second, all accepted
    // before the restart) once the campaign is under way, in the worker's hands beside it when
    // the restart comes.
    const b = await makeAccount(ctx(), { balance: 1000, rateLimitPerSecond: 1000 });
    const singlesWatch = new StatusWatch(ctx, { singlesOf: b.account.id }).start();
    const mine = new Set(numbers(N).map((t) => t.slice(1)));
    const campaignSent = () => simulator!.received().filter((r) => mine.has(r.destinationAddr)).length;
    await waitFor(campaignSent, (n) => n >= 0.05 * N, 60_000, "the campaign under way");
    const stream = streamSingles({ token: await b.token(), n: M, first: 200_000, from: "Restart", perRound: 40 });
    await stream.done;
    const singlesReached = (share: number) =>
      waitFor(
        () => stream.reached(simulator!),
        (n) => n >= share * M,
        60_000,
        `${share * 100}% of the single messages submitted`,
      );
    await singlesReached(0.05);

    // Requests keep coming, from four clients, before, during and after the restart.
    const answers: { to: string; r: Call; at: number }[] = [];
    let stop = false;
    let k = 0;
    const client = async () => {
      while (!stop) {
        const [to] = numbers(1, 100_000 + k++);
        const r = await call(send, { method: "POST", path: "/sms", headers: auth, body: { from: "Restart", to: to!, body: "Mid-request" } });
        answers.push({ to: to!, r, at: Date.now() });
        await sleep(10);
      }
    };
    // And the errors the database layer throws meanwhile, raw (SQL) and through Prisma.
    const raw: unknown[] = [];
    const probe = async () => {
      while (!stop) {
        await database!.sql.query("SELECT 1").catch((e) => raw.push(e));
        await ctx()
          .db.account.count()
          .catch((e) => raw.push(e));
        await sleep(10);
      }
    };
    const clients = [...Array.from({ length: 4 }, client), probe()];
    // The restart lands while the worker sends the single messages (and the campaign beside them).
    await singlesReached(0.3);
    const atRestart = `${campaignSent()} of the campaign and ${stream.reached(simulator)} single messages at the SMSC`;
    const restartAt = Date.now();
    await cluster!.restart("immediate");
    const upAt = Date.now();
    // Until the web side has sent again after the restart.
    await waitFor(
      () => answers.filter((x) => x.at > upAt && x.r.status === 200).length,
      (n) => n >= 5,
      30_000,
      "POST /api/sms works again",
    );
    stop = true;
    await Promise.all(clients);
    const webBackMs = answers.find((x) => x.at > upAt && x.r.status === 200)!.at - upAt;

    // The worker reconnects on its own and finishes the campaign.
    await waitFor(
      async () => (await campaignOutcome(ctx(), c.id, simulator!)).statuses,
      (s) => s.Delivered === N,
      60_000,
      "every campaign message delivered",
    ).catch((e) => {
      throw new Error(`${e.message}\n${worker!.log().slice(-4000)}`);
    });
    watch.stop();
    await watch.sample();
    const outcome = await campaignOutcome(ctx(), c.id, simulator);
    expect(outcome).toMatchObject({ messages: N, notOnce: 0, statuses: { Delivered: N }, unflagged: 0, deliveredNotOnce: 0, repeatedEvents: 0 });
    expect(outcome.duplicatedParts.length).toBeLessThanOrEqual(40);
    expect(watch.regressions).toEqual([]);
    await waitFor(
      async () => (await singlesOutcome(ctx(), b.account.id, simulator!)).statuses,
      (s) => s.Delivered === M,
      30_000,
      "every message of the stream delivered",
    );
    singlesWatch.stop();
    await singlesWatch.sample();
    const singles = await singlesOutcome(ctx(), b.account.id, simulator);
    expect(singles).toMatchObject({ messages: M, recipients: M, notOnce: 0, statuses: { Delivered: M }, unflagged: 0, deliveredNotOnce: 0, repeatedEvents: 0 });
    expect(singles.duplicatedParts.length).toBeLessThanOrEqual(SINGLES_BOUND);
    expect(singlesWatch.regressions).toEqual([]);

    // Every answer is a result or an error envelope, never a stack.
    const byStatus = new Map<number, number>();
    for (const { r } of answers) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
    console.info(
      `[faults] PostgreSQL restart (${upAt - restartAt} ms): ${answers.length} POST /api/sms answered ${JSON.stringify(Object.fromEntries(byStatus))}; ` +
        `web sending again ${webBackMs} ms after, campaign of ${N} delivered once (${outcome.duplicatedParts.length} copies at the SMSC, ${outcome.flagged} flagged), ` +
        `${M} single messages (${atRestart} at the restart) delivered once (${singles.duplicatedParts.length} copies, bound ${SINGLES_BOUND}, ${singles.flagged} flagged)`,
    );
    expect(answers.some((x) => x.r.status !== 200)).toBe(true); // the restart was felt
    // Each error of the moment is recognised as such (a 503 with Retry-After, lib/http/render-error.ts).
    expect(raw.length).toBeGreaterThan(0);
    for (const e of raw) expect(databaseUnavailable(e), String(e)).not.toBeNull();
    for (const { r } of answers) {
      expect([200, 503], `${r.status}: ${r.text}`).toContain(r.status);
      if (r.status !== 200) {
        expect(r.body).toMatchObject({ code: expect.stringMatching(/^\d{9}$/), developerMessage: expect.any(String) });
        expect(r.text).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
      }
    }

    // Nothing by halves: each message the requests made is whole, and the balance adds up.
    const sent = await database!.sql.query<{ to: string; id: string; parts: number; part_rows: number; charges: number; status: string }>(
      `SELECT m."to", m.id::text, m.parts, m.status,
              (SELECT count(*)::int FROM message_parts p WHERE p.message_id = m.id) AS part_rows,
              (SELECT count(*)::int FROM ledger_entries l WHERE l.reference = m.id::text AND l.kind = 'Charge') AS charges
         FROM messages m WHERE m.account_id = $1::uuid AND m.campaign_id IS NULL`,
      [a.account.id],
    );
    const byTo = new Map(sent.rows.map((m) => [m.to, m]));
    for (const { to, r } of answers) {
      const m = byTo.get(to);
      if (r.status === 200) expect(m, `message to ${to}`).toBeDefined();
      // A failed request may still have committed (its answer was lost with the connection); then whole.
    }
    for (const m of sent.rows) expect({ to: m.to, parts: m.part_rows, charges: m.charges }).toEqual({ to: m.to, parts: m.parts, charges: 1 });
    // They are all sent in the end (their jobs committed with them).
    await waitFor(
      () => database!.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM messages WHERE account_id = $1::uuid AND campaign_id IS NULL AND status <> 'Delivered'`, [a.account.id]),
      (r) => r.rows[0]!.n === 0,
      30_000,
      "every single SMS delivered",
    );
    // Each once at the SMSC too, whether its request was answered or not.
    expect(await singlesOutcome(ctx(), a.account.id, simulator)).toMatchObject({ notOnce: 0, unflagged: 0, deliveredNotOnce: 0, repeatedEvents: 0 });
    const ledger = await database!.sql.query<{ balance: string; sum: string }>(
      `SELECT a.balance_micros::text AS balance, (SELECT coalesce(sum(amount_micros), 0)::text FROM ledger_entries WHERE account_id = a.id) AS sum
         FROM accounts a WHERE a.id = $1::uuid`,
      [a.account.id],
    );
    // The opening credit is a ledger entry too: the balance is the sum of the account's entries.
    expect(ledger.rows[0]!.balance).toBe(ledger.rows[0]!.sum);
  });
});
