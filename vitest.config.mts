import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

const root = import.meta.dirname;
const dataDir = path.join(os.tmpdir(), `switchboard-vitest-${process.pid}`);

// Vitest's default is one worker less than the cores (one worker on this 2-core machine). The
// database tests spend much of their time waiting (timers, the PostgreSQL server), so more
// workers than cores keep both busy: on 2 cores PGlite's files took 233 s with 2 workers and
// 179 s with 3. PostgreSQL's took 141 s with 2 and 113 s with 4, but with 4 a campaign test saw
// a part reach its SMSC simulator twice (most likely a submit that timed out while the test's
// process starved, and went again), so 2 there. VITEST_MAX_WORKERS overrides both.
const cores = os.availableParallelism();
const workers = (extra: number) => Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, cores + extra);
// Files that start processes of their own (workers, the command line) or measure time (pacing,
// concurrent charges) run afterwards, two at a time: beside the three PGlite workers they starved
// for CPU on two cores and timed out, but they mostly wait (real seconds, other processes), so two
// of them together keep the cores busier (alone: 454 s for these files, 315 s of CPU; two at a
// time: 300 s). The fault files run on PostgreSQL only (worker processes, a server to
// restart): PGlite's serial project leaves them out instead of loading each to skip it.
const faults = "tests/faults/**/*.db.test.ts";
const serial = [faults, "tests/cli/cli.db.test.ts", "tests/cli/sim-inbound.db.test.ts", "tests/api/numbers-pacing.db.test.ts", "lib/core/accounts/ledger.db.test.ts", "tests/ops/shutdown*.db.test.ts"];

const databases = [
  { name: "pglite", env: { TEST_DB: "pglite" }, globalSetup: ["tests/support/pglite-global.ts"] },
  { name: "postgres", env: { TEST_DB: "postgres" }, globalSetup: ["tests/support/postgres-global.ts"] },
];

export default defineConfig({
  resolve: { alias: { "@": root } },
  test: {
    env: { TEST_DATA_ROOT: dataDir, LOG_LEVEL: "silent", PUBLIC_URL: "http://localhost:3999", HOSTNAME: "127.0.0.1" },
    setupFiles: ["tests/support/worker-data-dir.ts"],
    // One module graph per worker, not per file (isolate: false): importing the app's modules again
    // for each file cost about 4 s a file, most of the run (measured: the postgres project 580 s →
    // 141 s). Each file still gets a database of its own (useTestDatabase) and its own carrier
    // (attachCarrier); what a process holds otherwise is keyed by database or account. The serial
    // files keep a fresh module graph each: they time faults, and they are few.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: "unit", include: ["lib/**/*.test.ts", "tests/**/*.test.ts"], exclude: ["**/*.db.test.ts"], maxWorkers: workers(0), sequence: { groupOrder: 0 } } },
      // One group each (vitest runs projects of one group with one worker count). Not the earlier
      // checkouts that `npm run bench -- --against` keeps in .bench-baselines.
      ...databases.map((d, i) => ({
        extends: true as const,
        test: { ...d, include: ["**/*.db.test.ts"], exclude: ["node_modules/**", ".bench-baselines/**", ...serial], maxWorkers: workers(d.name === "pglite" ? 1 : 0), sequence: { groupOrder: 1 + i } },
      })),
      ...databases.map((d, i) => ({
        extends: true as const,
        test: { ...d, name: `${d.name}-serial`, include: d.name === "pglite" ? serial.filter((f) => f !== faults) : serial, maxWorkers: 2, isolate: true, sequence: { groupOrder: 3 + i } },
      })),
    ],
  },
});
