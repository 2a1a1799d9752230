// Shared by the fault tests: an in-process messaging stack whose SMSC simulator misbehaves on
// command, worker processes to kill and pause, and the checks every fault ends with, for a
// campaign and for a stream of single messages beside it (single-stream.ts) — every recipient
// has exactly one message, no status ever moved backwards, every copy the SMSC got twice is
// flagged possible_duplicate, and every receipt arrived.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { startSmscSimulator, type ReceivedSubmit, type SimulatorFaults, type SmscSimulator } from "../../lib/carrier/smsc-simulator.ts";
import { connectCarrier, type SmppCarrier } from "../../lib/carrier/smpp-carrier.ts";
import { setCarrier } from "../../lib/server/services.ts";
import { attachCarrier } from "../../lib/server/carrier.ts";
import { startWorker, type Worker } from "../../lib/server/worker.ts";
import { jobs } from "../../lib/server/jobs.ts";
import { isTableWork } from "../../lib/jobs/job.ts";
import { deliverCallback } from "../../lib/core/callbacks/deliver-callback.ts";
import type { Ctx } from "../../lib/core/context.ts";
import { contextFor } from "../../lib/server/context.ts";
import type { ReceiptOptions } from "../../lib/core/sms/apply-receipt.ts";
import type { Database } from "../../lib/db/connection.ts";
import { seedPrices } from "../../lib/core/prices/seed-prices.ts";
import { createCampaign } from "../../lib/core/campaigns/create-campaign.ts";
import { makeAccount } from "../support/factories.ts";

export interface StackOptions {
  faults?: SimulatorFaults;
  deliveryDelayMs?: number;
  respondDelayMs?: number;
  submitTimeoutMs?: number;
  /** The receipt applier's options (read at each refusal, so a test may change them). */
  receiptOptions?: ReceiptOptions;
  binds?: number;
  window?: number;
}

export interface Stack {
  simulator: SmscSimulator;
  carrier: SmppCarrier;
  worker: Worker;
  /** Callback bodies received, by path. */
  callbacks: { path: string; body: any }[]; // eslint-disable-line @typescript-eslint/no-explicit-any
  receiverUrl(p: string): string;
  close(): Promise<void>;
}

/** Simulator, carrier, receipt applier, worker and a callback receiver in this process. */
export async function startStack(database: Database, o: StackOptions = {}): Promise<Stack> {
  const simulator = await startSmscSimulator({ port: 0, deliveryDelayMs: o.deliveryDelayMs ?? 50, respondDelayMs: o.respondDelayMs, faults: o.faults, recordLimit: 20_000 });
  const carrier = await connectCarrier(simulator.url, {
    binds: o.binds ?? 2,
    window: o.window ?? 10,
    submitsPerSecond: Infinity,
    submitTimeoutMs: o.submitTimeoutMs ?? 30_000,
  });
  const ctx = contextFor(database);
  attachCarrier(ctx, carrier, o.receiptOptions);
  // Retries come at once or after a second in tests; the schedules of growing delays are data in the jobs.
  const fast = jobs.map((j) =>
    j === deliverCallback ? { ...deliverCallback, retryDelaySeconds: 0, retryBackoff: false } : isTableWork(j) ? j : { ...j, retryDelaySeconds: Math.min(1, j.retryDelaySeconds), retryBackoff: false },
  );
  const worker = await startWorker(database, fast, { pollingIntervalSeconds: 0.2 });
  const callbacks: Stack["callbacks"] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      callbacks.push({ path: req.url ?? "", body: body ? JSON.parse(body) : null });
      res.end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    simulator,
    carrier,
    worker,
    callbacks,
    receiverUrl: (p) => base + p,
    close: async () => {
      await worker.stop(5000);
      setCarrier(undefined);
      await carrier.close();
      await simulator.close();
      await new Promise((r) => server.close(r));
    },
  };
}

/** A worker process (scripts/worker.ts) on PostgreSQL; its stderr is kept for the failure message. */
export interface WorkerProcess {
  child: ChildProcess;
  pid: number;
  log(): string;
  exited: Promise<void>;
}

