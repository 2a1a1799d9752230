// B5: signed callback deliveries per second to a local receiver that answers after 0 ms and
// after 50 ms, through our delivery (callbacks.deliver, lib/core/callbacks/deliver-callback.ts,
// claimed from the callbacks table by our worker's loop, lib/jobs/table-loop.ts, on PostgreSQL)
// against a bare undici loop that signs each body with HMAC-SHA256 (Standard Webhooks headers)
// and POSTs it, at the same concurrency (the most POSTs our worker has under way at once:
// deliverCallback.postsInFlight, 100).
//
// Ours, per round: N pending callback rows (due at once, as the platform records them) are
// inserted in one transaction that also runs ANALYZE (not timed), so the planner knows the
// backlog, as in B3; the clock runs from its commit (the worker is woken) until the last callback
// is stored delivered. The receiver runs in a child process, the same one for both; rounds alternate.
//
//   npm run bench -- --only B5
//   npx tsx bench/callback-delivery.ts --receiver 50      (the receiver alone; prints its URL)
import "./support/bench-env.ts";
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import http from "node:http";
import path from "node:path";
import { createInterface } from "node:readline";
import pg from "pg";
import { Agent, request } from "undici";
import { openDatabase } from "../lib/db/connection.ts";
import { migrate } from "../lib/db/migrate.ts";
import { startWorker } from "../lib/server/worker.ts";
import { wakeWorkers } from "../lib/jobs/wake.ts";
import { deliverCallback } from "../lib/core/callbacks/deliver-callback.ts";
import type { Benchmark, BenchContext, Row } from "./support/types.ts";
import { fixed, int, median, sleep } from "./support/stats.ts";
import { CpuMeter, postgresPids } from "./support/procs.ts";

const GOALS: Record<number, number> = { 0: 0.4, 50: 0.8 };

interface Receiver {
  url: string;
  child: ChildProcess;
  /** The most requests the receiver had open at once since the previous call. */
  maxOpen(): Promise<number>;
}

async function startReceiver(delayMs: number, onStart: (c: ChildProcess) => void): Promise<Receiver> {
  const child = spawn(process.execPath, [...process.execArgv, import.meta.filename, "--receiver", String(delayMs)], { stdio: ["pipe", "pipe", "inherit"] });
  onStart(child);
  const rl = createInterface({ input: child.stdout! });
  const lines: string[] = [];
  const waiters: Array<{ resolve: (l: string) => void; reject: (e: Error) => void }> = [];
  rl.on("line", (l) => (waiters.length ? waiters.shift()!.resolve(l) : lines.push(l)));
  child.once("exit", (code) => {
    for (const w of waiters.splice(0)) w.reject(new Error(`receiver exited (${code})`));
  });
  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      if (lines.length) resolve(lines.shift()!);
      else if (child.exitCode !== null || child.signalCode !== null) reject(new Error(`receiver exited (${child.exitCode ?? child.signalCode})`));
      else waiters.push({ resolve, reject });
    });
  const url = (await nextLine()).trim();
  return {
    url,
    child,
    async maxOpen() {
      child.stdin!.write("max\n");
      return Number(await nextLine());
    },
  };
}

/** A message-status callback body like the ones the platform sends. */
function samplePayload(i: number) {
  return {
    messageId: crypto.randomUUID(),
    status: { name: "Delivered", date: new Date().toISOString() },
    to: `+30691234${String(i % 10_000).padStart(4, "0")}`,
    from: "Bench",
    country: "GR",
    operator: "Bench Mobile",
    batchId: null,
    smsCount: 1,
  };
}

interface RoundResult {
  perSecond: number;
  cores: Record<string, number>;
  /** The most requests the receiver had open at once. */
  maxOpen: number;
}

export interface CallbackScenario {
  delayMs: number;
  n: number;
  concurrency: number;
  rounds: { ours: RoundResult; bare: RoundResult }[];
  medOurs: number;
  medBare: number;
  paired: number;
}

