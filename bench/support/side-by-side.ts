// npm run bench -- --against REV | --baseline DIR: this checkout beside an earlier one.
//
// Each selected benchmark runs twice, back to back: once by the earlier checkout's own runner on
// its own build, once by this checkout's (each a `bench/run.ts --only ID` process with its own
// PostgreSQL server), the order alternating from one benchmark to the next so a drift of the
// machine weighs on both sides alike. Every row is then compared by its ratio to the anchor
// measured in the same process (that ratio is what cancels the machine's noise); a row without a
// ratio by its own figure. A row is a regression when it is worse than `floor` (0.95) of before,
// in the direction its goal gives (≥: higher is better; ≤ and <: lower is better).
//
// --against REV makes the earlier checkout itself: a detached git worktree under .bench-baselines/
// (node_modules hard-linked from this checkout when package.json and the lock file are the same,
// else `npm install`), `prisma generate` and `next build` there; kept for the next run.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startProcess } from "./procs.ts";
import { projectRoot } from "./switchboard.ts";
import { gitIn } from "./checkout.ts";

export interface TableRow {
  name: string;
  ours: string;
  anchor: string;
  ratio: string;
  goal: string;
}

/** The rows of the results table a runner printed (the table after its last "### Results"). */
export function parseResults(output: string): TableRow[] {
  const at = output.lastIndexOf("### Results");
  if (at < 0) return [];
  const rows: TableRow[] = [];
  for (const line of output.slice(at).split("\n")) {
    if (!line.startsWith("| B")) continue;
    const cells = line
      .slice(1, line.endsWith("|") ? -1 : undefined)
      .split(" | ")
      .map((c) => c.trim());
    if (cells.length < 5) continue;
    const [name, ours, anchor, ratio, ...goal] = cells as [string, string, string, string, ...string[]];
    rows.push({ name, ours, anchor, ratio, goal: goal.join(" | ") });
  }
  return rows;
}

/** A number as the tables print it (thousands separated by commas); its decimals are group 1. */
const NUMBER = /-?\d[\d,]*(?:\.(\d+))?/;

/** The first number of a cell ("1,234", "0.93", "256×", "33 / 50 ms"), or null. */
export function firstNumber(cell: string): number | null {
  const m = NUMBER.exec(cell);
  if (!m) return null;
  const n = Number(m[0].replace(/,/g, ""));
  return Number.isFinite(n) ? n : null;
}

/**
 * A row's ratio to its anchor, to more places than the table prints it when its figure and anchor
 * give it back (ours ÷ anchor or anchor ÷ ours, within the printed ratio's rounding): B1 against
 * the bare server prints 0.09 and 0.08, which compare as 0.89 when the figures say 1.02.
 */
export function preciseRatio(row: TableRow): number | null {
  const r = firstNumber(row.ratio);
  if (r === null) return null;
  const halfUnit = 0.5 * 10 ** -(NUMBER.exec(row.ratio)![1]?.length ?? 0);
  const [ours, anchor] = [firstNumber(row.ours), firstNumber(row.anchor)];
  if (ours === null || anchor === null || ours <= 0 || anchor <= 0) return r;
  return [ours / anchor, anchor / ours].find((x) => Math.abs(x - r) <= halfUnit + 1e-9) ?? r;
}

/** Which way a row improves: from its goal's sign, else from its figure's unit (times are lower-better). */
export function direction(row: TableRow): "higher" | "lower" {
  if (/^\s*(≤|<)/.test(row.goal)) return "lower";
  if (/^\s*(≥|>)/.test(row.goal)) return "higher";
  return /\d\s*(ms|s)\b/.test(row.ours) && !/\/s\b/.test(row.ours) ? "lower" : "higher";
}

