// `npm run cli -- …` for the command-line tests. useCli: a real process on the test's database (a
// data folder of its own for PGlite), as a user runs it — for what only the process shows (its
// wiring, exit code and streams). useCliInProcess: the same command and answer
// (scripts/cli/answer.ts) on the test's own database, without a process start (seconds each on
// PGlite) — for the commands themselves.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, inject } from "vitest";
import type { Ctx } from "../../lib/core/context.ts";
import { seedPrices } from "../../lib/core/prices/seed-prices.ts";
import { answer } from "../../scripts/cli/answer.ts";
import { dbKind } from "./test-db.ts";

const run = promisify(execFile);

export interface CliResult {
  code: number;
  out: any;
  err: string;
}

export function useCli(db: { url(): string | undefined }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "switchboard-cli-"));
  beforeAll(() => migratedDataDir(dataDir), 60_000);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return async function cli(...args: string[]): Promise<CliResult> {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" };
    delete env.DATABASE_URL;
    if (dbKind === "postgres") env.DATABASE_URL = db.url();
    try {
      const { stdout, stderr } = await run(path.resolve("node_modules/.bin/tsx"), ["scripts/cli.ts", ...args], { env });
      return { code: 0, out: JSON.parse(stdout), err: stderr };
    } catch (e) {
      const err = e as { code: number; stderr: string };
      return { code: err.code, out: null, err: err.stderr };
    }
  };
}

/**
 * PGlite: the process's data folder starts as the run's migrated database (pgliteDump, a tar of
 * the cluster's folder, which is what PGlite keeps in a data folder), as useTestDatabase's do.
 * Left empty, the first process creates the cluster on disk and applies every migration itself
 * (most of a minute on a busy machine); loading the dump through PGlite takes 20 s; tar, 1 s.
 */
async function migratedDataDir(dataDir: string): Promise<void> {
  if (dbKind !== "pglite") return;
  const dir = path.join(dataDir, "pglite");
  fs.mkdirSync(dir, { recursive: true });
  await run("tar", ["-xf", inject("pgliteDump"), "-C", dir]);
}

export function useCliInProcess(db: { ctx(): Ctx }) {
  // As scripts/cli.ts does before every command.
  beforeAll(() => seedPrices(db.ctx()));
  return async function cli(...args: string[]): Promise<CliResult> {
    const a = await answer(db.ctx(), args);
    return { code: a.code, out: a.code === 0 ? JSON.parse(a.stdout) : null, err: a.stderr };
  };
}
