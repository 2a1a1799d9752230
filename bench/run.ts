// npm run bench [-- --only B1,B6] [--quick] [--profile]
//
// Runs every benchmark in one go, each against its anchor measured in the same run (alternating
// rounds, medians), on a PostgreSQL server started here for the run, and prints one Markdown
// table. Everything listens on 127.0.0.1; every process started and the PostgreSQL server are
// stopped at the end, also on failure or Ctrl-C.
//
//   --only B1,B7   run only these (ids as in the table)
//   --quick        one short round each: to try the harness, not for the record
//   --no-wait      start at once even when other processes keep the machine busy (by default
//                  the runner waits up to 2 minutes for it to quiet down)
//   --profile      also profile the server where a benchmark supports it (B1: CPU profile and a
//                  statement trace of POST /api/sms); adds about a minute
//   --against REV  side by side with an earlier commit (e.g. HEAD~1, origin/main): each benchmark
//                  is run by that commit's runner on its own build and by this one's, back to back,
//                  and a second table compares them row by row (support/side-by-side.ts); the
//                  run fails when a figure is worse than --floor (0.95) of before
//   --baseline DIR the same with an earlier checkout that has its own node_modules and build
//   --timeout-min N  with those: a side still running after N minutes (30) is stopped, counted failed
//   --repeat N     with those: N pairs of runs per benchmark, each row compared by each side's median over them
//
// Adding a benchmark: a file under bench/ exporting `benchmark: Benchmark` (support/types.ts),
// and one line in `benchmarks` below.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { freePort, startCluster, type Cluster } from "../tests/support/pg-cluster.ts";
import type { Benchmark, BenchContext, Row } from "./support/types.ts";
import { ensureBuilt } from "./support/switchboard.ts";
import { buildAge, gitIn } from "./support/checkout.ts";
import { untilQuiet } from "./support/procs.ts";
import { checkoutOf, sideBySide, sideBySideTable } from "./support/side-by-side.ts";

const benchmarks: Array<() => Promise<{ benchmark: Benchmark }>> = [
  () => import("./sms-throughput.ts"), // B1
  () => import("./delivery-latency.ts"), // B1b
  () => import("./campaign-throughput.ts"), // B2
  () => import("./tracking-search.ts"), // B4
  () => import("./job-throughput.ts"), // B3
  () => import("./callback-delivery.ts"), // B5
  () => import("./body-analysis.ts"), // B6
  () => import("./smpp-throughput.ts"), // B7
  () => import("./scale-out.ts"), // B8
  () => import("./single-throughput.ts"), // B13
  () => import("./webhook-center.ts"), // B11
  () => import("./short-links.ts"), // B12
  () => import("./sign-in-flood.ts"), // B9
  () => import("./retention.ts"), // B10
];

const { values } = parseArgs({
  options: {
    only: { type: "string" },
    quick: { type: "boolean", default: false },
    profile: { type: "boolean", default: false },
    "no-wait": { type: "boolean", default: false },
    against: { type: "string" },
    baseline: { type: "string" },
    floor: { type: "string", default: "0.95" },
    "timeout-min": { type: "string", default: "30" },
    repeat: { type: "string", default: "1" },
  },
});
const only = values.only ? new Set(values.only.split(",").map((s) => s.trim().toUpperCase())) : null;

