// Our server as a user runs it: the production build served by `next start`, on a fresh
// database of the bench PostgreSQL server, with the inline worker and the bundled SMSC
// simulator. Waits until it answers, tops the seeded demo account up, and gets a token.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import type { BenchContext } from "./types.ts";
import { startProcess, waitForHttp, type Proc } from "./procs.ts";
import { sleep } from "./stats.ts";
import { withNodeFlags } from "../../lib/server/node-flags.ts";
import { buildAge } from "./checkout.ts";

export const projectRoot = path.resolve(import.meta.dirname, "..", "..");
export const nextBin = path.join(projectRoot, "node_modules", ".bin", "next");

export interface Switchboard {
  proc: Proc;
  baseUrl: string;
  /** Empty for the embedded database. */
  databaseUrl: string;
  dataDir: string;
  accountId: string;
  token: string;
  /** The demo account's owner, for the dashboard's routes. */
  userEmail: string;
  userPassword: string;
}

export interface SwitchboardOptions {
  /** Database name on the bench server (re-created); with `embedded`, only the data folder's name. */
  database: string;
  /** The embedded default as `npm start` runs it without DATABASE_URL: PGlite in the server process, on a fresh data folder. */
  embedded?: boolean;
  /** Another checkout to run (its own production build), e.g. an earlier commit for a before/after in one run. */
  root?: string;
  simDeliveryDelayMs: number;
  /** Node flags for the server process, e.g. ["--cpu-prof", "--cpu-prof-dir=…"] (not allowed in NODE_OPTIONS). */
  nodeArgs?: string[];
  /** Extra environment, e.g. { WORKER: "off", LOG_LEVEL: "info" }. */
  env?: Record<string, string>;
  /** Log every statement of its database to the bench server's log (for pg-trace.ts). */
  logStatements?: boolean;
}

/**
 * Builds the production app when .next/BUILD_ID is missing or older than the newest source file
 * (the bench measures the code it names), `prisma generate` first when the client was never
 * generated. When another `next build` holds .next/lock, waits for it instead.
 */
export async function ensureBuilt(log: (m: string) => void): Promise<void> {
  const lock = path.join(projectRoot, ".next", "lock");
  for (let waited = 0; fs.existsSync(lock) && waited < 600; waited += 5) {
    if (waited === 0) log("another next build is running (.next/lock); waiting for it…");
    await sleep(5000);
  }
  const { built, sources } = buildAge(projectRoot);
  if (built && built >= sources) return;
  log(built ? "the production build is older than the sources: running next build…" : "no production build (.next/BUILD_ID missing): running next build…");
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
  if (!fs.existsSync(path.join(projectRoot, "lib", "db", "generated", "client.ts")))
    execFileSync(path.join(projectRoot, "node_modules", ".bin", "prisma"), ["generate"], { cwd: projectRoot, stdio: ["ignore", 2, "inherit"], env });
  execFileSync(nextBin, ["build"], { cwd: projectRoot, stdio: ["ignore", 2, "inherit"], env });
}