export async function measureCallbacks(ctx: BenchContext): Promise<CallbackScenario[]> {
  const url = await ctx.createDatabase("bench_callbacks");
  const database = await openDatabase({ kind: "postgres", url, poolSize: 10 });
  ctx.defer(() => database.close().catch(() => {}));
  await migrate(database.sql);
  const sql = new pg.Pool({ connectionString: url, max: 3 });
  ctx.defer(() => sql.end().catch(() => {}));
  const account = await sql.query<{ id: string; webhook_secret: string }>("INSERT INTO accounts (id, name) VALUES (gen_random_uuid(), 'bench') RETURNING id, webhook_secret");
  const { id: accountId, webhook_secret: secret } = account.rows[0]!;
  const worker = await startWorker(database, [deliverCallback]);
  ctx.defer(() => worker.stop(5000).catch(() => {}));
  const concurrency = deliverCallback.postsInFlight;
  let receiverPid = 0;
  const meter = new CpuMeter({ postgres: () => postgresPids(ctx.pgDataDir), receiver: () => (receiverPid ? [receiverPid] : []) });

  async function ours(receiver: Receiver, n: number): Promise<RoundResult> {
    const receiverUrl = receiver.url;
    await sql.query("TRUNCATE callback_attempts, callbacks");
    await sql.query("VACUUM ANALYZE callbacks, callback_attempts");
    const payloads = Array.from({ length: n }, (_, i) => samplePayload(i));
    const ids = payloads.map(() => crypto.randomUUID());
    const client = await sql.connect();
    try {
      await client.query("BEGIN");
      await client.query(
        `INSERT INTO callbacks (id, account_id, kind, url, payload, created_at)
         SELECT id, $2, 'message.status', $3, p, now() FROM unnest($1::uuid[], $4::jsonb[]) AS x(id, p)`,
        [ids, accountId, receiverUrl, payloads.map((p) => JSON.stringify(p))],
      );
      await client.query("ANALYZE callbacks, callback_attempts");
      await client.query("COMMIT");
    } finally {
      client.release();
    }
    await receiver.maxOpen();
    const t0 = Date.now();
    meter.snapshot();
    wakeWorkers(deliverCallback.name);
    for (;;) {
      const r = await sql.query<{ left: number; failed: number }>(
        "SELECT count(*) FILTER (WHERE state = 'pending')::int AS left, count(*) FILTER (WHERE state = 'failed')::int AS failed FROM callbacks",
      );
      if (r.rows[0]!.failed) throw new Error(`${r.rows[0]!.failed} callbacks failed`);
      if (r.rows[0]!.left === 0) break;
      await sleep(100); // the end time comes from the rows (completed_at), not from this poll
    }
    const cores = meter.delta();
    const end = await sql.query<{ t: Date; attempts: number }>("SELECT max(completed_at) AS t, (SELECT count(*)::int FROM callback_attempts) AS attempts FROM callbacks");
    if (end.rows[0]!.attempts !== n) throw new Error(`${end.rows[0]!.attempts} attempts for ${n} callbacks`);
    return { perSecond: (n / (end.rows[0]!.t.getTime() - t0)) * 1000, cores, maxOpen: await receiver.maxOpen() };
  }

  async function bare(receiver: Receiver, n: number): Promise<RoundResult> {
    const receiverUrl = receiver.url;
    const key = Buffer.from(secret, "base64");
    const dispatcher = new Agent({ connections: concurrency, pipelining: 1 });
    const payloads = Array.from({ length: n }, (_, i) => samplePayload(i));
    let next = 0;
    let okCount = 0;
    await receiver.maxOpen();
    meter.snapshot();
    const t0 = performance.now();
    const lane = async () => {
      while (next < n) {
        const i = next++;
        const id = crypto.randomUUID();
        const body = JSON.stringify(payloads[i]);
        const timestamp = Math.floor(Date.now() / 1000).toString();
        const mac = crypto.createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
        const res = await request(receiverUrl, {
          method: "POST",
          dispatcher,
          headers: { "content-type": "application/json", "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": `v1,${mac}` },
          body,
        });
        await res.body.text();
        if (res.statusCode >= 200 && res.statusCode < 300) okCount++;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, lane));
    const elapsed = performance.now() - t0;
    const cores = meter.delta();
    await dispatcher.close();
    if (okCount !== n) throw new Error(`bare loop: ${okCount} of ${n} answered 2xx`);
    return { perSecond: (n / elapsed) * 1000, cores, maxOpen: await receiver.maxOpen() };
  }

  const out: CallbackScenario[] = [];
  const rounds = ctx.quick ? 1 : 5;
  for (const delayMs of [0, 50]) {
    const n = ctx.quick ? 1000 : delayMs === 0 ? 6000 : 5000;
    const receiver = await startReceiver(delayMs, (c) => ctx.defer(() => c.exitCode === null && c.signalCode === null && c.kill("SIGKILL")));
    const { child } = receiver;
    receiverPid = child.pid ?? 0;
    try {
      await ours(receiver, Math.min(n, 1000)); // warm-up
      await bare(receiver, Math.min(n, 1000));
      const rs: CallbackScenario["rounds"] = [];
      for (let r = 0; r < rounds; r++) {
        let o: RoundResult, b: RoundResult;
        if (r % 2 === 0) {
          o = await ours(receiver, n);
          b = await bare(receiver, n);
        } else {
          b = await bare(receiver, n);
          o = await ours(receiver, n);
        }
        rs.push({ ours: o, bare: b });
        ctx.log(`B5 ${delayMs} ms answers, round ${r + 1}/${rounds}: ours ${int(o.perSecond)}/s, bare ${int(b.perSecond)}/s (most open at the receiver: ${o.maxOpen}, ${b.maxOpen})`);
        if (o.maxOpen > concurrency) throw new Error(`our worker had ${o.maxOpen} POSTs open at once, more than ${concurrency}`);
      }
      out.push({
        delayMs,
        n,
        concurrency,
        rounds: rs,
        medOurs: median(rs.map((x) => x.ours.perSecond)),
        medBare: median(rs.map((x) => x.bare.perSecond)),
        paired: median(rs.map((x) => x.ours.perSecond / x.bare.perSecond)),
      });
    } finally {
      child.stdin!.end();
      await Promise.race([new Promise((r) => child.once("exit", r)), sleep(3000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
  }
  return out;
}

export function report(results: CallbackScenario[]): string {
  const lines = [
    `Signed callbacks delivered per second; concurrency ${results[0]?.concurrency} (ours: at most that many POSTs under way, batches of ${deliverCallback.batchSize} × ${deliverCallback.batchesInFlight} claimed; bare: that many undici lanes). Cores from /proc: bench process (our worker or the bare loop) / postgres / receiver / other processes.`,
    "",
    "| receiver answers after | round | ours /s | bare /s | ratio | most open at the receiver (ours / bare) | cores ours: bench / postgres / receiver / other | cores bare: bench / postgres / receiver / other |",
    "|---:|---:|---:|---:|---:|---:|---|---|",
  ];
  const c = (x: Record<string, number>) => `${fixed(x["load generator"] ?? NaN)} / ${fixed(x.postgres ?? NaN)} / ${fixed(x.receiver ?? NaN)} / ${fixed(x["other processes"] ?? NaN)}`;
  for (const s of results) {
    for (const [i, x] of s.rounds.entries())
      lines.push(
        `| ${s.delayMs} ms | ${i + 1} | ${int(x.ours.perSecond)} | ${int(x.bare.perSecond)} | ${fixed(x.ours.perSecond / x.bare.perSecond)} | ${x.ours.maxOpen} / ${x.bare.maxOpen} | ${c(x.ours.cores)} | ${c(x.bare.cores)} |`,
      );
    lines.push(`| ${s.delayMs} ms | **median** | **${int(s.medOurs)}** | **${int(s.medBare)}** | **${fixed(s.medOurs / s.medBare)}** (paired ${fixed(s.paired)}) | | | |`);
  }
  return lines.join("\n");
}

export const benchmark: Benchmark = {
  id: "B5",
  title: "signed callback deliveries/s vs a bare undici loop with HMAC",
  needsBuild: false,
  async run(ctx: BenchContext): Promise<Row[]> {
    const results = await measureCallbacks(ctx);
    ctx.detail(`### B5 — callback delivery\n\n${report(results)}`);
    return results.map((s) => {
      const ratio = s.medOurs / s.medBare;
      const goal = GOALS[s.delayMs]!;
      return {
        name: `B5 signed callbacks/s, receiver answering after ${s.delayMs} ms, vs bare undici + HMAC (concurrency ${s.concurrency})`,
        ours: int(s.medOurs),
        anchor: int(s.medBare),
        ratio: fixed(ratio),
        goal: `≥ ${goal}`,
        met: ratio >= goal,
      };
    });
  },
};

const isMain = Boolean(process.argv[1]) && path.resolve(process.argv[1]!) === import.meta.filename;
if (isMain && process.argv[2] === "--receiver") {
  // Child mode: answers every POST with 200 after the given delay; prints its URL; runs until stdin closes.
  const delay = Number(process.argv[3] ?? 0);
  let open = 0;
  let maxOpen = 0;
  const server = http.createServer((req, res) => {
    maxOpen = Math.max(maxOpen, ++open);
    res.once("close", () => open--);
    req.resume();
    req.on("end", () => {
      const answer = () => {
        res.writeHead(200, { "content-type": "text/plain", "content-length": "2" });
        res.end("ok");
      };
      if (delay > 0) setTimeout(answer, delay);
      else answer();
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, "127.0.0.1", () => process.stdout.write(`http://127.0.0.1:${(server.address() as { port: number }).port}/hook\n`));
  // Each "max" line on stdin is answered with the most requests open at once since the last one.
  createInterface({ input: process.stdin }).on("line", () => {
    process.stdout.write(`${maxOpen}\n`);
    maxOpen = open;
  });
  process.stdin.on("end", () => process.exit(0));
}
