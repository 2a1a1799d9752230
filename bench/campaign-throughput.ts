// B2: a 30,000-recipient campaign, from POST /api/sms/campaign to the last submit_sm the SMSC
// acknowledged, against its floor measured in the same run: a raw COPY of the same 30k message
// rows into a copy of the messages table, plus a bare `smpp` pump of 30k submit_sm over the same
// binds and window to the same simulator (one after the other, summed).
//
// The SMSC simulator runs in a child process (so it does not share the server's CPU) and tells
// the bench when it has acknowledged a given number of submit_sm. Its receipts are held back for
// the whole run, so only the send path is measured. Rounds alternate ours/floor; medians.
//
//   npm run bench -- --only B2
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createInterface, type Interface } from "node:readline";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import smpp from "smpp";
import { buildSubmitSm } from "../lib/carrier/build-submit-sm.ts";
import { parseSmppUrl } from "../lib/carrier/smpp-url.ts";
import { smppParams } from "../lib/carrier/submit-sm-pdu.ts";
import { startSmscSimulator } from "../lib/carrier/smsc-simulator.ts";
import type { Benchmark, BenchContext, Row } from "./support/types.ts";
import { fixed, int, median } from "./support/stats.ts";
import { startSwitchboard } from "./support/switchboard.ts";
import { CpuMeter, groupMembers, postgresPids } from "./support/procs.ts";

const BINDS = 2;
const WINDOW = 50;

/** The i-th recipient: valid Greek mobiles whose last four digits never pick a simulator outcome. */
export const recipient = (i: number) => `+3069${String(5000 + Math.floor(i / 9000)).padStart(4, "0")}${1000 + (i % 9000)}`;
const BODY = "Spring sale: 20% off everything until Sunday. Show this SMS at the till.";

export interface Sim {
  url: string;
  child: ChildProcess;
  /** Resolves with the wall-clock time (ms) at which the simulator had acknowledged `n` submit_sm in total. */
  when(n: number): Promise<number>;
  submitted(): Promise<number>;
  /** Resubmissions the simulator recognised (by the part's reference) so far. */
  duplicates(): Promise<number>;
  /** Bound SMPP sessions. */
  sessions(): Promise<number>;
}

/** The simulator in a child process; its receipts come `deliveryDelayMs` after each submit (by default held for the run). */
export async function startSim(ctx: BenchContext, deliveryDelayMs = 3_600_000): Promise<Sim> {
  const child = spawn(process.execPath, [...process.execArgv, import.meta.filename, "--sim", String(deliveryDelayMs)], { stdio: ["pipe", "pipe", "inherit"] });
  ctx.defer(() => child.exitCode === null && child.signalCode === null && child.kill("SIGKILL"));
  const rl: Interface = createInterface({ input: child.stdout! });
  const lines: string[] = [];
  const waiters: ((l: string) => void)[] = [];
  rl.on("line", (l) => (waiters.length ? waiters.shift()!(l) : lines.push(l)));
  const nextLine = () => new Promise<string>((r) => (lines.length ? r(lines.shift()!) : waiters.push(r)));
  const url = (await nextLine()).trim();
  const ask = async (cmd: string) => {
    child.stdin!.write(`${cmd}\n`);
    return Number(await nextLine());
  };
  return { url, child, when: (n) => ask(`when ${n}`), submitted: () => ask("count"), duplicates: () => ask("duplicates"), sessions: () => ask("sessions") };
}

/** CPU seconds per process over a round: what bounds the campaign on a machine's cores. */
type CpuSeconds = Record<string, number>;

