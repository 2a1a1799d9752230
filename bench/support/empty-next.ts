// B1's first anchor: the minimal Next.js app in bench/empty-next (one route handler answering
// {}), built with the project's `next` into a cached folder under the system's temp directory
// (copied there with a node_modules link to the project's; rebuilt when its sources or the
// Next.js version change) and served by `next start` like our server.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BenchContext } from "./types.ts";
import { startProcess, waitForHttp, type Proc } from "./procs.ts";
import { nextBin, projectRoot } from "./switchboard.ts";
import { withNodeFlags } from "../../lib/server/node-flags.ts";

const source = path.join(projectRoot, "bench", "empty-next");

function filesOf(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === ".next" || e.name === "node_modules" ? [] : filesOf(p);
    return [p];
  });
}

/**
 * The built app's folder (building it first when needed). withRewrites: the app also gets the
 * project's API rewrites (next.config.mjs: trailing slashes, /sms/analyse), to measure what they
 * add to every /api request.
 */
export function buildEmptyNext(log: (m: string) => void, withRewrites = false): string {
  const nextVersion = (JSON.parse(fs.readFileSync(path.join(projectRoot, "node_modules", "next", "package.json"), "utf8")) as { version: string }).version;
  const hash = crypto.createHash("sha256").update(nextVersion);
  for (const f of filesOf(source).sort()) hash.update(path.relative(source, f)).update(fs.readFileSync(f));
  const projectConfig = path.join(projectRoot, "next.config.mjs");
  if (withRewrites) hash.update("next.config.mjs").update(fs.readFileSync(projectConfig));
  const dir = path.join(os.tmpdir(), `switchboard-bench-empty-next-${hash.digest("hex").slice(0, 12)}`);
  if (fs.existsSync(path.join(dir, ".next", "BUILD_ID"))) return dir;
  log(`building the empty Next.js app into ${dir}…`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(source, dir, { recursive: true, filter: (p) => !p.includes(`${path.sep}.next`) });
  fs.symlinkSync(path.join(projectRoot, "node_modules"), path.join(dir, "node_modules"));
  if (withRewrites) {
    // The app's own config, plus the project's routing options.
    fs.renameSync(path.join(dir, "next.config.mjs"), path.join(dir, "next.config.base.mjs"));
    const config = [
      `import base from "./next.config.base.mjs";`,
      `import project from ${JSON.stringify(projectConfig)};`,
      `export default { ...base, skipTrailingSlashRedirect: project.skipTrailingSlashRedirect, rewrites: project.rewrites };`,
    ];
    fs.writeFileSync(path.join(dir, "next.config.mjs"), `${config.join("\n")}\n`);
  }
  execFileSync(nextBin, ["build"], {
    cwd: dir,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  return dir;
}

export async function startEmptyNext(ctx: BenchContext, withRewrites = false): Promise<{ proc: Proc; url: string }> {
  const dir = buildEmptyNext(ctx.log, withRewrites);
  const port = await ctx.freePort();
  const logDir = ctx.tmpDir("empty-next-");
  const proc = startProcess(`empty Next.js app${withRewrites ? " + the project's rewrites" : ""}`, nextBin, ["start", "-H", "127.0.0.1", "-p", String(port)], {
    cwd: dir,
    // The same V8 flags as our server (lib/server/node-flags.ts), so the anchor differs only in the app.
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", NODE_OPTIONS: withNodeFlags(undefined) },
    logFile: path.join(logDir, "server.log"),
  });
  ctx.defer(() => proc.stop());
  const url = `http://127.0.0.1:${port}/api/empty`;
  await waitForHttp(url, 60_000, proc);
  return { proc, url };
}
