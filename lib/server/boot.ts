// What the server does once at start, before it answers: open and migrate the database, seed
// an empty one, start the inline worker, publish how the command line reaches it, and stop
// gracefully on SIGTERM (no job lost: the ones in hand finish, the rest stay queued).
import fs from "node:fs";
import path from "node:path";
import { env, persistentSecret } from "../env.ts";
import { closeDatabase, getDatabase } from "../db/index.ts";
import { contextFor } from "./context.ts";
import { seedDemo, type DemoCredentials } from "../core/seed/seed-demo.ts";
import { startWorker, type Worker } from "./worker.ts";
import { startCarrier, type CarrierHandle } from "./carrier.ts";
import { startViber } from "./viber.ts";
import { startDefaultSink, type SmtpSink } from "../providers/smtp/sink.ts";
import { getCarrier, setSmtpUrl } from "./services.ts";
import { jobs } from "./jobs.ts";
import { log } from "../log/logger.ts";
import { drainRequests, healthState } from "./health/state.ts";
import { processMetrics } from "./metrics/registry.ts";
import { answerBeforeNext, stampPeerAddresses } from "./peer-address.ts";
import { knownWaitRefusal } from "../http/sign-in-guard.ts";
import { stopTracing } from "../trace/start-tracing.ts";

const key = Symbol.for("switchboard.boot");
type G = typeof globalThis & { [key]?: Promise<void> };

export function boot(): Promise<void> {
  const g = globalThis as G;
  return (g[key] ??= run());
}

async function run(): Promise<void> {
  const e = env();
  stampPeerAddresses();
  const database = await getDatabase();
  const ctx = contextFor(database);
  // A flood of sign-ins from an address that must wait is answered before Next (B9).
  answerBeforeNext((method, url, headers) => knownWaitRefusal(ctx, method, url, headers));
  processMetrics().sources.database = database;
  // Every queue of the job list exists before anything enqueues (inside a transaction, say).
  await ctx.enqueue.ready();
  if (e.SEED === "demo" || (e.SEED === "auto" && e.embedded)) {
    const demo = await seedDemo(ctx);
    if (demo) announce(demo, e.dataDir);
  }
  let worker: Worker | null = null;
  let carrier: CarrierHandle | null = null;
  let viber: Awaited<ReturnType<typeof startViber>> | null = null;
  let smtpSink: SmtpSink | null = null;
  if (!e.SMTP_URL) {
    smtpSink = await startDefaultSink(database, e.SMTP_SINK_PORT, (msg) => log("warn", msg));
    setSmtpUrl(smtpSink.url);
  }
  if (e.WORKER === "inline") {
    carrier = await startCarrier(database);
    viber = await startViber(database);
    worker = await startWorker(database, jobs);
    const health = healthState();
    health.jobsRunning = () => !stopping;
    // On the embedded defaults this one process is the whole deployment: no bind, no SMS.
    if (e.embedded) health.carrierBound = async () => (await getCarrier()).stats().connected > 0;
  }

  const serverFile = path.join(e.dataDir, "server.json");
  if (e.embedded) {
    persistentSecret(e.dataDir, "cli-token");
    fs.writeFileSync(serverFile, JSON.stringify({ pid: process.pid, port: e.PORT }), { mode: 0o600 });
  }
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // /api/ready answers 503 from now on; requests in flight finish before anything closes.
    healthState().stopping = true;
    log("info", "shutting down", { signal });
    const bound = setTimeout(() => {
      log("error", "shutdown took longer than its bound; exiting", { seconds: SHUTDOWN_BOUND_MS / 1000 });
      process.exit(1);
    }, SHUTDOWN_BOUND_MS);
    bound.unref();
    try {
      // The worker stops claiming at once (while requests drain it would take new batches
      // only to hold the stop up); the batches in hand finish, the carrier still open.
      await Promise.all([drainRequests(), worker?.stop()]);
      await carrier?.close();
      await viber?.close();
      await smtpSink?.close();
      await closeDatabase();
      await stopTracing(); // the spans still buffered go out
    } finally {
      if (e.embedded) fs.rmSync(serverFile, { force: true });
      process.exit(0);
    }
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
  log("info", "switchboard ready", { url: e.PUBLIC_URL, database: database.kind, worker: e.WORKER });
}

/** Draining requests (10 s at most) and the jobs in hand (30 s at most), then closing: never longer than this. */
const SHUTDOWN_BOUND_MS = 50_000;

function announce(demo: DemoCredentials, dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(path.join(dataDir, "demo-credentials.json"), `${JSON.stringify(demo, null, 2)}\n`, { mode: 0o600 });
  const lines = [
    "",
    `  Switchboard seeded a demo account (also saved in ${path.join(dataDir, "demo-credentials.json")}):`,
    `    dashboard   ${env().PUBLIC_URL}/login`,
    `    user        ${demo.userEmail}`,
    `    password    ${demo.userPassword}`,
    `    app id      ${demo.applicationId}`,
    `    app secret  ${demo.applicationSecret}`,
    "",
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
}
