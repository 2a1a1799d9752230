// Child processes of the bench: each started in its own process group with its output in a log
// file, stopped by its id (SIGTERM to the group, SIGKILL after a grace period), and CPU time
// read from /proc so a benchmark can say which process used the cores.
import { spawn } from "node:child_process";
import fs from "node:fs";
import { sleep } from "./stats.ts";

export interface Proc {
  pid: number;
  name: string;
  logFile: string;
  /** Resolves with the exit code (or signal name) when the process ends. */
  exited: Promise<number | string | null>;
  isRunning(): boolean;
  stop(graceMs?: number): Promise<void>;
  /** The last lines of its output, for error messages. */
  tail(lines?: number): string;
}

export function startProcess(name: string, cmd: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; logFile: string }): Proc {
  const out = fs.openSync(options.logFile, "a");
  const child = spawn(cmd, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", out, out], detached: true });
  fs.closeSync(out);
  if (child.pid === undefined) throw new Error(`could not start ${name} (${cmd})`);
  const pid = child.pid;
  let running = true;
  const exited = new Promise<number | string | null>((resolve) =>
    child.once("exit", (code, signal) => {
      running = false;
      resolve(code ?? signal);
    }),
  );
  child.once("error", () => (running = false));
  const signalGroup = (sig: NodeJS.Signals) => {
    try {
      process.kill(-pid, sig); // the group this child leads (detached), so its own children go too
    } catch {
      try {
        process.kill(pid, sig);
      } catch {
        /* gone */
      }
    }
  };
  return {
    pid,
    name,
    logFile: options.logFile,
    exited,
    isRunning: () => running,
    async stop(graceMs = 10_000) {
      if (running) {
        signalGroup("SIGTERM");
        const done = await Promise.race([exited.then(() => true), sleep(graceMs).then(() => false)]);
        if (!done) {
          signalGroup("SIGKILL");
          await Promise.race([exited, sleep(2000)]);
        }
      }
      // Leftovers of its group (a child that outlived it): only processes still in that group,
      // which can only be its descendants, each by its own pid.
      for (const member of groupMembers(pid))
        try {
          process.kill(member, "SIGKILL");
        } catch {
          /* gone */
        }
    },
    tail(lines = 30) {
      try {
        return fs.readFileSync(options.logFile, "utf8").split("\n").slice(-lines).join("\n");
      } catch {
        return "";
      }
    },
  };
}

/** Polls `url` until it answers with a status below 500, or throws after `timeoutMs`. */
export async function waitForHttp(url: string, timeoutMs: number, proc?: Proc): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "";
  while (Date.now() < deadline) {
    if (proc && !proc.isRunning()) throw new Error(`${proc.name} exited before answering ${url}:\n${proc.tail()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
      await res.arrayBuffer();
      if (res.status < 500) return;
      last = `status ${res.status}`;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms (${last})${proc ? `:\n${proc.tail()}` : ""}`);
}

// ---- CPU accounting from /proc ----------------------------------------------------------

const TICKS_PER_SECOND = 100; // USER_HZ; 100 on Linux for every architecture Node runs on

/** utime + stime of a process (all its threads), in seconds; NaN when it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" "); // fields from #3 (state) on
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND; // #14 utime, #15 stime
  } catch {
    return NaN;
  }
}

/** The pids whose process group is `pgid`. */
export function groupMembers(pgid: number): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" "); // #3 state, #4 ppid, #5 pgrp
      if (Number(fields[2]) === pgid) pids.push(Number(entry));
    } catch {
      /* exited meanwhile */
    }
  }
  return pids;
}

/** The pids whose parent is `ppid`. */
export function childrenOf(ppid: number): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[1]) === ppid) pids.push(Number(entry));
    } catch {
      /* exited meanwhile */
    }
  }
  return pids;
}

/** Busy and total CPU time of the whole machine, in seconds (from /proc/stat). */
export function machineCpu(): { busy: number; total: number } {
  const line = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!; // cpu user nice system idle iowait irq softirq steal …
  const v = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = v.reduce((a, b) => a + b, 0);
  const idle = v[3]! + v[4]!;
  return { busy: (total - idle) / TICKS_PER_SECOND, total: total / TICKS_PER_SECOND };
}

/** Cores busy on the whole machine over `ms` milliseconds. */
export async function machineBusy(msec: number): Promise<number> {
  const a = machineCpu();
  const t = performance.now();
  await sleep(msec);
  const b = machineCpu();
  return (b.busy - a.busy) / ((performance.now() - t) / 1000);
}

/**
 * Samples the machine (`sampleMs` at a time) until fewer than `below` cores are busy or `maxMs`
 * have passed; `onBusy` hears each busy sample but the last. The last sample's cores busy.
 */
export async function untilQuiet(o: { below: number; maxMs: number; sampleMs: number; onBusy?: (busy: number) => void }): Promise<number> {
  const started = performance.now();
  let busy = await machineBusy(Math.min(o.sampleMs, 2000));
  while (busy > o.below && performance.now() - started < o.maxMs) {
    o.onBusy?.(busy);
    busy = await machineBusy(o.sampleMs);
  }
  return busy;
}

/**
 * CPU used by groups of processes over an interval: snapshot(), then delta() gives cores used
 * per group (processes alive at the end; one started meanwhile counts with all its time, one
 * that ended meanwhile is missed — the bench's pools keep their connections open).
 */
export class CpuMeter {
  private start = new Map<string, Map<number, number>>();
  private startWall = 0;
  private startSelf = process.cpuUsage();
  private startMachine = machineCpu();
  constructor(private groups: Record<string, () => number[]>) {}

  snapshot(): void {
    this.startWall = performance.now();
    this.startSelf = process.cpuUsage();
    this.startMachine = machineCpu();
    for (const [group, pids] of Object.entries(this.groups)) this.start.set(group, new Map(pids().map((p) => [p, cpuSeconds(p)])));
  }

  /**
   * Cores used (CPU seconds ÷ wall seconds) per group, plus "load generator" (this process) and
   * "other processes" (the rest of the machine's busy time: whatever else runs on it).
   */
  delta(): Record<string, number> {
    const wall = (performance.now() - this.startWall) / 1000;
    const out: Record<string, number> = {};
    for (const [group, pids] of Object.entries(this.groups)) {
      const before = this.start.get(group) ?? new Map<number, number>();
      let sum = 0;
      for (const pid of pids()) {
        const b = before.get(pid) ?? 0; // a process started meanwhile (e.g. a new backend): all of its time
        const a = cpuSeconds(pid);
        if (Number.isFinite(a) && Number.isFinite(b)) sum += a - b;
      }
      out[group] = sum / wall;
    }
    const self = process.cpuUsage(this.startSelf);
    out["load generator"] = (self.user + self.system) / 1e6 / wall;
    const machine = (machineCpu().busy - this.startMachine.busy) / wall;
    const ours = Object.values(out).reduce((a, b) => a + b, 0);
    out["other processes"] = Math.max(0, machine - ours);
    return out;
  }
}

/** The postmaster's pid and its children (backends, background workers) for a data folder. */
export function postgresPids(dataDir: string): number[] {
  try {
    const postmaster = Number(fs.readFileSync(`${dataDir}/postmaster.pid`, "utf8").split("\n")[0]);
    return [postmaster, ...childrenOf(postmaster)];
  } catch {
    return [];
  }
}
