// Reads a V8 .cpuprofile (node --cpu-prof) and says where the CPU time went: self time by
// package or source folder, resolving the production build's minified chunks through their
// source maps (.next/server/chunks/*.js.map) to the original files. Native frames (JSON,
// RegExp, builtins) count for the nearest caller that has a source.
//
//   tsx bench/support/cpu-profile.ts FILE.cpuprofile   (prints the summary)
import fs from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  /** Milliseconds of samples in the window, idle included. */
  totalMs: number;
  idleMs: number;
  /** Self time by bucket (a few broad groups), ms. */
  buckets: [string, number][];
  /** Self time by package / source folder, ms. */
  modules: [string, number][];
  /** The functions with the most self time. */
  functions: { name: string; where: string; module: string; ms: number }[];
  /** Node.js core time by the package or folder whose code called into it (nearest caller outside node:). */
  coreByCaller: [string, number][];
}

const maps = new Map<string, SourceMap | null>();
function sourceMapFor(file: string): SourceMap | null {
  if (!maps.has(file)) {
    let map: SourceMap | null = null;
    try {
      map = new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, "utf8")));
    } catch {
      /* none */
    }
    maps.set(file, map);
  }
  return maps.get(file)!;
}

/** Package name or source folder for a path. */
function moduleOf(p: string): string {
  const nm = p.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = p.slice(nm + "node_modules/".length).split("/");
    const pkg = rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
    if (pkg === "@prisma/client") return "@prisma/client (runtime)";
    if (pkg === "next") return rest.includes("compiled") ? `next (${rest[rest.indexOf("compiled") + 1]})` : "next";
    return pkg;
  }
  const m = /(?:^|\/)(lib\/db\/generated|lib\/[^/]+|app|components|instrumentation\.ts)(?:\/|$)/.exec(p);
  if (m) return m[1]!;
  return p.replace(/^.*\/\.next\//, ".next/");
}

export function bucketOf(module: string): string {
  if (module === "(garbage collector)") return "garbage collection";
  if (module === "(program)") return "(program): V8 and native work outside JS";
  if (module.startsWith("node:")) return "Node.js core (http, net, streams, timers, crypto)";
  if (module.startsWith("next") || module === "react" || module === "react-dom" || module.includes("turbopack")) return "Next.js (routing, request/response, runtime)";
  if (module.startsWith("@prisma/client") || module === "lib/db/generated" || module === "Prisma query compiler (WebAssembly)" || module === "@prisma/driver-adapter-utils")
    return "Prisma (client runtime + query compiler)";
  if (["pg", "pg-protocol", "pg-pool", "pg-types", "postgres-array", "postgres-date", "postgres-bytea", "postgres-interval", "@prisma/adapter-pg", "pg-connection-string"].includes(module))
    return "pg driver + Prisma pg adapter";
  if (module === "@electric-sql/pglite" || module === "pglite-prisma-adapter" || module === "PGlite's Postgres (WebAssembly)") return "PGlite (WebAssembly Postgres, its protocol and file system)";
  if (module === "pg-boss" || module === "lib/jobs" || module === "cron-parser" || module === "serialize-error") return "pg-boss / jobs";
  if (module === "zod") return "zod";
  if (module === "smpp" || module === "lib/carrier") return "SMPP (carrier, simulator, smpp)";
  if (module.startsWith("lib/") || module === "app" || module === "libphonenumber-js") return "our code (lib/, app/) + libphonenumber";
  return `other (${module})`;
}

