// What a checkout holds: git's answers about it, and whether its production build is older than
// its sources. Used by the runner to say which code it measures, by ensureBuilt to rebuild a
// stale build, and by --against to make the earlier checkout.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** `git ARGS` in `dir`, its output trimmed; throws when git fails. */
export function gitIn(dir: string, ...args: string[]): string {
  return execFileSync("git", args, { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
}

/** When the checkout's production build was made, and its newest source file's time (ms since the epoch; 0: none). */
export function buildAge(root: string): { built: number; sources: number } {
  const newest = (p: string): number => {
    if (!fs.existsSync(p)) return 0;
    const st = fs.statSync(p);
    if (!st.isDirectory()) return st.mtimeMs;
    if (p.endsWith(path.join("db", "generated"))) return 0;
    return Math.max(0, ...fs.readdirSync(p).map((n) => newest(path.join(p, n))));
  };
  const buildIdFile = path.join(root, ".next", "BUILD_ID");
  const built = fs.existsSync(buildIdFile) ? fs.statSync(buildIdFile).mtimeMs : 0;
  return { built, sources: Math.max(...["app", "lib", "components", "next.config.mjs"].map((p) => newest(path.join(root, p)))) };
}
