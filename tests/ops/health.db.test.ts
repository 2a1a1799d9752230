// /api/health and /api/ready as a load balancer sees them: liveness without the database;
// readiness that turns 503, naming the database, when the database stops and 200 when it is back;
// migrations not applied and a shutdown named too; and a worker's health port answering the same.
import { execFile } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, inject, it } from "vitest";
import { GET as healthRoute } from "../../app/api/health/route.ts";
import { GET as readyRoute } from "../../app/api/ready/route.ts";
import { dbKind, useTestDatabase } from "../support/test-db.ts";
import { freePort } from "../support/pg-cluster.ts";
import { eventually } from "../support/messaging.ts";
import { openDatabase, type Database } from "../../lib/db/connection.ts";
import { healthState } from "../../lib/server/health/state.ts";
import { forgetMigrated } from "../../lib/server/health/readiness.ts";
import { startHealthServer } from "../../lib/server/health/health-server.ts";

const db = useTestDatabase();
const saved = { ...healthState() };
afterEach(() => {
  Object.assign(healthState(), saved);
  delete healthState().jobsRunning;
  delete healthState().carrierBound;
});

async function get(route: (req: Request) => Response | Promise<Response>, path: string) {
  const res = await route(new Request(`http://localhost:3999${path}`, { headers: { "x-request-id": "probe-1" } }));
  return {
    status: res.status,
    requestId: res.headers.get("x-request-id"),
    body: (await res.json()) as { status: string; notReady?: string[]; checks?: Record<string, { ok: boolean; detail: string }> },
  };
}
const ready = () => get(readyRoute, "/api/ready");

/** A database that can be stopped and started again, as the instance sees it. */
async function stoppableDatabase(): Promise<{ database(): Promise<Database>; stop(): Promise<void>; start(): Promise<void>; close(): Promise<void> }> {
  if (dbKind === "postgres") {
    // PostgreSQL behind a gate: stopped, it resets every connection and refuses new ones.
    const target = new URL(db.url()!);
    const sockets = new Set<net.Socket>();
    let down = false;
    const gate = net.createServer((client) => {
      if (down) return client.resetAndDestroy();
      const upstream = net.connect(Number(target.port), target.hostname);
      sockets.add(client).add(upstream);
      const close = () => {
        client.destroy();
        upstream.destroy();
        sockets.delete(client);
        sockets.delete(upstream);
      };
      client.on("error", close).on("close", close).pipe(upstream);
      upstream.on("error", close).on("close", close).pipe(client);
    });
    await new Promise<void>((r) => gate.listen(0, "127.0.0.1", r));
    const url = new URL(target);
    url.port = String((gate.address() as net.AddressInfo).port);
    const database = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 2 });
    return {
      database: async () => database,
      stop: async () => {
        down = true;
        for (const s of sockets) s.resetAndDestroy();
      },
      start: async () => {
        down = false;
      },
      close: async () => {
        await database.close();
        await new Promise<void>((r) => gate.close(() => r()));
      },
    };
  }
  // PGlite lives in the process: stopping it is closing it, starting it opens its files again (a
  // data folder holding the run's migrated database: reopened in seconds, where loading the dump
  // into memory again took longer).
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "switchboard-health-"));
  await promisify(execFile)("tar", ["-xf", inject("pgliteDump"), "-C", dir]);
  let current = await openDatabase({ kind: "pglite", dir });
  return {
    database: async () => current,
    stop: () => current.close(),
    start: async () => {
      current = await openDatabase({ kind: "pglite", dir });
    },
    close: async () => {
      await current.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe("GET /api/health", () => {
  it("answers 200 with the request id, without asking the database", async () => {
    healthState().database = () => new Promise<Database>(() => {}); // a database that never answers
    const r = await get(healthRoute, "/api/health");
    expect(r).toMatchObject({ status: 200, requestId: "probe-1", body: { status: "ok" } });
  });
});

describe("GET /api/ready", () => {
  it("answers 200 with what it checked", async () => {
    healthState().database = async () => db.database();
    const r = await ready();
    expect(r.status).toBe(200);
    expect(r.requestId).toBe("probe-1");
    expect(r.body).toMatchObject({ status: "ready", notReady: [], checks: { database: { ok: true }, migrations: { ok: true } } });
  });

  it("turns 503 naming the database when it stops, and 200 again when it is back", { timeout: 90_000 }, async () => {
    const s = await stoppableDatabase();
    try {
      healthState().database = s.database;
      expect((await ready()).status).toBe(200);
      await s.stop();
      const down = await ready();
      expect(down.status).toBe(503);
      expect(down.body.status).toBe("not ready");
      expect(down.body.notReady).toEqual(["database"]);
      expect(down.body.checks!.database!.ok).toBe(false);
      await s.start();
      const back = await eventually(ready, (r) => r.status === 200, 30_000);
      expect(back.body.notReady).toEqual([]);
    } finally {
      await s.close().catch(() => undefined);
    }
  });

  it("turns 503 within about a second when the database hangs", async () => {
    healthState().database = () => new Promise<Database>(() => {});
    const started = Date.now();
    const r = await ready();
    expect(r.status).toBe(503);
    expect(r.body.notReady).toEqual(["database"]);
    expect(r.body.checks!.database!.detail).toBe("the database did not open within 1000 ms");
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("names migrations that are not applied", async () => {
    healthState().database = async () => db.database();
    const sql = db.database().sql;
    const { rows } = await sql.query<{ migration_name: string }>(`SELECT migration_name FROM "_prisma_migrations" ORDER BY migration_name DESC LIMIT 1`);
    const latest = rows[0]!.migration_name;
    await sql.query(`UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE migration_name = $1`, [latest]);
    forgetMigrated();
    try {
      const r = await ready();
      expect(r.status).toBe(503);
      expect(r.body.notReady).toEqual(["migrations"]);
      expect(r.body.checks!.migrations!.detail).toContain(latest);
    } finally {
      await sql.query(`UPDATE "_prisma_migrations" SET rolled_back_at = NULL WHERE migration_name = $1`, [latest]);
    }
    expect((await ready()).status).toBe(200);
  });

  it("turns 503 while the process shuts down, and when its job engine stopped", async () => {
    healthState().database = async () => db.database();
    healthState().jobsRunning = () => false;
    healthState().stopping = true;
    const r = await ready();
    expect(r.status).toBe(503);
    expect(r.body.notReady).toEqual(["shutdown", "jobs"]);
  });
});

describe("a worker's health port", () => {
  it("answers /api/health, /api/ready and, to this machine, /metrics", async () => {
    healthState().database = async () => db.database();
    healthState().jobsRunning = () => true;
    const server = await startHealthServer(await freePort(), "127.0.0.1");
    try {
      const base = `http://127.0.0.1:${server.port}`;
      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: "ok" });
      const r = await fetch(`${base}/api/ready`);
      expect(r.status).toBe(200);
      expect(await r.json()).toMatchObject({ status: "ready", checks: { jobs: { ok: true } } });
      healthState().jobsRunning = () => false;
      const notReady = await fetch(`${base}/api/ready`);
      expect(notReady.status).toBe(503);
      expect((await notReady.json()).notReady).toEqual(["jobs"]);
      const metrics = await fetch(`${base}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain("# TYPE switchboard_sms_parts_total counter");
      expect((await fetch(`${base}/elsewhere`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