export function summarize(profile: Profile, window?: { fromMs: number; toMs: number }): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  const resolved = new Map<number, { module: string; where: string; name: string }>();
  const resolve = (id: number): { module: string; where: string; name: string } => {
    const hit = resolved.get(id);
    if (hit) return hit;
    const n = byId.get(id)!;
    const f = n.callFrame;
    let r: { module: string; where: string; name: string };
    if (["(idle)", "(program)", "(garbage collector)", "(root)"].includes(f.functionName) && !f.url) r = { module: f.functionName, where: "", name: f.functionName };
    else if (f.url.startsWith("wasm://")) {
      // Two WebAssembly modules run in the server: Prisma's query compiler and PGlite's Postgres.
      // The module is the one of the nearest JavaScript caller.
      const p = parent.get(id);
      const up = p !== undefined ? resolve(p).module : "";
      const module = up === "@electric-sql/pglite" || up === "PGlite's Postgres (WebAssembly)" ? "PGlite's Postgres (WebAssembly)" : "Prisma query compiler (WebAssembly)";
      r = { module, where: f.url, name: f.functionName || "(wasm)" };
    } else if (!f.url) {
      // Native or builtin: counted for the nearest caller with a source, under its own name.
      const p = parent.get(id);
      const up = p !== undefined ? resolve(p) : { module: "(program)", where: "", name: "" };
      r = { module: up.module, where: `native, called from ${up.name}`, name: f.functionName || "(anonymous)" };
    } else if (f.url.startsWith("node:")) r = { module: `node:${f.url.slice(5).split("/")[0]}`, where: f.url, name: f.functionName || "(anonymous)" };
    else {
      const file = f.url.startsWith("file://") ? fileURLToPath(f.url) : f.url;
      let source = file;
      let line = f.lineNumber + 1;
      let name = f.functionName || "(anonymous)";
      if (file.includes(`${path.sep}.next${path.sep}`)) {
        const entry = sourceMapFor(file)?.findEntry(f.lineNumber, f.columnNumber) as { originalSource?: string; originalLine?: number; name?: string } | undefined;
        if (entry?.originalSource) {
          source = entry.originalSource.replace(/^file:\/\//, "");
          line = (entry.originalLine ?? 0) + 1;
          if (entry.name) name = entry.name;
        }
      }
      const module = moduleOf(source);
      r = { module, where: `${source.replace(/^.*?(node_modules\/|\.next\/|lib\/|app\/)/, "$1")}:${line}`, name };
    }
    resolved.set(id, r);
    return r;
  };

  // For Node.js core frames: the nearest caller outside Node.js core (whose work it is).
  const owners = new Map<number, string>();
  const ownerOf = (id: number): string => {
    const hit = owners.get(id);
    if (hit) return hit;
    const m = resolve(id).module;
    let o: string;
    if (!m.startsWith("node:") && !m.startsWith("(")) o = m;
    else {
      const p = parent.get(id);
      o = p === undefined || resolve(p).module === "(root)" ? "(event loop: no JS caller)" : ownerOf(p);
    }
    owners.set(id, o);
    return o;
  };

  // Each sample's duration is the gap to the next one (the last one gets the median gap).
  const t: number[] = [];
  let acc = profile.startTime;
  for (const d of profile.timeDeltas) t.push((acc += d));
  const sorted = [...profile.timeDeltas].sort((a, b) => a - b);
  const medianGap = sorted[sorted.length >> 1] ?? 1000;
  const selfUs = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const at = (t[i]! - profile.startTime) / 1000;
    if (window && (at < window.fromMs || at > window.toMs)) continue;
    const dur = i + 1 < t.length ? t[i + 1]! - t[i]! : medianGap;
    selfUs.set(profile.samples[i]!, (selfUs.get(profile.samples[i]!) ?? 0) + dur);
  }

  const modules = new Map<string, number>();
  const buckets = new Map<string, number>();
  const functions = new Map<string, { name: string; where: string; module: string; ms: number }>();
  const coreByCaller = new Map<string, number>();
  let totalMs = 0;
  let idleMs = 0;
  for (const [id, us] of selfUs) {
    const r = resolve(id);
    const msec = us / 1000;
    totalMs += msec;
    if (r.module === "(idle)" || r.module === "(root)") {
      idleMs += msec;
      continue;
    }
    modules.set(r.module, (modules.get(r.module) ?? 0) + msec);
    if (r.module.startsWith("node:")) coreByCaller.set(ownerOf(id), (coreByCaller.get(ownerOf(id)) ?? 0) + msec);
    const b = bucketOf(r.module);
    buckets.set(b, (buckets.get(b) ?? 0) + msec);
    const key = `${r.name}@${r.where}`;
    const f = functions.get(key) ?? { name: r.name, where: r.where, module: r.module, ms: 0 };
    f.ms += msec;
    functions.set(key, f);
  }
  const desc = <T>(m: Map<string, T>, v: (x: T) => number) => [...m.entries()].sort((a, b) => v(b[1]) - v(a[1]));
  return {
    totalMs,
    idleMs,
    buckets: desc(buckets, (x) => x),
    modules: desc(modules, (x) => x),
    functions: desc(functions, (x) => x.ms)
      .slice(0, 20)
      .map(([, f]) => f),
    coreByCaller: desc(coreByCaller, (x) => x),
  };
}

