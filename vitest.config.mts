import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

const root = import.meta.dirname;
const dataDir = path.join(os.tmpdir(), `switchboard-vitest-${process.pid}`);

export default defineConfig({
  resolve: { alias: { "@": root } },
  test: {
    env: { TEST_DATA_ROOT: dataDir, LOG_LEVEL: "silent", PUBLIC_URL: "http://localhost:3999" },
    setupFiles: ["tests/support/worker-data-dir.ts"],
    // Vitest's default is one worker less than the cores (one worker on this 2-core machine); the
    // database tests spend much of their time waiting (timers, the PostgreSQL server, child
    // processes), so a worker per core keeps both busy. VITEST_MAX_WORKERS overrides it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, os.availableParallelism()),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: "unit", include: ["lib/**/*.test.ts", "tests/**/*.test.ts"], exclude: ["**/*.db.test.ts"] } },
      {
        extends: true,
        test: { name: "pglite", include: ["**/*.db.test.ts"], exclude: ["node_modules/**"], env: { TEST_DB: "pglite" }, globalSetup: ["tests/support/pglite-global.ts"] },
      },
      {
        extends: true,
        test: {
          name: "postgres",
          include: ["**/*.db.test.ts"],
          exclude: ["node_modules/**"],
          env: { TEST_DB: "postgres" },
          globalSetup: ["tests/support/postgres-global.ts"],
        },
      },
    ],
  },
});
