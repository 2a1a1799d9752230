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

  it("listens on loopback by default on the embedded database, and allows private callbacks only there", () => {
    expect(parseEnv({ DATA_DIR: dataDir })).toMatchObject({ HOSTNAME: "127.0.0.1", ALLOW_PRIVATE_CALLBACK_URLS: true });
    // Opened to the network: the server must not call into it for any API client.
    expect(parseEnv({ DATA_DIR: dataDir, HOSTNAME: "0.0.0.0" })).toMatchObject({ HOSTNAME: "0.0.0.0", ALLOW_PRIVATE_CALLBACK_URLS: false });
    expect(parseEnv({ DATA_DIR: dataDir, HOSTNAME: "::" }).ALLOW_PRIVATE_CALLBACK_URLS).toBe(false);
    expect(parseEnv({ DATA_DIR: dataDir, HOSTNAME: "0.0.0.0", ALLOW_PRIVATE_CALLBACK_URLS: "true" }).ALLOW_PRIVATE_CALLBACK_URLS).toBe(true);
    expect(parseEnv({ DATA_DIR: dataDir, DATABASE_URL: "postgres://u@h/db" }).HOSTNAME).toBe("0.0.0.0");
  });

  it("seeds the demo account on the embedded database only, unless asked", () => {
    expect(parseEnv({ DATA_DIR: dataDir }).SEED).toBe("auto");
    expect(parseEnv({ DATA_DIR: dataDir, SEED: "demo" }).SEED).toBe("demo");
    expect(() => parseEnv({ DATA_DIR: dataDir, SEED: "yes" })).toThrow(ConfigError);
  });

  it("reads TRUSTED_PROXIES as addresses and ranges", () => {
    expect(parseEnv({ DATA_DIR: dataDir, TRUSTED_PROXIES: "10.0.0.0/8, 192.0.2.1,fd00::/8" }).TRUSTED_PROXIES).toEqual(["10.0.0.0/8", "192.0.2.1", "fd00::/8"]);
    expect(parseEnv({ DATA_DIR: dataDir }).TRUSTED_PROXIES).toEqual([]);
    expect(() => parseEnv({ DATA_DIR: dataDir, TRUSTED_PROXIES: "proxy.internal" })).toThrow(/TRUSTED_PROXIES/);
  });

  it("reads JOB_LEASE_SECONDS as whole seconds from 2, unset by default (each job's own lease)", () => {
    expect(parseEnv({ DATA_DIR: dataDir }).JOB_LEASE_SECONDS).toBeUndefined();
    expect(parseEnv({ DATA_DIR: dataDir, JOB_LEASE_SECONDS: "4" }).JOB_LEASE_SECONDS).toBe(4);
    expect(() => parseEnv({ DATA_DIR: dataDir, JOB_LEASE_SECONDS: "1" })).toThrow(/JOB_LEASE_SECONDS/);
  });
});