const log = (m: string) => process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${m}\n`);

function machine(): string {
  const cpuinfo = fs.readFileSync("/proc/cpuinfo", "utf8");
  const model = /^model name\s*:\s*(.*)$/m.exec(cpuinfo)?.[1]?.trim() ?? os.cpus()[0]?.model ?? "unknown";
  const mhz = /^cpu MHz\s*:\s*(.*)$/m.exec(cpuinfo)?.[1]?.trim();
  const pgVersion = fs.existsSync("/usr/lib/postgresql") ? fs.readdirSync("/usr/lib/postgresql").sort().at(-1) : "?";
  return [
    `Machine: ${os.cpus().length} cores (${os.availableParallelism()} available), ${model}${mhz ? ` @ ${Math.round(Number(mhz))} MHz` : ""}, ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, ${os.type()} ${os.release()}`,
    `Node ${process.version}, PostgreSQL ${pgVersion} (bench cluster: fsync off, synchronous_commit off), ${new Date().toISOString()}`,
  ].join("\n");
}

/** Which code is measured: the commit, uncommitted changes, and when its build was made. */
function codeVersion(): string {
  const root = path.resolve(import.meta.dirname, "..");
  const git = (...args: string[]) => {
    try {
      return gitIn(root, ...args);
    } catch {
      return "";
    }
  };
  const head = git("log", "-1", "--format=%h %s");
  const dirty = git("status", "--porcelain", "--", "app", "lib", "components", "next.config.mjs", "prisma").split("\n").filter(Boolean).length;
  const { built } = buildAge(root);
  return `Code: ${head || "(not a git checkout)"}${dirty ? ` + ${dirty} uncommitted change(s) in app/lib/components/prisma` : ""}; ${built ? `production build of ${new Date(built).toISOString()}` : "no build yet"}`;
}

const cleanups: Array<() => unknown> = [];
const tmpDirs: string[] = [];
let cluster: Cluster | null = null;
let cleaning: Promise<void> | null = null;

function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    while (cleanups.length) {
      const step = cleanups.pop()!;
      try {
        await step();
      } catch (err) {
        log(`clean-up step failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    try {
      cluster?.stop();
    } catch (err) {
      log(`stopping PostgreSQL failed: ${String(err)}`);
    }
    for (const d of tmpDirs) fs.rmSync(d, { recursive: true, force: true });
  })();
  return cleaning;
}

for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => {
    log(`${signal}: stopping everything…`);
    void cleanUp().then(() => process.exit(130));
  });

