// B1b: time from POST /api/sms to Delivered, on two more starts of our server (fresh databases):
//
//   - SIM_DELIVERY_DELAY_MS=0 (the headline figure, nothing subtracted): the simulator sends each
//     receipt as soon as it has answered the submit, so the figure is Switchboard's own path
//     (request, queue, worker, SMPP submit, receipt applied), not a simulated handset. Such an
//     early receipt can overtake the commit of the part's Sent status; the receipt path then
//     looks again after 200 ms (lib/core/sms/apply-receipt.ts), which shows in the figure.
//   - SIM_DELIVERY_DELAY_MS=1500 with the 1500 ms subtracted: what a receipt that comes later
//     (as from a real network) sees.
//
// Messages are sent open-loop at a modest rate; each one is polled at
// GET /api/sms/tracking/single/{id} until Delivered. Reported: (Delivered time − time the POST was
// sent), where the Delivered time is the status date of the tracking record (the server's clock,
// same machine, millisecond precision); the time first seen by polling is shown too (coarser by
// up to the poll interval). Stages come from the database: message created, submit job started
// (pg-boss), submit_sm answered, receipt applied.
import pg from "pg";
import type { Benchmark, BenchContext, Row } from "./support/types.ts";
import { startSwitchboard, smsBody } from "./support/switchboard.ts";
import { ms, percentile, sleep } from "./support/stats.ts";

const POLL_MS = 250; // coarse on purpose: polling is load too, and the precise time is the status date
const RATE_PER_SECOND = 5;

interface Sample {
  trackingId: string;
  sentAt: number;
  answeredAt: number;
  deliveredAt: number; // status date of the tracking record
  seenAt: number; // when polling first saw Delivered
}

interface Stages {
  created: number;
  jobStarted: number;
  submitted: number;
  done: number;
}

async function measure(ctx: BenchContext, database: string, delayMs: number, count: number) {
  ctx.log(`B1b: server with SIM_DELIVERY_DELAY_MS=${delayMs}, ${count} messages at ${RATE_PER_SECOND}/s…`);
  const sb = await startSwitchboard(ctx, { database, simDeliveryDelayMs: delayMs });
  const auth = { authorization: `Bearer ${sb.token}` };

  const post = async (i: number) => {
    const res = await fetch(`${sb.baseUrl}/api/sms`, { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: smsBody(i) });
    const body = (await res.json()) as { trackingId?: string };
    if (!res.ok || !body.trackingId) throw new Error(`POST /api/sms: ${res.status} ${JSON.stringify(body)}`);
    return body.trackingId;
  };
  const deliveredDate = async (id: string): Promise<number | null> => {
    const res = await fetch(`${sb.baseUrl}/api/sms/tracking/single/${id}`, { headers: auth });
    const records = (await res.json()) as { status: { status: string; date: string } }[];
    if (!res.ok) throw new Error(`GET tracking: ${res.status} ${JSON.stringify(records)}`);
    if (records.length === 0 || !records.every((r) => r.status.status === "Delivered")) return null;
    return Math.max(...records.map((r) => Date.parse(r.status.date)));
  };
  const one = async (i: number): Promise<Sample> => {
    const sentAt = Date.now();
    const trackingId = await post(i);
    const answeredAt = Date.now();
    const deadline = sentAt + delayMs + 60_000;
    for (;;) {
      await sleep(POLL_MS);
      const delivered = await deliveredDate(trackingId);
      if (delivered !== null) return { trackingId, sentAt, answeredAt, deliveredAt: delivered, seenAt: Date.now() };
      if (Date.now() > deadline) throw new Error(`message ${trackingId} not Delivered after ${delayMs + 60_000} ms`);
    }
  };

  // Warm-up: a few messages through the whole path (first-use costs: queues, JIT).
  await Promise.all([0, 1, 2, 3, 4].map((i) => one(100_000 + i)));

  const pending: Promise<Sample>[] = [];
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const wait = start + (i * 1000) / RATE_PER_SECOND - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(one(i));
  }
  const samples = await Promise.all(pending);

  // Where the time goes, from the server's own timestamps.
  const client = new pg.Client({ connectionString: sb.databaseUrl });
  await client.connect();
  const stages = new Map<string, Stages>();
  try {
    const { rows } = await client.query<{ id: string; created: Date; job_started: Date | null; submitted: Date; done: Date }>(
      `SELECT m.id, m.created_at AS created, j.started_on AS job_started, p.submitted_at AS submitted, p.done_at AS done
         FROM messages m JOIN message_parts p ON p.message_id = m.id
         LEFT JOIN (SELECT data->>'messageId' AS mid, started_on FROM pgboss.job WHERE name = 'sms.submit'
                    UNION ALL SELECT data->>'messageId', started_on FROM pgboss.archive WHERE name = 'sms.submit') j ON j.mid = m.id::text
        WHERE m.id = ANY($1::uuid[])`,
      [samples.map((s) => s.trackingId)],
    );
    for (const r of rows) stages.set(r.id, { created: r.created.getTime(), jobStarted: r.job_started?.getTime() ?? NaN, submitted: r.submitted.getTime(), done: r.done.getTime() });
  } finally {
    await client.end();
  }
  await sb.proc.stop();

  const st = samples.flatMap((s) => (stages.has(s.trackingId) ? [{ s, g: stages.get(s.trackingId)! }] : []));
  const stage = (f: (x: { s: Sample; g: Stages }) => number) => st.map(f).filter(Number.isFinite);
  const lat = samples.map((s) => s.deliveredAt - s.sentAt - delayMs);
  const table: [string, number[]][] = [
    ["POST sent → message stored (created_at)", stage(({ s, g }) => g.created - s.sentAt)],
    ["POST sent → 200 answer received", samples.map((s) => s.answeredAt - s.sentAt)],
    ["created_at → submit job picked up (pg-boss started_on)", stage(({ g }) => g.jobStarted - g.created)],
    ["job picked up → submit_sm answered (submitted_at)", stage(({ g }) => g.submitted - g.jobStarted)],
    [`submitted → receipt applied (done_at, Delivered)${delayMs ? `, − ${delayMs} ms` : ""}`, stage(({ g }) => g.done - g.submitted - delayMs)],
    [`**POST sent → Delivered (status date)${delayMs ? `, − ${delayMs} ms` : ""}**`, lat],
    [`POST sent → Delivered seen by polling (every ${POLL_MS} ms)${delayMs ? `, − ${delayMs} ms` : ""}`, samples.map((s) => s.seenAt - s.sentAt - delayMs)],
  ];
  return { lat, table };
}