async function oursRound(ctx: BenchContext, base: string, token: string, sim: Sim, n: number, round: number, meter?: CpuMeter) {
  const before = await sim.submitted();
  const to = Array.from({ length: n }, (_, i) => recipient(i));
  const lastAck = sim.when(before + n);
  meter?.snapshot();
  const t0 = Date.now();
  const res = await fetch(`${base}/api/sms/campaign`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ from: "Switchboard", body: BODY, to, campaignName: `Bench ${round} ${Date.now() % 100000}` }),
  });
  const accepted = Date.now() - t0;
  const answer = (await res.json()) as { state?: string; totalMessages?: number };
  if (res.status !== 200 || answer.totalMessages !== n) throw new Error(`campaign refused: ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
  const total = (await lastAck) - t0;
  const cores = meter?.delta() ?? {};
  const cpu: CpuSeconds = Object.fromEntries(Object.entries(cores).map(([k, v]) => [k, (v * (Date.now() - t0)) / 1000]));
  ctx.log(`B2 round ${round}: ours ${total} ms (accepted in ${accepted} ms)`);
  return { total, accepted, cpu };
}

/**
 * B2b: the issue's campaign of 30k mixed recipients — a third numbers in `to` (with invalid
 * entries, allowinvalid, and numbers also reached through the group), a third contacts by id, a
 * third through a group, 1 % of the contacts blacklisted. Times the analysis and the acceptance,
 * then checks that every recipient reached the simulator exactly once: as many submit_sm as
 * recipients, none recognised as a resubmission, and as many distinct numbers stored, each Sent
 * with its own SMSC id. Twice, to the same contacts: the first campaign warms the code paths of
 * contacts and groups up (reported, not counted), as B2's warm-up round does for its own.
 */
async function mixedRounds(ctx: BenchContext, server: { baseUrl: string; token: string; databaseUrl: string; accountId: string }, sim: Sim, third: number) {
  const blacklisted = Math.ceil(third / 100);
  const base = 200_000; // past the numbers of the other rounds
  const toNumbers = Array.from({ length: third }, (_, i) => recipient(base + i));
  const contactNumbers = Array.from({ length: third + blacklisted }, (_, i) => recipient(base + third + i));
  const groupNumbers = Array.from({ length: third + blacklisted }, (_, i) => recipient(base + 2 * third + blacklisted + i));
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  let contactIds: string[];
  try {
    // Blacklisted: the last `blacklisted` of each list.
    const insert = async (mobiles: string[], groups: string[]) =>
      (
        await client.query<{ id: string }>(
          `INSERT INTO contacts (id, account_id, mobile, country, groups, blacklisted_services)
           SELECT gen_random_uuid(), $1, m, 'GR', $2::text[], CASE WHEN k > $3 THEN ARRAY['Sms'] ELSE '{}'::text[] END
           FROM unnest($4::text[]) WITH ORDINALITY AS u(m, k) RETURNING id`,
          [server.accountId, groups, mobiles.length - blacklisted, mobiles],
        )
      ).rows.map((r) => r.id);
    contactIds = await insert(contactNumbers, []);
    await insert(groupNumbers, ["bench-mixed"]);
    await client.query(`INSERT INTO contact_groups (id, account_id, name) VALUES (gen_random_uuid(), $1, 'bench-mixed') ON CONFLICT DO NOTHING`, [server.accountId]);
  } finally {
    await client.end();
  }
  const invalid = Array.from({ length: 100 }, (_, k) => `+3069${100 + k}`);
  const overlap = groupNumbers.slice(0, 500);
  const cold = await mixedCampaign(ctx, server, sim, { to: [...toNumbers, ...invalid, ...overlap], contacts: contactIds }, 3 * third, "cold");
  const warm = await mixedCampaign(ctx, server, sim, { to: [...toNumbers, ...invalid, ...overlap], contacts: contactIds }, 3 * third, "measured");
  return { cold, ...warm };
}

async function mixedCampaign(
  ctx: BenchContext,
  server: { baseUrl: string; token: string; databaseUrl: string },
  sim: Sim,
  recipients: { to: string[]; contacts: string[] },
  expected: number,
  label: string,
) {
  const body = {
    from: "Switchboard",
    body: BODY,
    ...recipients,
    groups: ["bench-mixed"],
    allowinvalid: true,
    campaignName: `Bench mixed ${label} ${Date.now() % 100000}`,
  };
  const post = async (path: string) => {
    const t0 = Date.now();
    const res = await fetch(`${server.baseUrl}/api${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as Record<string, unknown>;
    if (res.status !== 200) throw new Error(`${path} refused: ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
    return { ms: Date.now() - t0, answer };
  };
  const analysed = await post("/sms/analyze/campaign");
  if (analysed.answer.numberOfRecipients !== expected) throw new Error(`analysis counted ${String(analysed.answer.numberOfRecipients)} recipients, not ${expected}`);
  const before = await sim.submitted();
  const duplicatesBefore = await sim.duplicates();
  const lastAck = sim.when(before + expected);
  const accepted = await post("/sms/campaign");
  if (accepted.answer.totalMessages !== expected) throw new Error(`campaign of ${String(accepted.answer.totalMessages)} messages, not ${expected}`);
  const id = String(accepted.answer.trackingId);
  await lastAck;
  // Every message stored (they follow the answers), then the totals.
  const check = new pg.Client({ connectionString: server.databaseUrl });
  await check.connect();
  try {
    let stored = { messages: 0, numbers: 0, sent: 0, smsc: 0 };
    for (let i = 0; i < 300 && stored.sent < expected; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const { rows } = await check.query<{ messages: number; numbers: number; sent: number; smsc: number }>(
        `SELECT count(*)::int AS messages, count(DISTINCT m."to")::int AS numbers, count(*) FILTER (WHERE p.status = 'Sent')::int AS sent,
                count(DISTINCT p.smsc_message_id)::int AS smsc
         FROM messages m JOIN message_parts p ON p.message_id = m.id WHERE m.campaign_id = $1::uuid`,
        [id],
      );
      stored = rows[0]!;
    }
    const submitted = (await sim.submitted()) - before;
    const duplicates = (await sim.duplicates()) - duplicatesBefore;
    const once = submitted === expected && duplicates === 0 && stored.messages === expected && stored.numbers === expected && stored.sent === expected && stored.smsc === expected;
    ctx.log(
      `B2b mixed (${label}): analysed in ${analysed.ms} ms, accepted in ${accepted.ms} ms; ${submitted} submit_sm, ${duplicates} resubmissions, ${stored.numbers} numbers stored Sent with ${stored.smsc} SMSC ids`,
    );
    if (!once) throw new Error(`B2b: not exactly once: ${JSON.stringify({ expected, submitted, duplicates, ...stored })}`);
    return { analysed: analysed.ms, accepted: accepted.ms, recipients: expected };
  } finally {
    await check.end();
  }
}

async function copyRound(databaseUrl: string, n: number): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`DROP TABLE IF EXISTS bench_copy; CREATE TABLE bench_copy (LIKE messages INCLUDING DEFAULTS INCLUDING INDEXES)`);
    const account = (await client.query<{ id: string }>(`SELECT id FROM accounts LIMIT 1`)).rows[0]!.id;
    const now = new Date().toISOString();
    const lines: string[] = [];
    const analysis = JSON.stringify({ characters: BODY.length, parts: 1, unicode: false, unsupportedGSMCharacters: [] });
    for (let i = 0; i < n; i++) {
      const id = `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`;
      lines.push([id, account, "Switchboard", recipient(i), BODY, "GR", "gsm7", 1, analysis, "Queued", now, 36500, now, now].join("\t"));
    }
    const t0 = performance.now();
    const stream = client.query(
      copyFrom(`COPY bench_copy (id, account_id, "from", "to", body, country, encoding, parts, body_analysis, status, status_at, price_micros, created_at, expires_at) FROM STDIN`),
    );
    await new Promise<void>((resolve, reject) => {
      stream.on("finish", () => resolve());
      stream.on("error", reject);
      stream.end(`${lines.join("\n")}\n`);
    });
    return performance.now() - t0;
  } finally {
    await client.end();
  }
}

async function bareSessions(url: string): Promise<smpp.Session[]> {
  const { host, port, systemId, password } = parseSmppUrl(url);
  return Promise.all(
    Array.from({ length: BINDS }, async () => {
      const session = smpp.connect({ host, port });
      session.on("error", (e: Error) => console.error("bare session error", e.message));
      await new Promise<void>((resolve, reject) =>
        session.on("connect", () => {
          session.socket.setNoDelay(true);
          session.bind_transceiver({ system_id: systemId, password, interface_version: 0x34 }, (pdu) => (pdu.command_status === 0 ? resolve() : reject(new Error(`bind ${pdu.command_status}`))));
        }),
      );
      return session;
    }),
  );
}

/** 30k pre-built submit_sm over BINDS sessions, each keeping WINDOW outstanding. */
function pumpRound(sessions: smpp.Session[], n: number): Promise<number> {
  const params = Array.from({ length: n }, (_, i) => {
    const built = buildSubmitSm({ partId: `bare-${Date.now()}-${i}`, from: "Switchboard", to: recipient(i), text: BODY, encoding: "gsm7", flash: false, validityMinutes: 4320 });
    if (!built.ok) throw new Error("bad part");
    return smppParams(built.params);
  });
  return new Promise((resolve, reject) => {
    let sent = 0;
    let done = 0;
    const t0 = performance.now();
    const next = (s: smpp.Session) => {
      const p = params[sent++]!;
      s.submit_sm(p, (pdu) => {
        if (pdu.command_status !== 0) return reject(new Error(`submit ${pdu.command_status}`));
        done++;
        if (sent < n) next(s);
        else if (done === n) resolve(performance.now() - t0);
      });
    };
    for (const s of sessions) for (let i = 0; i < WINDOW && sent < n; i++) next(s);
  });
}

export const benchmark: Benchmark = {
  id: "B2",
  title: "30k campaign, POST → last submit_sm acknowledged",
  async run(ctx: BenchContext): Promise<Row[]> {
    const n = ctx.quick ? 5000 : 30_000;
    const rounds = ctx.quick ? 1 : 3;
    const sim = await startSim(ctx);
    const server = await startSwitchboard(ctx, {
      database: "bench_b2",
      simDeliveryDelayMs: 1000,
      env: { SMSC_URL: `${sim.url}?binds=${BINDS}&window=${WINDOW}&tps=0` },
      // B2_CPU_PROF=DIR: the server writes a V8 CPU profile there when it stops (summarise it with
      // `npx tsx bench/support/cpu-profile.ts FILE`); its sampling thread costs a little throughput.
      ...(process.env.B2_CPU_PROF ? { nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${process.env.B2_CPU_PROF}`] } : {}),
    });
    const sessions = await bareSessions(sim.url);
    const meter = new CpuMeter({
      server: () => groupMembers(server.proc.pid),
      PostgreSQL: () => postgresPids(ctx.pgDataDir),
      simulator: () => [sim.child.pid!],
    });
    const cpus: CpuSeconds[] = [];
    // Warm-up, a full round of each: JIT, connection pools, prices cache, heap. After a smaller one
    // (2,000 recipients until 2026-11-22) the first measured round was always 0.3–0.6 s slower
    // than the next two, with about half a CPU second more in the server: V8 still optimising the
    // code a 30k campaign runs hot. That cold round is reported, not counted.
    const cold = await oursRound(ctx, server.baseUrl, server.token, sim, n, 0);
    const coldFloor = (await copyRound(server.databaseUrl, n)) + (await pumpRound(sessions, n));
    ctx.log(`B2 warm-up: ours ${cold.total} ms, floor ${Math.round(coldFloor)} ms`);

    // B2 with a route rule: the same campaign while a rule "GR → default" is in place (switched on
    // and off between rounds; workers follow the table within a second), paired with the round
    // before it.
    const routing = new pg.Client({ connectionString: server.databaseUrl });
    await routing.connect();
    await routing.query(`INSERT INTO routes (position, country, strategy, connector_ids, enabled) SELECT 1, 'GR', 'priority', ARRAY[id], false FROM connectors WHERE name = 'default'`);
    const setRule = async (on: boolean) => {
      await routing.query(`UPDATE routes SET enabled = $1, updated_at = now()`, [on]);
      await new Promise((r) => setTimeout(r, 2000));
    };
    const routed: number[] = [];
    const ours: number[] = [];
    const accepted: number[] = [];
    const floor: number[] = [];
    const copies: number[] = [];
    const pumps: number[] = [];
    for (let r = 1; r <= rounds; r++) {
      const measureFloor = async () => {
        const c = await copyRound(server.databaseUrl, n);
        const p = await pumpRound(sessions, n);
        copies.push(c);
        pumps.push(p);
        floor.push(c + p);
        ctx.log(`B2 round ${r}: floor ${Math.round(c + p)} ms (COPY ${Math.round(c)} + pump ${Math.round(p)})`);
      };
      if (r % 2 === 1) {
        const o = await oursRound(ctx, server.baseUrl, server.token, sim, n, r, meter);
        ours.push(o.total);
        accepted.push(o.accepted);
        cpus.push(o.cpu);
        await measureFloor();
      } else {
        await measureFloor();
        const o = await oursRound(ctx, server.baseUrl, server.token, sim, n, r, meter);
        ours.push(o.total);
        accepted.push(o.accepted);
        cpus.push(o.cpu);
      }
    }
    for (let r = 1; r <= rounds; r++) {
      await setRule(true);
      const o = await oursRound(ctx, server.baseUrl, server.token, sim, n, rounds + r);
      routed.push(o.total);
      await setRule(false);
      ctx.log(`B2 with a route rule, round ${r}: ${o.total} ms`);
    }
    const routedParts = await routing.query<{ n: number }>(`SELECT count(*)::int AS n FROM message_parts WHERE connector_id IS NOT NULL`);
    await routing.end();
    for (const s of sessions) s.close();
    // A third each from to, contacts and a group (whole numbers: --quick runs 5,000).
    const mixed = await mixedRounds(ctx, server, sim, Math.floor(n / 3));
    const mo = median(ours);
    const mf = median(floor);
    ctx.detail(
      [
        `### B2 — ${n.toLocaleString("en")}-recipient campaign`,
        "",
        `${BINDS} binds × window ${WINDOW}, no rate limit, simulator in its own process. Per round (ms): ours ${ours.join(", ")}; ` +
          `accepted (POST answered) ${accepted.join(", ")}; floor ${floor.map(Math.round).join(", ")} ` +
          `(COPY ${copies.map(Math.round).join(", ")} + pump ${pumps.map(Math.round).join(", ")}). ` +
          `Warm-up round, not counted: ours ${cold.total}, floor ${Math.round(coldFloor)}.`,
        `Ours: ${Math.round((n / mo) * 1000).toLocaleString("en")} messages/s end to end.`,
        // The machine's cores are the bound: CPU seconds each process used while a round ran.
        `CPU seconds per round (median), POST to last ack: ${Object.keys(cpus[0] ?? {})
          .map((k) => `${k} ${fixed(median(cpus.map((c) => c[k] ?? 0)))}`)
          .join(", ")}.`,
        `With a route rule (GR → default) in place: ${routed.join(", ")} ms (${int(routedParts.rows[0]!.n)} parts recorded their connector).`,
        `B2b, ${mixed.recipients.toLocaleString("en")} mixed recipients (a third each from to, contacts and a group; 1 % of the contacts ` +
          `blacklisted, 100 invalid numbers, 500 in to and the group): analysed in ${mixed.analysed} ms, accepted in ${mixed.accepted} ms ` +
          `(the first such campaign, not counted: ${mixed.cold.analysed} and ${mixed.cold.accepted} ms); each recipient of both reached the simulator exactly once.`,
      ].join("\n"),
    );
    return [
      {
        name: `B2 ${n / 1000}k campaign, POST → last submit_sm acked, ms — vs COPY ${n / 1000}k rows + bare smpp pump (${BINDS}×${WINDOW})`,
        ours: int(mo),
        anchor: int(mf),
        ratio: fixed(mo / mf),
        goal: "≤ 2",
        met: mo / mf <= 2,
      },
      {
        name: `B2 with a route rule in place vs B2 without, same run, ms`,
        ours: int(median(routed)),
        anchor: int(mo),
        ratio: fixed(median(routed) / mo),
        goal: "≤ 1.1",
        met: median(routed) / mo <= 1.1,
      },
      {
        name: `B2a ${n / 1000}k campaign analysed and accepted (POST answered), ms`,
        ours: int(median(accepted)),
        anchor: "—",
        ratio: "—",
        goal: "< 1000",
        met: median(accepted) < 1000,
      },
      {
        name: `B2b ${mixed.recipients / 1000}k mixed campaign (to, contacts, a group; blacklisted and invalid entries) analysed / accepted, ms — each recipient once at the SMSC`,
        ours: `${int(mixed.analysed)} / ${int(mixed.accepted)}`,
        anchor: "—",
        ratio: "—",
        goal: "< 1000",
        met: mixed.analysed < 1000 && mixed.accepted < 1000,
      },
    ];
  },
};

const isMain = Boolean(process.argv[1]) && path.resolve(process.argv[1]!) === import.meta.filename;
if (isMain && process.argv[2] === "--sim") {
  // Child mode: a simulator that holds its receipts for the run (unless told a delay) and answers "count" and "when N".
  const sim = await startSmscSimulator({ port: 0, deliveryDelayMs: Number(process.argv[3] ?? 3_600_000), recordLimit: 0 });
  process.stdout.write(`${sim.url}\n`);
  const rl = createInterface({ input: process.stdin });
  rl.on("line", (line) => {
    const [cmd, arg] = line.trim().split(" ");
    if (cmd === "count") process.stdout.write(`${sim.submitted()}\n`);
    else if (cmd === "sessions") process.stdout.write(`${sim.sessions()}\n`);
    else if (cmd === "duplicates") process.stdout.write(`${sim.duplicates()}\n`);
    else if (cmd === "when") {
      const target = Number(arg);
      const check = () => (sim.submitted() >= target ? process.stdout.write(`${Date.now()}\n`) : setTimeout(check, 1));
      check();
    }
  });
  rl.on("close", () => void sim.close().then(() => process.exit(0)));
}
