// A deployment of several processes against one PostgreSQL database, as docs/scaling.md
// describes: N web instances (`next start`, WORKER=off) and M workers (`npm run worker`), all
// sharing the database and one SMSC. Used by the scale-out test (e2e/scale) and its benchmark
// (bench/scale-out.ts). Needs the production build (.next) like `npm start` does.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { startProcess, waitForHttp, type Proc } from "../../bench/support/procs.ts";
import { fetchToken, nextBin, projectRoot } from "../../bench/support/switchboard.ts";
import { sleep } from "../../bench/support/stats.ts";
import { withNodeFlags } from "../../lib/server/node-flags.ts";

const tsxBin = path.join(projectRoot, "node_modules", ".bin", "tsx");

export interface DeploymentOptions {
  /** A fresh database on the PostgreSQL server. */
  databaseUrl: string;
  /** The SMSC every worker binds to, with its contract (?binds=2&window=20&tps=…). */
  smscUrl: string;
  webs: number;
  workers: number;
  /** Folder for each process's data directory and log. */
  workDir: string;
  freePort(): Promise<number>;
  log?: (m: string) => void;
  /** Awaited after each worker starts (e.g. until its binds are up, so workers connect in order). */
  workerStarted?: (n: number) => Promise<void>;
}

export interface Deployment {
  webUrls: string[];
  webs: Proc[];
  workers: Proc[];
  token: string;
  accountId: string;
  /** The deployment's AUTH_SECRET (a test signs a dashboard session with it). */
  authSecret: string;
  /** Starts one more worker (same settings). */
  addWorker(): Promise<Proc>;
  stop(): Promise<void>;
}

export async function startDeployment(o: DeploymentOptions): Promise<Deployment> {
  const log = o.log ?? (() => {});
  fs.mkdirSync(o.workDir, { recursive: true });
  const procs: Proc[] = [];
  const secret = crypto.randomBytes(24).toString("base64url");
  const baseEnv = (dataDir: string): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    NEXT_MANUAL_SIG_HANDLE: "true",
    DATABASE_URL: o.databaseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    ALLOW_PRIVATE_CALLBACK_URLS: "true",
    // One secret for the whole deployment (docs/scaling.md): sessions, and the connectors'
    // sealed passwords every worker must read.
    AUTH_SECRET: secret,
    // As npm start and npm run worker run them (lib/server/node-flags.ts).
    NODE_OPTIONS: withNodeFlags(undefined),
  });
  const stop = async () => {
    await Promise.all(procs.map((p) => p.stop(5000)));
  };
  try {
    // Web instances: the first seeds the demo account; the others start after it, so only one seeds.
    const webs: Proc[] = [];
    const webUrls: string[] = [];
    for (let i = 0; i < o.webs; i++) {
      const port = await o.freePort();
      const dataDir = path.join(o.workDir, `web${i + 1}`);
      fs.mkdirSync(dataDir, { recursive: true });
      const url = `http://127.0.0.1:${port}`;
      const env = {
        ...baseEnv(dataDir),
        PORT: String(port),
        PUBLIC_URL: url,
        WORKER: "off",
        SEED: i === 0 ? "demo" : "off",
        SMTP_SINK_PORT: "0",
      } as NodeJS.ProcessEnv;
      const proc = startProcess(`web${i + 1}`, nextBin, ["start", "-H", "127.0.0.1", "-p", String(port)], { cwd: projectRoot, env, logFile: path.join(dataDir, "web.log") });
      procs.push(proc);
      webs.push(proc);
      webUrls.push(url);
      await waitForHttp(`${url}/api/openapi.json`, 120_000, proc);
      log(`web${i + 1} answers at ${url}`);
    }

    const credsFile = path.join(o.workDir, "web1", "demo-credentials.json");
    for (let i = 0; !fs.existsSync(credsFile); i++) {
      if (i > 300) throw new Error(`no ${credsFile} after web1 started:\n${webs[0]!.tail()}`);
      await sleep(100);
    }
    const creds = JSON.parse(fs.readFileSync(credsFile, "utf8")) as { accountId: string; applicationId: string; applicationSecret: string };
    execFileSync(tsxBin, [path.join(projectRoot, "scripts", "cli.ts"), "account", "topup", "--account", creds.accountId, "--amount", "1000000"], {
      cwd: projectRoot,
      env: baseEnv(path.join(o.workDir, "cli")),
      stdio: ["ignore", "ignore", "pipe"],
    });
    // Load tests measure throughput, not the per-application rate limit (100 req/s by default).
    const admin = new pg.Client({ connectionString: o.databaseUrl });
    await admin.connect();
    await admin.query(`UPDATE applications SET rate_limit_per_second = 1000000`);
    await admin.end();
    const token = await fetchToken(webUrls[0]!, creds.applicationId, creds.applicationSecret);

    const workers: Proc[] = [];
    const addWorker = async () => {
      const n = workers.length + 1;
      const dataDir = path.join(o.workDir, `worker${n}`);
      fs.mkdirSync(dataDir, { recursive: true });
      // node itself with tsx's loader (not the tsx launcher): signals reach the process that works.
      const proc = startProcess(`worker${n}`, process.execPath, ["--import", "tsx", path.join(projectRoot, "scripts", "worker.ts")], {
        cwd: projectRoot,
        env: { ...baseEnv(dataDir), SMSC_URL: o.smscUrl },
        logFile: path.join(dataDir, "worker.log"),
      });
      procs.push(proc);
      workers.push(proc);
      await o.workerStarted?.(n);
      return proc;
    };
    for (let i = 0; i < o.workers; i++) await addWorker();
    log(`${o.workers} workers started`);
    return { webUrls, webs, workers, token, accountId: creds.accountId, authSecret: secret, addWorker, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Waits until `ready()` is true, polling; throws with `describe()` after the timeout. */
export async function waitUntil(ready: () => boolean | Promise<boolean>, timeoutMs: number, describe: () => string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await ready())) {
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms: ${describe()}`);
    await sleep(100);
  }
}
