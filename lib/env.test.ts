import os from "node:os";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "./env.ts";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sb-env-"));

describe("configuration", () => {
  it("runs embedded by default, with a generated secret that survives restarts", () => {
    const a = parseEnv({ DATA_DIR: dataDir });
    expect(a).toMatchObject({ PORT: 3000, PUBLIC_URL: "http://localhost:3000", embedded: true, ALLOW_PRIVATE_CALLBACK_URLS: true, WORKER: "inline" });
    expect(a.AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(parseEnv({ DATA_DIR: dataDir }).AUTH_SECRET).toBe(a.AUTH_SECRET);
  });

  it("uses PostgreSQL when DATABASE_URL is set, and refuses private callbacks there unless allowed", () => {
    const e = parseEnv({ DATA_DIR: dataDir, DATABASE_URL: "postgres://u@h/db", PORT: "8080" });
    expect(e).toMatchObject({ embedded: false, ALLOW_PRIVATE_CALLBACK_URLS: false, PUBLIC_URL: "http://localhost:8080" });
    expect(parseEnv({ DATA_DIR: dataDir, DATABASE_URL: "postgres://u@h/db", ALLOW_PRIVATE_CALLBACK_URLS: "true" }).ALLOW_PRIVATE_CALLBACK_URLS).toBe(true);
  });

  it("stops with a sentence naming each wrong variable", () => {
    expect(() => parseEnv({ DATA_DIR: dataDir, PORT: "http", DATABASE_URL: "mysql://x", WORKER: "maybe" })).toThrow(ConfigError);
    try {
      parseEnv({ DATA_DIR: dataDir, PORT: "http", DATABASE_URL: "mysql://x" });
    } catch (e) {
      expect((e as Error).message).toContain("PORT");
      expect((e as Error).message).toContain("DATABASE_URL: must be a postgres://");
    }
  });
});
