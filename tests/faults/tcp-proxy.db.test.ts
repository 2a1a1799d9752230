// A TCP proxy between the worker and PostgreSQL, and another between the worker and the SMSC,
// that add latency and cut every connection on command, three times during a campaign and a
// stream of single messages posted to POST /api/sms beside it: the carrier reconnects and
// resends what was in flight (flagged), the worker's pool reconnects and hands back the jobs
// whose claim or completion was lost, and the campaign and the single messages still reach every
// recipient exactly once with every receipt. PostgreSQL only (a worker process).
import { afterAll, describe, expect, it } from "vitest";
import { dbKind, useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy.ts";
import { seedPrices } from "../../lib/core/prices/seed-prices.ts";
import { startSmscSimulator, type SmscSimulator } from "../../lib/carrier/smsc-simulator.ts";
import { createCampaign } from "../../lib/core/campaigns/create-campaign.ts";
import { campaignOutcome, numbers, singlesOutcome, sleep, spawnWorker, StatusWatch, waitFor, type WorkerProcess } from "./fault-kit.ts";
import { streamSingles } from "./single-stream.ts";

const db = useTestDatabase();
let simulator: SmscSimulator | undefined;
let worker: WorkerProcess | undefined;
const proxies: TcpProxy[] = [];

afterAll(async () => {
  if (worker && worker.child.exitCode === null) worker.child.kill("SIGKILL");
  for (const p of proxies) await p.close();
  await simulator?.close();
});

const BINDS = 2;
const WINDOW = 10;
/** Campaign parts a cut can leave at the SMSC twice: on the wire, and answered but not yet written. */
const BOUND = 2 * BINDS * WINDOW;
/** Single messages' parts: two windows per bind handed over (submit-batch.ts), per batch in flight (2). */
const SINGLES_BOUND = 2 * 2 * BINDS * WINDOW;

describe.skipIf(dbKind !== "postgres")("a flaky network to PostgreSQL and to the SMSC", () => {
  it("with latency and dropped connections, every recipient gets the campaign or the single message once", { timeout: 120_000 }, async () => {
    const N = 1200;
    const M = 200;
    simulator = await startSmscSimulator({ port: 0, deliveryDelayMs: 200, respondDelayMs: 30, recordLimit: 20_000 });
    const pgUrl = new URL(db.url()!);
    const pg = await startTcpProxy({ port: Number(pgUrl.port) }, { latencyMs: 2 });
    const smsc = await startTcpProxy({ port: simulator.port }, { latencyMs: 10 });
    proxies.push(pg, smsc);
    pgUrl.port = String(pg.port);
    const smscUrl = new URL(simulator.url);
    smscUrl.port = String(smsc.port);
    worker = spawnWorker({ DATABASE_URL: pgUrl.toString(), SMSC_URL: `${smscUrl.toString()}?binds=${BINDS}&window=${WINDOW}&tps=0` });

    await seedPrices(db.ctx());
    const a = await makeAccount(db.ctx(), { balance: 1000 });
    const c = await createCampaign(db.ctx(), { accountId: a.account.id, currency: "EUR" }, { from: "Proxy", body: "Across a flaky network", to: numbers(N) });
    const watch = new StatusWatch(() => db.ctx(), c.id).start();
    const singlesWatch = new StatusWatch(() => db.ctx(), { singlesOf: a.account.id }).start();
    const mine = new Set(numbers(N).map((t) => t.slice(1)));
    const campaignSent = () => simulator!.received().filter((r) => mine.has(r.destinationAddr)).length;
    const at = (share: number) => waitFor(campaignSent, (n) => n >= share * N, 60_000, `${share * 100}% submitted`);

    // Once the campaign is under way, single messages beside it, posted through the first cuts.
    await at(0.05);
    const stream = streamSingles({ token: await a.token(), n: M, first: 50_000, from: "Proxy" });
    await at(0.2);
    await waitFor(
      () => stream.reached(simulator!),
      (n) => n >= 0.1 * M,
      60_000,
      "10% of the single messages submitted",
    );
    const singlesAtCut = stream.reached(simulator);
    smsc.dropAll(); // the SMSC link: binds reconnect, in-flight submit_sm go again
    await at(0.4);
    pg.dropAll(); // the database link: statements in flight fail, the pool reconnects
    await at(0.6);
    pg.setLatency(40);
    smsc.setLatency(60);
    await sleep(1000);
    pg.dropAll();
    smsc.dropAll();
    await sleep(500);
    pg.setLatency(2);
    smsc.setLatency(10);

    await stream.done;
    await waitFor(
      async () => [(await campaignOutcome(db.ctx(), c.id, simulator!)).statuses, (await singlesOutcome(db.ctx(), a.account.id, simulator!)).statuses],
      ([campaign, singles]) => campaign.Delivered === N && singles.Delivered === M,
      60_000,
      "every message delivered",
    ).catch(async (e) => {
      const jobs = await db.ctx().sql.query(`SELECT id, state::text, retry_count, started_on, now() AS now, output, data->'_checkpoint' AS cp FROM pgboss.job WHERE name = 'campaign.batch'`);
      const act = await db
        .ctx()
        .sql.query(
          `SELECT pid, state, wait_event_type, wait_event, now() - xact_start AS xact, now() - state_change AS since, left(query, 200) AS q FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
        );
      throw new Error(`${e.message}\n${JSON.stringify(jobs.rows, null, 1)}\n${JSON.stringify(act.rows, null, 1)}\n${worker!.log().slice(-4000)}`);
    });
    await waitFor(
      () => simulator!.pendingDeliveries(),
      (n) => n === 0,
      10_000,
      "every receipt acknowledged",
    );
    watch.stop();
    singlesWatch.stop();
    await watch.sample();
    await singlesWatch.sample();
    const outcome = await campaignOutcome(db.ctx(), c.id, simulator);
    const singles = await singlesOutcome(db.ctx(), a.account.id, simulator);
    console.info(
      `[faults] TCP proxy (latency, 4 dropped links) on ${N} recipients and ${M} single messages (${singlesAtCut} at the SMSC at the first cut): ` +
        `${pg.accepted()} database and ${smsc.accepted()} SMSC connections; ` +
        `${outcome.duplicatedParts.length} campaign parts reached the SMSC twice (bound ${3 * BOUND}), ${outcome.flagged} flagged; ` +
        `${singles.duplicatedParts.length} single parts twice (bound ${3 * SINGLES_BOUND}), ${singles.flagged} flagged`,
    );
    const once = { notOnce: 0, unflagged: 0, deliveredNotOnce: 0, repeatedEvents: 0 };
    expect(outcome).toMatchObject({ messages: N, recipients: N, statuses: { Delivered: N }, ...once });
    expect(singles).toMatchObject({ messages: M, recipients: M, statuses: { Delivered: M }, ...once });
    // At most what was in flight at each of the three cuts that touched the SMSC or the records.
    expect(outcome.duplicatedParts.length).toBeLessThanOrEqual(3 * BOUND);
    expect(singles.duplicatedParts.length).toBeLessThanOrEqual(3 * SINGLES_BOUND);
    expect(watch.regressions).toEqual([]);
    expect(singlesWatch.regressions).toEqual([]);
    expect(smsc.accepted()).toBeGreaterThan(BINDS); // the binds did reconnect
  });
});
