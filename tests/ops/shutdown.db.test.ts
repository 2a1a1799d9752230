// SIGTERM on a web instance with the inline worker and carrier, as `npm start` runs it, on the
// embedded database and on PostgreSQL: /api/ready answers 503 at once, a request in flight still
// gets its answer, and the process exits 0 well within its bound. (A worker process stopped
// mid-campaign: tests/faults/worker-sigterm.db.test.ts.)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { dbKind, useTestDatabase } from "../support/test-db.ts";
import { freePort } from "../support/pg-cluster.ts";
import { restoreDatabase } from "../../lib/db/backup.ts";
import { eventually } from "../support/messaging.ts";
import { spawnWebProcess } from "./fixtures/spawn-web-process.ts";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "switchboard-shutdown-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
// On PostgreSQL the web process uses a migrated test database of its own.
const db = dbKind === "postgres" ? useTestDatabase() : null;

describe("SIGTERM on a web instance", () => {
  it("turns /api/ready 503, answers the request in flight, and exits 0", { timeout: 150_000 }, async () => {
    // The embedded data folder starts from the project's migrated copy (a restore of it), not from initdb.
    if (!db) await restoreDatabase(inject("pgliteDump"), path.join(work, "pglite"));
    const web = await spawnWebProcess({
      DATA_DIR: work,
      DATABASE_URL: db?.url() ?? "",
      SMSC_SIM_PORT: String(await freePort()),
      SMTP_SINK_PORT: String(await freePort()),
    });
    const { child, base, exited } = web;
    try {
      expect((await fetch(`${base}/api/ready`)).status).toBe(200);

      const inFlight = fetch(`${base}/slow?ms=4000`).then(
        async (r) => ({ status: r.status, body: await r.json() }),
        (e: unknown) => ({ status: 0, body: String(e) }),
      );
      await new Promise((r) => setTimeout(r, 300));
      const stoppedAt = Date.now();
      child.kill("SIGTERM");
      // Ready turns 503 as soon as the signal is handled, while the slow request is still in flight.
      const ready = await eventually(
        async () => {
          const r = await fetch(`${base}/api/ready`);
          return { status: r.status, body: (await r.json()) as { notReady: string[] } };
        },
        (r) => r.status === 503,
        3000,
      );
      expect(ready.body.notReady).toContain("shutdown");
      expect(await inFlight).toEqual({ status: 200, body: { finished: true } });
      expect(await exited, web.log()).toBe(0);
      // Requests drained, the inline worker and carrier stopped, the database closed: seconds, not the bound.
      expect(Date.now() - stoppedAt).toBeLessThan(20_000);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  });
});