export function spawnWorker(env: { DATABASE_URL: string; SMSC_URL: string } & Record<string, string>): WorkerProcess {
  // node itself, not the tsx launcher: SIGKILL and SIGSTOP must reach the process that does the work.
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
    env: {
      ...process.env,
      LOG_LEVEL: "warn",
      DATA_DIR: path.join(os.tmpdir(), `switchboard-faults-${process.pid}`),
      // One secret for every worker of the test: they read the connectors' sealed passwords.
      AUTH_SECRET: `switchboard-fault-kit-${process.pid}`,
      WORKER: "inline",
      // A dead or stalled worker's jobs go to another after 4 s, not 10: the takeovers the tests
      // wait for are shorter. Still four renewals in a lease, for a process starved of CPU here.
      JOB_LEASE_SECONDS: "4",
      ...env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  child.stderr!.on("data", (c) => {
    log = (log + String(c)).slice(-20_000);
    if (process.env.FAULTS_LOG) fs.appendFileSync(process.env.FAULTS_LOG, c);
  });
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  return { child, pid: child.pid!, log: () => log, exited };
}

/** A campaign sent by worker processes, to kill or pause: its simulator, its first worker, and a way to start more. */
export interface WorkerCampaign {
  simulator: SmscSimulator;
  campaign: { id: string };
  /** The campaign's account, for a stream of single messages beside it (streamSingles). */
  account: { id: string; token(): Promise<string> };
  watch: StatusWatch;
  /** The worker started before the campaign was created. */
  first: WorkerProcess;
  /** The campaign's submit_sm the SMSC has received so far (copies too), not those of single messages beside it. */
  received(): ReceivedSubmit[];
  /** Starts another worker on the same database and SMSC (kept in `workers` for clean-up). */
  start(): WorkerProcess;
}

/**
 * A campaign to `n` numbers from a fresh account, sent by worker processes bound to a fresh SMSC
 * simulator (receipts after 200 ms, every submit_sm answered after `respondDelayMs`) over
 * `binds` × `window`, with a StatusWatch on its parts.
 */
export async function startWorkerCampaign(o: {
  url: string;
  ctx: () => Ctx;
  workers: WorkerProcess[];
  n: number;
  respondDelayMs: number;
  binds: number;
  window: number;
  from: string;
  body: string;
}): Promise<WorkerCampaign> {
  const simulator = await startSmscSimulator({ port: 0, deliveryDelayMs: 200, respondDelayMs: o.respondDelayMs, recordLimit: 20_000 });
  const start = () => {
    const w = spawnWorker({ DATABASE_URL: o.url, SMSC_URL: `${simulator.url}?binds=${o.binds}&window=${o.window}&tps=0` });
    o.workers.push(w);
    return w;
  };
  await seedPrices(o.ctx());
  const a = await makeAccount(o.ctx(), { balance: 1000 });
  const first = start();
  const campaign = await createCampaign(o.ctx(), { accountId: a.account.id, currency: "EUR" }, { from: o.from, body: o.body, to: numbers(o.n) });
  const watch = new StatusWatch(o.ctx, campaign.id).start();
  const mine = new Set(numbers(o.n).map((t) => t.slice(1)));
  const received = () => simulator.received().filter((r) => mine.has(r.destinationAddr));
  return { simulator, campaign, account: { id: a.account.id, token: a.token }, watch, first, start, received };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function waitFor<T>(probe: () => T | Promise<T>, accept: (v: T) => boolean, ms: number, what: string): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (accept(v)) return v;
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms (last: ${JSON.stringify(v)})`);
    await sleep(25);
  }
}

const rank = (status: string) => (status === "Queued" ? 0 : status === "Sent" ? 1 : 2);

/** Whose messages a check covers: a campaign's, or an account's single messages (no campaign). */
export type Traffic = { campaignId: string } | { singlesOf: string };

/** The condition on messages `m` for the traffic, and its one parameter. */
const scope = (t: Traffic): [string, string] => ("campaignId" in t ? ["m.campaign_id = $1::uuid", t.campaignId] : ["m.account_id = $1::uuid AND m.campaign_id IS NULL", t.singlesOf]);

/**
 * Watches the statuses of a campaign's parts (or of an account's single messages) while faults
 * happen: a part that is seen going from Sent back to Queued, or from one final status to
 * another, is a regression.
 */
export class StatusWatch {
  private seen = new Map<string, string>();
  readonly regressions: string[] = [];
  private timer: NodeJS.Timeout | null = null;
  private busy = false;
  private readonly traffic: Traffic;
  constructor(
    private readonly ctx: () => Ctx,
    of: string | Traffic,
  ) {
    this.traffic = typeof of === "string" ? { campaignId: of } : of;
  }

  start(everyMs = 200): this {
    this.timer = setInterval(() => void this.sample(), everyMs);
    return this;
  }

  async sample(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const [where, param] = scope(this.traffic);
      const { rows } = await this.ctx().sql.query<{ id: string; status: string }>(`SELECT p.id::text, p.status FROM message_parts p JOIN messages m ON m.id = p.message_id WHERE ${where}`, [param]);
      for (const r of rows) {
        const before = this.seen.get(r.id);
        if (before !== undefined && (rank(r.status) < rank(before) || (rank(before) === 2 && r.status !== before))) this.regressions.push(`${r.id}: ${before} → ${r.status}`);
        this.seen.set(r.id, r.status);
      }
    } catch {
      // The database may be restarting: the next sample looks again.
    } finally {
      this.busy = false;
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}

export interface CampaignOutcome {
  messages: number;
  recipients: number;
  /** Recipients with other than exactly one message. */
  notOnce: number;
  statuses: Record<string, number>;
  /** Parts the SMSC received more than once (by their client reference). */
  duplicatedParts: string[];
  /** Of those, how many are not flagged possible_duplicate. */
  unflagged: number;
  /** Parts flagged possible_duplicate. */
  flagged: number;
  /** Recipients the SMSC accepted for delivery other than exactly once. */
  deliveredNotOnce: number;
  /** Parts with more than one final status event, or more than one Sent. */
  repeatedEvents: number;
}

/** What a campaign left behind: in the database and at the SMSC. */
export const campaignOutcome = (ctx: Ctx, campaignId: string, simulator: SmscSimulator) => outcomeOf(ctx, { campaignId }, simulator);

/** What an account's single messages left behind: in the database and at the SMSC. */
export const singlesOutcome = (ctx: Ctx, accountId: string, simulator: SmscSimulator) => outcomeOf(ctx, { singlesOf: accountId }, simulator);

async function outcomeOf(ctx: Ctx, traffic: Traffic, simulator: SmscSimulator): Promise<CampaignOutcome> {
  const [where, param] = scope(traffic);
  const { rows } = await ctx.sql.query<{ to: string; n: number }>(`SELECT m."to", count(*)::int AS n FROM messages m WHERE ${where} GROUP BY m."to"`, [param]);
  const statusRows = await ctx.sql.query<{ status: string; n: number }>(
    `SELECT p.status, count(*)::int AS n FROM message_parts p JOIN messages m ON m.id = p.message_id WHERE ${where} GROUP BY p.status`,
    [param],
  );
  const flaggedRows = await ctx.sql.query<{ id: string }>(`SELECT p.id::text FROM message_parts p JOIN messages m ON m.id = p.message_id WHERE ${where} AND p.possible_duplicate`, [param]);
  // A part with two final events, or two events of one status (two Sent: a copy recorded twice).
  const events = await ctx.sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (
       SELECT e.part_id FROM message_events e JOIN messages m ON m.id = e.message_id
        WHERE ${where} AND e.part_id IS NOT NULL
        GROUP BY e.part_id
       HAVING count(*) FILTER (WHERE e.status IN ('Delivered', 'Undelivered', 'Failed', 'Unsent')) > 1 OR count(*) > count(DISTINCT e.status)) x`,
    [param],
  );
  const flagged = new Set(flaggedRows.rows.map((r) => r.id));
  const byRef = new Map<string, number>();
  const accepted = new Map<string, number>();
  const mine = new Set(rows.map((r) => r.to.replace(/^\+/, "")));
  for (const r of simulator.received()) {
    if (!mine.has(r.destinationAddr)) continue;
    byRef.set(r.clientRef, (byRef.get(r.clientRef) ?? 0) + 1);
    if (r.commandStatus === 0 && !r.duplicate) accepted.set(r.destinationAddr, (accepted.get(r.destinationAddr) ?? 0) + 1);
  }
  const duplicatedParts = [...byRef].filter(([, n]) => n > 1).map(([ref]) => ref);
  return {
    messages: rows.reduce((n, r) => n + r.n, 0),
    recipients: rows.length,
    notOnce: rows.filter((r) => r.n !== 1).length,
    statuses: Object.fromEntries(statusRows.rows.map((r) => [r.status, r.n])),
    duplicatedParts,
    unflagged: duplicatedParts.filter((id) => !flagged.has(id)).length,
    flagged: flagged.size,
    deliveredNotOnce: [...accepted.values()].filter((n) => n !== 1).length + Math.max(0, rows.length - accepted.size),
    repeatedEvents: events.rows[0]!.n,
  };
}

/** Distinct Greek mobile numbers ending in 7: never one of the simulator's test numbers (…0001 to …0006). */
export const numbers = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `+3069${20_000_007 + (from + i) * 10}`);