export async function startSwitchboard(ctx: BenchContext, o: SwitchboardOptions): Promise<Switchboard> {
  const databaseUrl = o.embedded ? "" : await ctx.createDatabase(o.database);
  if (o.logStatements && !o.embedded) {
    const admin = new pg.Client({ connectionString: ctx.pgUrl });
    await admin.connect();
    await admin.query(`ALTER DATABASE ${o.database} SET log_min_duration_statement = 0`);
    await admin.end();
  }
  const dataDir = ctx.tmpDir(`switchboard-${o.database}-`);
  const port = await ctx.freePort();
  const simPort = await ctx.freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    NEXT_MANUAL_SIG_HANDLE: "true",
    ...(o.embedded ? {} : { DATABASE_URL: databaseUrl }),
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: "warn",
    // The demo account the benchmarks send as (seeded by default on the embedded database only).
    SEED: "demo",
    SMSC_SIM_PORT: String(simPort),
    SIM_DELIVERY_DELAY_MS: String(o.simDeliveryDelayMs),
    // As npm start runs it (lib/server/node-flags.ts).
    NODE_OPTIONS: withNodeFlags(undefined),
    ...o.env,
  };
  const root = o.root ?? projectRoot;
  if (!fs.existsSync(path.join(root, ".next", "BUILD_ID"))) throw new Error(`${root} has no production build (run next build there)`);
  const startArgs = ["start", "-H", "127.0.0.1", "-p", String(port)];
  const [cmd, args] = o.nodeArgs?.length
    ? [process.execPath, [...o.nodeArgs, path.join(root, "node_modules", "next", "dist", "bin", "next"), ...startArgs]]
    : [path.join(root, "node_modules", ".bin", "next"), startArgs];
  const proc = startProcess(`switchboard (${o.database})`, cmd, args, {
    cwd: root,
    env,
    logFile: path.join(dataDir, "server.log"),
  });
  ctx.defer(() => proc.stop());
  // The embedded database is created and migrated in the server first: minutes on a busy machine.
  await waitForHttp(`${baseUrl}/api/openapi.json`, o.embedded ? 600_000 : 120_000, proc);

  // The first start seeds a demo account and writes its credentials.
  const credsFile = path.join(dataDir, "demo-credentials.json");
  for (let i = 0; !fs.existsSync(credsFile); i++) {
    if (i > 200) throw new Error(`no ${credsFile} after the server started:\n${proc.tail()}`);
    await sleep(100);
  }
  const creds = JSON.parse(fs.readFileSync(credsFile, "utf8")) as {
    accountId: string;
    applicationId: string;
    applicationSecret: string;
    userEmail: string;
    userPassword: string;
  };

  // The command line: on the embedded database it goes through the running server, which owns it.
  const cli = (...args: string[]) =>
    execFileSync(path.join(root, "node_modules", ".bin", "tsx"), [path.join(root, "scripts", "cli.ts"), ...args], { cwd: root, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  // Enough balance for any run (the seed gives 100 EUR).
  cli("account", "topup", "--account", creds.accountId, "--amount", "1000000");

  // The bench measures throughput, not the per-application rate limit (100 req/s by default).
  if (o.embedded) {
    // No second process may open the embedded database: an application of its own with the highest limit instead.
    const app = JSON.parse(cli("app", "create", "--account", creds.accountId, "--name", "Bench", "--rate-limit", "100000")) as { applicationId: string; applicationSecret: string };
    creds.applicationId = app.applicationId;
    creds.applicationSecret = app.applicationSecret;
  } else {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`UPDATE applications SET rate_limit_per_second = 1000000`);
    await admin.end();
  }

  // Once more when the first try met a kept-alive connection the server closed meanwhile ("other side closed").
  const token = await fetchToken(baseUrl, creds.applicationId, creds.applicationSecret)
    .catch(() => fetchToken(baseUrl, creds.applicationId, creds.applicationSecret))
    .catch((err: Error) => {
      throw new Error(`${err.message} (${String(err.cause ?? "")}); server running: ${proc.isRunning()}; its log:\n${proc.tail()}`);
    });
  return { proc, baseUrl, databaseUrl, dataDir, accountId: creds.accountId, token, userEmail: creds.userEmail, userPassword: creds.userPassword };
}

/** A client-credentials access token for an application. */
export async function fetchToken(baseUrl: string, applicationId: string, secret: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/oauth/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${applicationId}:${secret}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
  const answer = (await res.json()) as { access_token?: string };
  if (!res.ok || !answer.access_token) throw new Error(`token request failed: ${res.status} ${JSON.stringify(answer)}`);
  return answer.access_token;
}

/** The JSON body of the i-th bench SMS: same sender and text, destinations varying (…1000–…9999, all delivered). */
export function smsBody(i: number): string {
  return JSON.stringify({ from: "Bench", to: `+30691234${1000 + (i % 9000)}`, body: "Hello from the bench" });
}
