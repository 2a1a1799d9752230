// B9: POST /api/sms throughput while a flood of wrong dashboard sign-ins (50 attempts per second,
// random emails, from one client) hits the same server, against the same load without the flood,
// alternating round by round. Without limits each attempt hashed a password on the thread that
// serves the API; now an address waits after 20 failures (no hash at all while it waits), and
// hashing runs on the thread pool. Goal: at least 0.8 of the throughput without the flood.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Benchmark, BenchContext, Row } from "./support/types.ts";
import { runLoad } from "./support/http-load.ts";
import { startSwitchboard, smsBody } from "./support/switchboard.ts";
import { drain } from "./sms-throughput.ts";
import { fixed, int, median } from "./support/stats.ts";
import { CpuMeter, groupMembers, postgresPids } from "./support/procs.ts";

const CONNECTIONS = 32;
const FLOOD_PER_SECOND = 50;
const GOAL = 0.8;

/** Sends wrong sign-ins at a fixed rate until stopped; counts the answers by status. */
function startFlood(baseUrl: string, csrf: { token: string; cookie: string }) {
  const statuses: Record<string, number> = {};
  let n = 0;
  const timer = setInterval(() => {
    const body = new URLSearchParams({ email: `guess-${n++}@example.com`, password: "a wrong guess", csrfToken: csrf.token, json: "true", callbackUrl: `${baseUrl}/` });
    fetch(`${baseUrl}/api/auth/callback/credentials`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrf.cookie }, body, redirect: "manual" })
      .then((r) => {
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        return r.arrayBuffer();
      })
      .catch(() => {
        statuses.error = (statuses.error ?? 0) + 1;
      });
  }, 1000 / FLOOD_PER_SECOND);
  return { stop: () => clearInterval(timer), statuses };
}

async function csrfOf(baseUrl: string): Promise<{ token: string; cookie: string }> {
  const res = await fetch(`${baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { token: csrfToken, cookie };
}

async function run(ctx: BenchContext): Promise<Row[]> {
  const rounds = ctx.quick ? 1 : 3;
  const durationMs = ctx.quick ? 3000 : 8000;
  ctx.log("B9: starting the server…");
  // --profile: a CPU profile of the server, written when it stops (where a flood request's time goes).
  const profileDir = ctx.profile ? fs.mkdtempSync(path.join(os.tmpdir(), "b9-profile-")) : null;
  const sb = await startSwitchboard(ctx, { database: "bench_sign_in_flood", simDeliveryDelayMs: 1500, ...(profileDir ? { nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] } : {}) });
  if (profileDir) ctx.defer(() => ctx.log(`B9: the server's CPU profile is in ${profileDir}`));
  const headers = { "content-type": "application/json", authorization: `Bearer ${sb.token}` };
  const csrf = await csrfOf(sb.baseUrl);
  const load = () => runLoad({ url: `${sb.baseUrl}/api/sms`, connections: CONNECTIONS, durationMs, headers, body: smsBody });
  await runLoad({ url: `${sb.baseUrl}/api/sms`, connections: CONNECTIONS, durationMs: 1500, headers, body: smsBody });
  await drain(sb.databaseUrl);

  const quiet: number[] = [];
  const flooded: number[] = [];
  // Where the flood's cost lands: the server (its event loop and its hashing threads), PostgreSQL,
  // this process (the load and the flood's client).
  const meter = new CpuMeter({ server: () => groupMembers(sb.proc.pid), postgres: () => postgresPids(ctx.pgDataDir) });
  const cores: Record<"with" | "without", string[]> = { with: [], without: [] };
  const fmt = (c: Record<string, number>) => ["server", "postgres", "load generator", "other processes"].map((k) => fixed(c[k] ?? 0)).join(" / ");
  // The flood alone on the idle server, past its first failures (which hash): the server's CPU
  // per flood request, most of them answered 429.
  const alone = startFlood(sb.baseUrl, csrf);
  await new Promise((r) => setTimeout(r, 3000));
  const aloneBefore = Object.values(alone.statuses).reduce((a, b) => a + b, 0);
  meter.snapshot();
  const aloneStart = performance.now();
  await new Promise((r) => setTimeout(r, durationMs));
  const aloneCores = meter.delta();
  const aloneAnswers = Object.values(alone.statuses).reduce((a, b) => a + b, 0) - aloneBefore;
  alone.stop();
  const perRequestMs = ((aloneCores.server ?? 0) * (performance.now() - aloneStart)) / Math.max(1, aloneAnswers);
  ctx.log(`B9 the flood alone: ${aloneAnswers} answers ${JSON.stringify(alone.statuses)}, server ${fixed(perRequestMs)} ms of CPU per request (cores ${fmt(aloneCores)})`);
  const floodStatuses: Record<string, number> = {};
  for (let r = 0; r < rounds; r++) {
    for (const withFlood of r % 2 === 0 ? [false, true] : [true, false]) {
      const flood = withFlood ? startFlood(sb.baseUrl, csrf) : null;
      meter.snapshot();
      const m = await load();
      cores[withFlood ? "with" : "without"].push(fmt(meter.delta()));
      flood?.stop();
      if (flood) for (const [k, v] of Object.entries(flood.statuses)) floodStatuses[k] = (floodStatuses[k] ?? 0) + v;
      (withFlood ? flooded : quiet).push(m.rps);
      ctx.log(`B9 round ${r + 1}/${rounds} ${withFlood ? "with" : "without"} the flood: ${int(m.rps)} req/s (cores ${cores[withFlood ? "with" : "without"].at(-1)})`);
      await drain(sb.databaseUrl);
    }
  }
  const ratio = median(flooded.map((f, i) => f / quiet[i]!));
  ctx.detail(
    [
      `### B9 — POST /api/sms during ${FLOOD_PER_SECOND} wrong sign-ins per second, ${CONNECTIONS} connections, ${durationMs / 1000} s per round, ${rounds} rounds`,
      "",
      `Without the flood ${quiet.map(int).join(", ")} req/s; with it ${flooded.map(int).join(", ")} req/s. The flood's answers: ${JSON.stringify(floodStatuses)} (429: waiting after repeated failures).`,
      "",
      `The flood alone on the idle server (after its first 3 s): ${aloneAnswers} answers, ${fixed(perRequestMs)} ms of the server's CPU per request.`,
      "",
      `Cores per round (server / postgres / load generator and flood / other processes): without ${cores.without.join("; ")}; with ${cores.with.join("; ")}.`,
    ].join("\n"),
  );
  return [{ name: "B9 POST /api/sms req/s during a sign-in flood (vs without)", ours: int(median(flooded)), anchor: int(median(quiet)), ratio: fixed(ratio), goal: `≥ ${GOAL}`, met: ratio >= GOAL }];
}

export const benchmark: Benchmark = { id: "B9", title: "POST /api/sms during a sign-in flood", run };
