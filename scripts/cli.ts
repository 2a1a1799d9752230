// npm run cli -- <command>: prints JSON on stdout. With the embedded database, a running server
// owns it, so the command is sent to that server; otherwise the database is opened here.
import fs from "node:fs";
import path from "node:path";
import { parseEnv, persistentSecret } from "../lib/env.ts";
import { openDatabase } from "../lib/db/connection.ts";
import { migrate } from "../lib/db/migrate.ts";
import { contextFor } from "../lib/server/context.ts";
import { cliUsage } from "./cli/run-command.ts";
import { answer, errorLine, jsonOut } from "./cli/answer.ts";
import { seedPrices } from "../lib/core/prices/seed-prices.ts";
import { setDatabase } from "../lib/db/index.ts";
import { DomainError } from "../lib/core/errors.ts";
import { restoreCommand } from "./cli/backup-commands.ts";

async function main(): Promise<number> {
  // Migrations are found from the project folder; a relative DATA_DIR stays relative to the caller.
  process.env.DATA_DIR = path.resolve(process.env.DATA_DIR ?? path.join(import.meta.dirname, "..", ".data"));
  // Files named on the command line are the caller's, relative to where it runs.
  const argv = process.argv.slice(2).map((a, i, all) => (i > 0 && (all[i - 1] === "--out" || all[i - 1] === "--in") ? path.resolve(a) : a));
  process.chdir(path.resolve(import.meta.dirname, ".."));
  if (argv.length === 0 || argv[0] === "--help" || argv[0] === "help") {
    process.stderr.write(`${cliUsage}\n`);
    return argv.length === 0 ? 2 : 0;
  }
  process.env.LOG_LEVEL ??= "warn";
  const e = parseEnv();
  if (e.embedded) {
    const server = runningServer(e.dataDir);
    if (server) return viaServer(server.port, persistentSecret(e.dataDir, "cli-token"), argv);
    // No server holds the folder: the backup can take its place.
    if (argv[0] === "restore") {
      const i = argv.indexOf("--in");
      try {
        print(await restoreCommand({ in: i >= 0 ? argv[i + 1] : undefined }, e.dataDir));
        return 0;
      } catch (err) {
        return printError(err instanceof DomainError ? { code: err.code, developerMessage: err.message } : { code: "-", developerMessage: String(err) });
      }
    }
  }
  const database = await openDatabase(e.DATABASE_URL ? { kind: "postgres", url: e.DATABASE_URL, poolSize: 2 } : { kind: "pglite", dir: path.join(e.dataDir, "pglite") });
  try {
    await migrate(database.sql);
    // The process's database, for the commands that need it whole (backup).
    setDatabase(database);
    const ctx = contextFor(database);
    await seedPrices(ctx);
    const a = await answer(ctx, argv);
    process.stdout.write(a.stdout);
    process.stderr.write(a.stderr);
    return a.code;
  } finally {
    await database.close();
  }
}

function runningServer(dataDir: string): { port: number } | null {
  try {
    const info = JSON.parse(fs.readFileSync(path.join(dataDir, "server.json"), "utf8")) as { pid: number; port: number };
    process.kill(info.pid, 0);
    return info;
  } catch {
    return null;
  }
}

async function viaServer(port: number, token: string, argv: string[]): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/api/internal/cli`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-cli-token": token },
    body: JSON.stringify(argv),
  });
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) return printError(body);
  print(body);
  return 0;
}

function print(value: unknown): void {
  process.stdout.write(jsonOut(value));
}

function printError(body: Record<string, unknown>): number {
  process.stderr.write(errorLine(body));
  return 1;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
