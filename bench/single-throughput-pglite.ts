// B13 on the embedded default: `npm start` without DATABASE_URL, i.e. PGlite, the inline worker
// and the bundled SMSC simulator (delivery delay 0) in the one server process, on a fresh data
// folder. The same load as B13 on PostgreSQL; no second process may open the embedded database,
// so completion is read through the API (POST /api/sms/tracking): polled until no part is Queued
// or Sent, then the latest status date of the round's parts is its last final. Optionally the
// same rounds against another checkout (B13_BASELINE=/path/to/an/earlier/checkout with its own
// production build), alternating with this one, for a before/after in one run.
import { gitIn } from "./support/checkout.ts";
import { type LoadWindow, windowReport } from "./support/cpu-profile.ts";
import { runLoad, type LoadResult } from "./support/http-load.ts";
import { smsBody, startSwitchboard, type Switchboard } from "./support/switchboard.ts";
import { CpuMeter, groupMembers } from "./support/procs.ts";
import { int, ms, sleep } from "./support/stats.ts";
import type { BenchContext } from "./support/types.ts";

export interface EmbeddedRound {
  load: LoadResult;
  /** From the first POST to the last part final (its status date, the server's clock on this machine). */
  completedMs: number;
  /** CPU seconds of the server process (API, worker, PGlite, simulator) from the first POST to the last final. */
  serverCpu: number;
}

export interface EmbeddedTarget {
  label: string;
  rounds: EmbeddedRound[];
}

interface Page {
  totalElements: number;
  last: boolean;
  content: { status: { status: string; date: string } }[];
}

async function search(sb: Switchboard, since: Date, filters: object[], page: number, size: number): Promise<Page> {
  const q = new URLSearchParams({ dateStart: since.toISOString(), dateEnd: new Date(Date.now() + 60_000).toISOString(), page: String(page), size: String(size) });
  const res = await fetch(`${sb.baseUrl}/api/sms/tracking?${q}`, {
    method: "POST",
    headers: { authorization: `Bearer ${sb.token}`, "content-type": "application/json" },
    body: JSON.stringify(filters),
  });
  if (!res.ok) throw new Error(`tracking search: ${res.status} ${await res.text()}`);
  return (await res.json()) as Page;
}

/** Waits until no part created since `since` is Queued or Sent. */
async function allFinal(sb: Switchboard, since: Date, timeoutMs = 300_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    const open =
      (await search(sb, since, [{ fieldName: "status", searchTerm: "Queued" }], 0, 1)).totalElements + (await search(sb, since, [{ fieldName: "status", searchTerm: "Sent" }], 0, 1)).totalElements;
    if (open === 0) return;
    if (Date.now() - started > timeoutMs) throw new Error(`${open} parts still not final after ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** The latest status date of the parts created since `since` (ms since the epoch). */
async function lastFinal(sb: Switchboard, since: Date): Promise<number> {
  let latest = 0;
  for (let page = 0; ; page++) {
    const p = await search(sb, since, [], page, 2000);
    for (const r of p.content) latest = Math.max(latest, Date.parse(r.status.date));
    if (p.last || p.content.length === 0) return latest;
  }
}

function describeRoot(root: string): string {
  try {
    return gitIn(root, "log", "-1", "--format=%h", "HEAD") || root;
  } catch {
    return root;
  }
}

export async function embeddedRounds(ctx: BenchContext, o: { connections: number; rounds: number; durationMs: number }): Promise<EmbeddedTarget[]> {
  const baseline = process.env.B13_BASELINE;
  const roots = [...(baseline ? [{ label: `before (${describeRoot(baseline)})`, root: baseline }] : []), { label: "this checkout", root: undefined }];
  const servers: { label: string; sb: Switchboard; profDir?: string; window: LoadWindow; meter: CpuMeter; rounds: EmbeddedRound[] }[] = [];
  for (const [i, r] of roots.entries()) {
    ctx.log(`B13 PGlite: starting the embedded server (${r.label})`);
    // --profile: a V8 CPU profile of each embedded server, summarised when it stops.
    const profDir = ctx.profile ? ctx.tmpDir("b13-pglite-prof-") : undefined;
    const nodeArgs = profDir ? ["--cpu-prof", `--cpu-prof-dir=${profDir}`] : undefined;
    const sb = await startSwitchboard(ctx, { database: `b13_pglite_${i}`, embedded: true, root: r.root, simDeliveryDelayMs: 0, nodeArgs });
    servers.push({ label: r.label, sb, profDir, window: { start: 0, end: 0, exit: 0 }, meter: new CpuMeter({ server: () => groupMembers(sb.proc.pid) }), rounds: [] });
  }
  const one = async (s: (typeof servers)[number], durationMs: number): Promise<EmbeddedRound> => {
    const t0 = new Date();
    s.meter.snapshot();
    const load = await runLoad({
      url: `${s.sb.baseUrl}/api/sms`,
      connections: o.connections,
      durationMs,
      headers: { "content-type": "application/json", authorization: `Bearer ${s.sb.token}` },
      body: smsBody,
    });
    if (load.errors > load.requests * 0.01) throw new Error(`B13 PGlite: ${load.errors} of ${load.requests} requests failed (${JSON.stringify(load.statuses)}); first: ${load.firstError}`);
    const since = new Date(t0.getTime() - 1000);
    await allFinal(s.sb, since);
    // CPU to the moment the round was seen finished (the searches that found it included).
    const wall = (Date.now() - t0.getTime()) / 1000;
    const serverCpu = s.meter.delta().server! * wall;
    const last = await lastFinal(s.sb, since);
    return { load, completedMs: last - t0.getTime(), serverCpu };
  };
  for (const s of servers) {
    ctx.log(`B13 PGlite (${s.label}): warm-up`);
    await one(s, ctx.quick ? 1500 : 3000);
  }
  for (let r = 1; r <= o.rounds; r++)
    for (const s of servers) {
      const started = performance.now();
      const round = await one(s, o.durationMs);
      // The profile's window: each server's measured rounds (with two servers, the other's rounds between them too).
      if (r === 1) s.window.start = started;
      s.window.end = performance.now();
      s.rounds.push(round);
      ctx.log(
        `B13 PGlite (${s.label}) round ${r}: accepted ${int(round.load.rps)} msg/s (${int(round.load.ok)} messages), ` +
          `completed ${int((round.load.ok / round.completedMs) * 1000)} msg/s (last final ${ms(round.completedMs)} after the first POST), ` +
          `server ${ms((round.serverCpu * 1000) / round.load.ok)} CPU per message`,
      );
    }
  for (const s of servers) {
    await s.sb.proc.stop();
    s.window.exit = performance.now();
    if (s.profDir) {
      const messages = s.rounds.reduce((n, r) => n + r.load.ok, 0);
      ctx.log(`B13 PGlite (${s.label}): CPU profile of the server's measured rounds (polls for completion included):\n${windowReport(s.profDir, s.window, messages)}`);
    }
  }
  return servers.map((s) => ({ label: s.label, rounds: s.rounds }));
}