async function main(): Promise<number> {
  const header = machine();
  process.stdout.write(`${header}\n\n`);
  const selected: Benchmark[] = [];
  for (const load of benchmarks) {
    const { benchmark } = await load();
    if (!only || only.has(benchmark.id.toUpperCase())) selected.push(benchmark);
  }
  if (selected.length === 0) throw new Error(`no benchmark matches --only ${values.only}`);

  if (values.against || values.baseline) return besideEarlier(header, selected);
  if (selected.some((b) => b.needsBuild !== false)) await ensureBuilt(log);
  const code = codeVersion();
  log(code);
  const quiet = await waitForQuiet();
  log("starting PostgreSQL…");
  cluster = await startCluster();
  const c = cluster;
  const details: string[] = [];
  const ctx: BenchContext = {
    pgUrl: c.url,
    pgDataDir: path.join(c.dir, "data"),
    pgLogFile: path.join(c.dir, "log"),
    async createDatabase(name) {
      if (!/^\w+$/.test(name)) throw new Error(`bad database name ${name}`);
      const admin = new pg.Client({ connectionString: c.url });
      await admin.connect();
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      return c.url.replace(/\/[^/]*$/, `/${name}`);
    },
    freePort,
    tmpDir(prefix) {
      const d = fs.mkdtempSync(path.join(os.tmpdir(), `switchboard-bench-${prefix}`));
      tmpDirs.push(d);
      return d;
    },
    defer: (step) => void cleanups.push(step),
    log,
    detail: (md) => void details.push(md),
    quick: values.quick ?? false,
    profile: values.profile ?? false,
    shared: new Map(),
  };

  const rows: Row[] = [];
  let failed = 0;
  const started = performance.now();
  for (const b of selected) {
    log(`${b.id}: ${b.title}`);
    const t0 = performance.now();
    try {
      rows.push(...(await b.run(ctx)));
    } catch (err) {
      failed++;
      log(`${b.id} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      rows.push({ name: `${b.id} ${b.title}`, ours: "failed", anchor: "—", ratio: "—", goal: "—", met: false });
    }
    log(`${b.id} took ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  await cleanUp();

  if (details.length) process.stdout.write(`${details.join("\n\n")}\n\n`);
  process.stdout.write(`### Results${values.quick ? " (--quick: not for the record)" : ""}\n\n${header}\n${code}\n${quiet}\n\n`);
  process.stdout.write("| # | ours | anchor, same run | ratio | goal |\n|---|---:|---:|---:|---|\n");
  for (const r of rows) process.stdout.write(`| ${r.name} | ${r.ours} | ${r.anchor} | ${r.ratio} | ${r.goal}${r.met === undefined ? "" : r.met ? " ✓" : " ✗"} |\n`);
  process.stdout.write(`\nWhole run: ${((performance.now() - started) / 1000).toFixed(0)} s.\n`);
  return failed ? 1 : 0;
}

/** The figures mean little while something else keeps the cores busy: wait (a while) for quiet. */
async function waitForQuiet(): Promise<string> {
  const busy = await untilQuiet({
    below: 0.3,
    maxMs: values["no-wait"] ? 0 : 120_000,
    sampleMs: 10_000,
    onBusy: (b) => log(`the machine is busy (${b.toFixed(2)} cores used by other processes); waiting for it to quiet down…`),
  });
  const quiet = `Other processes before the run: ${busy.toFixed(2)} cores busy${busy > 0.3 ? " (the machine was NOT quiet: figures are disturbed)" : ""}.`;
  log(quiet);
  return quiet;
}

/** --against / --baseline: every selected benchmark by the earlier checkout and by this one, back to back. */
async function besideEarlier(header: string, selected: Benchmark[]): Promise<number> {
  const floor = Number(values.floor);
  if (!(floor > 0 && floor <= 1)) throw new Error(`--floor must be in (0, 1], not ${values.floor}`);
  const baseline = values.baseline ? path.resolve(values.baseline) : checkoutOf(values.against!, log);
  if (!fs.existsSync(path.join(baseline, "bench", "run.ts"))) throw new Error(`${baseline} is not a Switchboard checkout with bench/run.ts`);
  if (!fs.existsSync(path.join(baseline, ".next", "BUILD_ID"))) throw new Error(`${baseline} has no production build (run next build there)`);
  await ensureBuilt(log); // this side is the code it names: a build older than the sources is redone
  const code = codeVersion();
  const before = gitIn(baseline, "log", "-1", "--format=%h %s");
  log(`now: ${code}`);
  log(`before: ${before} (${baseline})`);
  const quiet = await waitForQuiet();
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "switchboard-bench-sides-"));
  const started = performance.now();
  const { rows, failedRuns } = await sideBySide({
    ids: selected.map((b) => b.id),
    baseline,
    quick: values.quick ?? false,
    repeat: Math.max(1, Math.floor(Number(values.repeat)) || 1),
    timeoutMs: Number(values["timeout-min"]) * 60_000,
    floor,
    logDir,
    log,
    defer: (step) => void cleanups.push(step),
  });
  const worse = rows.filter((r) => r.score !== null && r.score < floor);
  process.stdout.write(`### Side by side${values.quick ? " (--quick: not for the record)" : ""}\n\n${header}\nNow: ${code}\nBefore: ${before}\n${quiet}\n`);
  process.stdout.write(`Each benchmark's own output: ${logDir}\n\n${sideBySideTable(rows, floor)}\n\n`);
  for (const f of failedRuns) process.stdout.write(`- failed: ${f}\n`);
  process.stdout.write(
    `${worse.length ? `${worse.length} row(s) worse than ${floor} of before: ${worse.map((r) => r.name.split(" ")[0]).join(", ")}` : `No row worse than ${floor} of before.`}\n` +
      `\nWhole run: ${((performance.now() - started) / 1000).toFixed(0)} s.\n`,
  );
  return worse.length || failedRuns.length ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  log(err instanceof Error ? (err.stack ?? err.message) : String(err));
} finally {
  await cleanUp();
}
process.exit(code);