async function run(ctx: BenchContext): Promise<Row[]> {
  const count = ctx.quick ? 20 : 50;
  const zero = await measure(ctx, "bench_latency0", 0, count);
  const later = await measure(ctx, "bench_latency1500", 1500, count);
  const md = (title: string, table: [string, number[]][]) => [
    title,
    "",
    "| stage | min | p50 | p95 | max |",
    "|---|---:|---:|---:|---:|",
    ...table.map(([name, xs]) => `| ${name} | ${ms(Math.min(...xs))} | ${ms(percentile(xs, 50))} | ${ms(percentile(xs, 95))} | ${ms(Math.max(...xs))} |`),
  ];
  ctx.detail(
    [
      `### B1b — POST /api/sms → Delivered, ${count} messages at ${RATE_PER_SECOND}/s each`,
      "",
      ...md("SIM_DELIVERY_DELAY_MS=0 (a separate server start; nothing subtracted):", zero.table),
      "",
      ...md("SIM_DELIVERY_DELAY_MS=1500 (another server start; the 1500 ms subtracted):", later.table),
    ].join("\n"),
  );
  const row = (name: string, xs: number[], p: number): Row => ({ name, ours: ms(percentile(xs, p)), anchor: "—", ratio: "—", goal: "— (reported)" });
  return [
    row(`B1b POST /api/sms → Delivered p50, SIM_DELIVERY_DELAY_MS=0 (${count} msgs at ${RATE_PER_SECOND}/s)`, zero.lat, 50),
    row("B1b POST /api/sms → Delivered p95, SIM_DELIVERY_DELAY_MS=0", zero.lat, 95),
    row("B1b POST /api/sms → Delivered p50, SIM_DELIVERY_DELAY_MS=1500, 1500 ms subtracted", later.lat, 50),
    row("B1b POST /api/sms → Delivered p95, SIM_DELIVERY_DELAY_MS=1500, 1500 ms subtracted", later.lat, 95),
  ];
}

export const benchmark: Benchmark = { id: "B1b", title: "POST /api/sms → Delivered latency", run };
