// npm run worker — a worker process of its own, for deployments on PostgreSQL. Stops
// gracefully on SIGTERM: jobs in hand finish; anything a killed worker held is retried.
import { parseEnv } from "../lib/env.ts";
import { openDatabase } from "../lib/db/connection.ts";
import { migrate } from "../lib/db/migrate.ts";
import { startWorker } from "../lib/server/worker.ts";
import { jobs } from "../lib/server/jobs.ts";
import { startCarrier } from "../lib/server/carrier.ts";
import { startViber } from "../lib/server/viber.ts";
import { healthState } from "../lib/server/health/state.ts";
import { startHealthServer } from "../lib/server/health/health-server.ts";
import { processMetrics } from "../lib/server/metrics/registry.ts";
import { startTracing, stopTracing } from "../lib/trace/start-tracing.ts";

const e = parseEnv();
if (!e.DATABASE_URL) {
  process.stderr.write(
    "npm run worker needs DATABASE_URL=postgres://…: the embedded PGlite database belongs to the server process,\n" + "whose inline worker (WORKER=inline, the default) already runs every job.\n",
  );
  process.exit(2);
}
// Traces (OTEL_EXPORTER_OTLP_ENDPOINT), before the database opens so that its statements are spans.
await startTracing("switchboard-worker");
const database = await openDatabase({ kind: "postgres", url: e.DATABASE_URL, poolSize: 4 });
await migrate(database.sql);
const health = healthState();
health.database = async () => database;
// Not ready until its jobs run and it answers SIGTERM gracefully; not ready again once stopping.
let running = false;
let stopping = false;
health.jobsRunning = () => running && !stopping;
processMetrics().sources.database = database;
// Probes and Prometheus reach the worker here from the start: not ready until its jobs run.
const healthServer = e.WORKER_HEALTH_PORT === undefined ? null : await startHealthServer(e.WORKER_HEALTH_PORT);
const carrier = await startCarrier(database);
// The OTP flows' primary channel; email goes to SMTP_URL, else to the web server's bundled sink.
const viber = await startViber(database);
const worker = await startWorker(database, jobs);
for (const signal of ["SIGTERM", "SIGINT"] as const)
  process.once(signal, async () => {
    if (stopping) return;
    stopping = true;
    health.stopping = true;
    // Stops claiming, finishes (or, past 30 s, releases) its batches, then unbinds once their windows drained.
    setTimeout(() => process.exit(1), 45_000).unref();
    await worker.stop();
    await carrier.close();
    await viber.close();
    await database.close();
    await healthServer?.close();
    await stopTracing();
    process.exit(0);
  });
running = true;
