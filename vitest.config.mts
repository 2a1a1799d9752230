import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

const root = import.meta.dirname;
const dataDir = path.join(os.tmpdir(), `switchboard-vitest-${process.pid}`);

export default defineConfig({
  resolve: { alias: { "@": root } },
  test: {
    env: { DATA_DIR: dataDir, LOG_LEVEL: "silent", PUBLIC_URL: "http://localhost:3999" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: "unit", include: ["lib/**/*.test.ts", "tests/**/*.test.ts"], exclude: ["**/*.db.test.ts"] } },
      { extends: true, test: { name: "pglite", include: ["**/*.db.test.ts"], exclude: ["node_modules/**"], env: { TEST_DB: "pglite" } } },
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