export interface Comparison {
  name: string;
  before: string;
  now: string;
  /** now ÷ before, turned so that above 1 is better; null when the two cannot be compared. */
  score: number | null;
  /** ratio: by the ratios to the anchors; figure: by the figures, each over its run's machine (see compareRows). */
  by: "ratio" | "figure" | "—";
  /** With --repeat: each pair's score; `score` is then the median of the "now" values over the median of the "before" ones. */
  pairs?: Array<number | null>;
  /** The two values compared (ratios or figures), and which way is better. */
  values?: { before: number; now: number; higher: boolean };
}

const median = (xs: readonly number[]): number => {
  const v = [...xs].sort((x, y) => x - y);
  const mid = v.length >> 1;
  return v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
};

/**
 * Pairs of runs of one benchmark, row by row: the median of each side's values over the pairs,
 * compared as one pair is (a pair that could not compare the row is left out); each pair's own
 * score is kept for the table.
 */
export function pairedRows(pairs: readonly Comparison[][]): Comparison[] {
  if (pairs.length === 1) return [...pairs[0]!];
  const longest = pairs.reduce((a, b) => (b.length > a.length ? b : a), []);
  return longest.map((row, i) => {
    const scores = pairs.map((p) => p[i]?.score ?? null);
    const values = pairs.flatMap((p) => p[i]?.values ?? []);
    const first = pairs.map((p) => p[i]).find((c) => c && c.score !== null) ?? row;
    // Each side's median over the pairs, then their ratio: a pair's score divides two noisy runs
    // (each side's anchor moves on its own; B2's bare pump by ±15 % from run to run), so the
    // median of the pairs' scores swings further than the sides it compares.
    if (!values.length) return { ...first, score: null, pairs: scores };
    const [b, n] = [median(values.map((v) => v.before)), median(values.map((v) => v.now))];
    return { ...first, score: values[0]!.higher ? n / b : b / n, pairs: scores };
  });
}

/**
 * How far the benchmark's anchors moved from the "before" run to the "now" run (a time anchor that
 * took 1.5 times as long, a rate anchor that got two thirds as far: 1.5), the median of its rows;
 * 1 when it measured none. Shown beside a figure compared without an anchor: such a figure moved
 * with the machine too. Not used to correct it, since some anchors are our own code in another
 * setting (B13's accepted rate, B1c's B1), which moves with the code.
 */
export function machineFactor(before: TableRow[], now: TableRow[]): number {
  const factors: number[] = [];
  for (let i = 0; i < Math.min(before.length, now.length); i++) {
    const [ab, an] = [firstNumber(before[i]!.anchor), firstNumber(now[i]!.anchor)];
    if (ab === null || an === null || ab <= 0 || an <= 0) continue;
    factors.push(direction(now[i]!) === "lower" ? an / ab : ab / an);
  }
  return factors.length ? median(factors) : 1;
}

/**
 * Compares rows of one benchmark by position (the same benchmark prints its rows in the same
 * order): by their ratios to the anchors of their own runs where both have one, otherwise by their
 * figures, with how far the benchmark's anchors moved between the two runs beside them (machineFactor).
 */
export function compareRows(before: TableRow[], now: TableRow[]): Comparison[] {
  const out: Comparison[] = [];
  const slower = machineFactor(before, now);
  for (let i = 0; i < Math.max(before.length, now.length); i++) {
    const b = before[i];
    const n = now[i];
    const row = n ?? b!;
    if (!b || !n || b.ours === "failed" || n.ours === "failed") {
      out.push({ name: row.name, before: b ? cellOf(b) : "— (no such row)", now: n ? cellOf(n) : "— (no such row)", score: null, by: "—" });
      continue;
    }
    const higher = direction(n) === "higher";
    const [rb, rn] = [preciseRatio(b), preciseRatio(n)];
    const useRatio = rb !== null && rn !== null && rb > 0 && rn > 0;
    const [vb, vn] = useRatio ? [rb, rn] : [firstNumber(b.ours), firstNumber(n.ours)];
    const score = vb !== null && vn !== null && vb > 0 && vn > 0 ? (higher ? vn / vb : vb / vn) : null;
    const machine = !useRatio && score !== null && Math.abs(slower - 1) >= 0.05 ? ` (anchors ×${slower.toFixed(2)})` : "";
    out.push({
      name: n.name,
      before: cellOf(b),
      now: `${cellOf(n)}${machine}`,
      score,
      by: score === null ? "—" : useRatio ? "ratio" : "figure",
      ...(score === null ? {} : { values: { before: vb!, now: vn!, higher } }),
    });
  }
  return out;
}