export function readProfile(file: string): Profile {
  return JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
}

/** Markdown tables of a summary; `requests` (when given) adds CPU ms per request. */
export function reportProfile(s: ProfileSummary, requests?: number, short = false): string {
  const busy = s.totalMs - s.idleMs;
  const per = (x: number) => (requests ? ` | ${(x / requests).toFixed(2)}` : "");
  const head = requests ? " | ms per request" : "";
  const sep = requests ? "|---:" : "";
  const lines = [
    `Profiled ${(s.totalMs / 1000).toFixed(1)} s of the server's main thread: busy ${(busy / 1000).toFixed(1)} s (${((busy / s.totalMs) * 100).toFixed(0)} %), idle ${(s.idleMs / 1000).toFixed(1)} s${requests ? `; ${requests} requests answered in the window` : ""}.`,
    "",
    `| where the busy time went | ms | share${head} |`,
    `|---|---:|---:${sep}|`,
    ...s.buckets.map(([b, x]) => `| ${b} | ${x.toFixed(0)} | ${((x / busy) * 100).toFixed(1)} %${per(x)} |`),
  ];
  if (short) {
    lines.push("", `| package / source folder | ms | share${head} |`, `|---|---:|---:${sep}|`);
    lines.push(...s.modules.slice(0, 10).map(([m, x]) => `| ${m} | ${x.toFixed(0)} | ${((x / busy) * 100).toFixed(1)} %${per(x)} |`));
    return lines.join("\n");
  }
  lines.push(
    "",
    `| package / source folder | ms | share |`,
    `|---|---:|---:|`,
    ...s.modules.slice(0, 15).map(([m, x]) => `| ${m} | ${x.toFixed(0)} | ${((x / busy) * 100).toFixed(1)} % |`),
    "",
    `| Node.js core time, by the code that called into it | ms | share of all busy time |`,
    `|---|---:|---:|`,
    ...s.coreByCaller.slice(0, 8).map(([m, x]) => `| ${m} | ${x.toFixed(0)} | ${((x / busy) * 100).toFixed(1)} % |`),
    "",
    `| top functions (self time) | where | ms | share |`,
    `|---|---|---:|---:|`,
    ...s.functions.slice(0, 15).map((f) => `| ${f.name.replace(/\|/g, "\\|")} | ${f.where.replace(/\|/g, "\\|")} | ${f.ms.toFixed(0)} | ${((f.ms / busy) * 100).toFixed(1)} % |`),
  );
  return lines.join("\n");
}

/** A load window on the runner's clock (performance.now(), ms): its start, its end, and when the profiled process exited. */
export type LoadWindow = { start: number; end: number; exit: number };

/** The summary of the main thread's profile in `dir` (the largest file), restricted to a load window. */
export function windowReport(dir: string, w: LoadWindow, requests: number, short = false): string {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .map((f) => path.join(dir, f));
  const main = files.sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
  if (!main) return `(no CPU profile was written to ${dir}: the server did not exit cleanly)`;
  const profile = readProfile(main);
  // The profile ends when the process exits; the load window lies (exit − start) … (exit − end) before that.
  const endMs = (profile.endTime - profile.startTime) / 1000;
  return reportProfile(summarize(profile, { fromMs: endMs - (w.exit - w.start), toMs: endMs - (w.exit - w.end) }), requests, short);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  console.log(reportProfile(summarize(readProfile(process.argv[2]!))));
}
