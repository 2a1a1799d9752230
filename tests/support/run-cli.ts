// `npm run cli -- …` as a user runs it, for the command-line tests: a real process on the test's
// database (a data folder of its own for PGlite), JSON on stdout, errors on stderr.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll } from "vitest";
import { dbKind } from "./test-db.ts";

const run = promisify(execFile);

export function useCli(db: { url(): string | undefined }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "switchboard-cli-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return async function cli(...args: string[]): Promise<{ code: number; out: any; err: string }> {
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