const cellOf = (r: TableRow) => (firstNumber(r.ratio) !== null ? `${r.ours} (ratio ${r.ratio})` : r.ours);

/** The earlier checkout for --against REV: made once under .bench-baselines/<commit>, built, kept. */
export function checkoutOf(rev: string, log: (m: string) => void): string {
  const sha = gitIn(projectRoot, "rev-parse", "--verify", `${rev}^{commit}`);
  const dir = path.join(projectRoot, ".bench-baselines", sha.slice(0, 12));
  if (!fs.existsSync(path.join(dir, ".git"))) {
    log(`making a checkout of ${rev} (${sha.slice(0, 12)}) in ${path.relative(projectRoot, dir)}…`);
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    gitIn(projectRoot, "worktree", "add", "--detach", "--force", dir, sha);
  }
  if (!fs.existsSync(path.join(dir, "node_modules"))) {
    const same = (f: string) => fs.existsSync(path.join(dir, f)) && fs.readFileSync(path.join(dir, f)).equals(fs.readFileSync(path.join(projectRoot, f)));
    if (same("package.json") && same("package-lock.json")) {
      log("its dependencies are this checkout's: hard-linking node_modules…");
      execFileSync("cp", ["-al", path.join(projectRoot, "node_modules"), path.join(dir, "node_modules")]);
    } else {
      log("its dependencies differ: npm install there…");
      execFileSync("npm", ["install", "--no-audit", "--no-fund"], { cwd: dir, stdio: ["ignore", 2, 2] });
    }
  }
  if (!fs.existsSync(path.join(dir, ".next", "BUILD_ID"))) {
    log("building it (prisma generate, next build)…");
    const bin = (b: string) => path.join(dir, "node_modules", ".bin", b);
    execFileSync(bin("prisma"), ["generate"], { cwd: dir, stdio: ["ignore", 2, 2] });
    execFileSync(bin("next"), ["build"], { cwd: dir, stdio: ["ignore", 2, 2], env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  }
  return dir;
}

export interface SideBySideOptions {
  ids: string[];
  baseline: string;
  quick: boolean;
  /** Pairs of runs per benchmark (before and now each time, the order alternating); rows compare each side's median (pairedRows). */
  repeat: number;
  /** Per benchmark and side; a side that takes longer is stopped and counted as failed. */
  timeoutMs: number;
  floor: number;
  logDir: string;
  log(m: string): void;
  /** Registers a clean-up step (the runner's defer): each side's process is stopped on Ctrl-C too. */
  defer(step: () => unknown): void;
}

export interface SideBySideResult {
  rows: Comparison[];
  failedRuns: string[];
}

/** A side's output: ID-before.log, ID-now.log for the first pair; ID-before-2.log … for the next ones. */
const logName = (id: string, side: string, pair: number) => `${id}-${side}${pair > 1 ? `-${pair}` : ""}.log`;

export async function sideBySide(o: SideBySideOptions): Promise<SideBySideResult> {
  const rows: Comparison[] = [];
  const failedRuns: string[] = [];
  let turn = 0;
  for (const id of o.ids) {
    const pairs: Comparison[][] = [];
    for (let r = 1; r <= o.repeat; r++) {
      const sides = [
        { label: "before", root: o.baseline },
        { label: "now", root: projectRoot },
      ];
      if (turn++ % 2 === 1) sides.reverse();
      const results: Record<string, TableRow[]> = {};
      for (const side of sides) {
        const logFile = path.join(o.logDir, logName(id, side.label, r));
        o.log(`${id} ${side.label}${o.repeat > 1 ? ` (pair ${r} of ${o.repeat})` : ""}: ${side.root} (output in ${logFile})`);
        const t0 = performance.now();
        const args = [path.join(side.root, "bench", "run.ts"), "--only", id, "--no-wait", ...(o.quick ? ["--quick"] : [])];
        const p = startProcess(`bench ${id} ${side.label}`, path.join(side.root, "node_modules", ".bin", "tsx"), args, { cwd: side.root, env: process.env, logFile });
        o.defer(() => p.stop(120_000));
        const code = await Promise.race([p.exited, new Promise<"timeout">((res) => setTimeout(() => res("timeout"), o.timeoutMs).unref())]);
        // A side's runner stops what it started (its servers in their own process groups, its
        // PostgreSQL) when it gets SIGTERM: it is given the time to, or those keep the cores busy
        // through the benchmarks after it (a server of B4's stopped half-way did, at 18:16 on 2026-11-26).
        if (code === "timeout") await p.stop(120_000);
        await p.stop(); // and any process of its group left behind
        results[side.label] = parseResults(fs.readFileSync(logFile, "utf8"));
        if (code !== 0) failedRuns.push(`${id} ${side.label}: ${code === "timeout" ? `stopped after ${o.timeoutMs / 60_000} min` : `exit ${code}`} (see ${logFile})`);
        o.log(`${id} ${side.label} took ${((performance.now() - t0) / 1000).toFixed(0)} s${code === 0 ? "" : ` (${code === "timeout" ? "timed out" : `exit ${code}`})`}`);
      }
      pairs.push(compareRows(results.before ?? [], results.now ?? []));
    }
    rows.push(...pairedRows(pairs));
  }
  return { rows, failedRuns };
}

export function sideBySideTable(rows: Comparison[], floor: number): string {
  const lines = [`| # | before | now | now ÷ before (better > 1) | ≥ ${floor} |`, "|---|---:|---:|---:|---|"];
  for (const r of rows) {
    const pairs = r.pairs ? `; pairs ${r.pairs.map((x) => (x === null ? "—" : x.toFixed(2))).join(", ")}` : "";
    lines.push(`| ${r.name} | ${r.before} | ${r.now} | ${r.score === null ? "—" : `${r.score.toFixed(2)} (${r.by}${pairs})`} | ${r.score === null ? "—" : r.score >= floor ? "✓" : "✗"} |`);
  }
  return lines.join("\n");
}

/** The comparison of a finished run again, from its folder (each side's logs, in the runner's order). */
export function compareFolder(dir: string, ids: readonly string[]): Comparison[] {
  const read = (id: string, side: string, pair: number) => {
    const f = path.join(dir, logName(id, side, pair));
    return fs.existsSync(f) ? parseResults(fs.readFileSync(f, "utf8")) : null;
  };
  return ids.flatMap((id) => {
    const pairs: Comparison[][] = [];
    for (let r = 1; read(id, "before", r) || read(id, "now", r); r++) pairs.push(compareRows(read(id, "before", r) ?? [], read(id, "now", r) ?? []));
    return pairs.length ? pairedRows(pairs) : [];
  });
}

// tsx bench/support/side-by-side.ts FOLDER [ID,ID…]: the table of a finished (or stopped) run again.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const dir = process.argv[2]!;
  const ids =
    process.argv[3]?.split(",") ?? [...new Set(fs.readdirSync(dir).flatMap((f) => /^(B\w+)-(before|now)(-\d+)?\.log$/.exec(f)?.[1] ?? []))].sort((x, y) => x.localeCompare(y, "en", { numeric: true }));
  console.log(sideBySideTable(compareFolder(dir, ids), 0.95));
}
