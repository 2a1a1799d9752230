// SIGTERM mid-campaign on the embedded defaults (PGlite, the inline worker and carrier in the web
// process: what `npm start` runs): the process exits 0 within its bound, the next start on the
// same data folder sends the rest, and the SMSC (a simulator in this process, so it counts across
// both lives) got every recipient's message exactly once, none flagged possible_duplicate
// (nothing was cut off), every one Delivered by its receipt. On PostgreSQL, worker processes
// share the database: tests/faults/worker-sigterm.db.test.ts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { dbKind } from "../support/test-db.ts";
import { freePort } from "../support/pg-cluster.ts";
import { restoreDatabase } from "../../lib/db/backup.ts";
import { openDatabase } from "../../lib/db/connection.ts";
import { contextFor } from "../../lib/server/context.ts";
import { startSmscSimulator, type SmscSimulator } from "../../lib/carrier/smsc-simulator.ts";
import { campaignOutcome, numbers, waitFor } from "../faults/fault-kit.ts";
import { spawnWebProcess, type WebProcess } from "./fixtures/spawn-web-process.ts";

// Made by the test itself: the file is loaded, and its test skipped, on PostgreSQL too.
let work = "";
const lives: WebProcess[] = [];
let simulator: SmscSimulator | undefined;
afterAll(async () => {
  for (const w of lives) if (w.child.exitCode === null) w.child.kill("SIGKILL");
  await simulator?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

/** docs/operations.md, "Stopping gracefully": a web instance exits within 50 s whatever happens. */
const BOUND_MS = 50_000;

describe.skipIf(dbKind !== "pglite")("SIGTERM on the embedded server mid-campaign", () => {
  it("exits 0, and the next start sends the rest: nothing lost, nothing twice", { timeout: 240_000 }, async () => {
    // Three batches (1000, 1000 and 100: campaign-jobs.ts), claimed in no set order. At 300 submit_sm
    // a second the process claims another only when those in hand have under half a second of parts
    // left, so at 30% it holds one or two: it finishes them while it stops, and at least one batch
    // is left queued for the next start.
    const N = 2100;
    work = fs.mkdtempSync(path.join(os.tmpdir(), "switchboard-shutdown-campaign-"));
    await restoreDatabase(inject("pgliteDump"), path.join(work, "pglite"));
    // Receipts 200 ms after each submit; every submit_sm answered after 20 ms, over 2 binds × a window of 10, 150 a second each.
    simulator = await startSmscSimulator({ port: 0, deliveryDelayMs: 200, respondDelayMs: 20, recordLimit: 20_000 });
    const env = { DATA_DIR: work, DATABASE_URL: "", SMSC_URL: `${simulator.url}?binds=2&window=10&tps=150`, SMTP_SINK_PORT: String(await freePort()) };
    const start = async () => {
      const w = await spawnWebProcess(env);
      lives.push(w);
      return w;
    };
    const stop = async (w: WebProcess) => {
      const stoppedAt = Date.now();
      w.child.kill("SIGTERM");
      const code = await w.exited;
      expect({ code, signal: w.child.signalCode }, w.log()).toEqual({ code: 0, signal: null });
      return Date.now() - stoppedAt;
    };

    const first = await start();
    const created = await fetch(`${first.base}/campaign`, { method: "POST", body: JSON.stringify({ from: "Deploy", body: "Rolling restart", to: numbers(N) }) });
    expect(created.status, first.log()).toBe(200);
    const { id } = (await created.json()) as { id: string };
    await waitFor(
      () => simulator!.submitted(),
      (n) => n >= 0.3 * N,
      60_000,
      "30% submitted",
    );
    const atSignal = simulator.submitted();
    const exitMs = await stop(first);
    expect(exitMs).toBeLessThan(BOUND_MS);
    const atExit = simulator.submitted();

    // The same data folder, the same SMSC: the jobs the first life left queued are this one's.
    const second = await start();
    await waitFor(
      () =>
        fetch(`${second.base}/campaign?id=${id}`).then(
          (r) => r.json() as Promise<{ state: string; statuses: Record<string, number> }>,
          () => null,
        ),
      (p) => p !== null && (p.state === "Sent" || p.state === "Finished") && p.statuses.Delivered === N,
      60_000,
      "every message delivered",
    );
    await stop(second);

    // Both lives are over: the test may open the data folder.
    const database = await openDatabase({ kind: "pglite", dir: path.join(work, "pglite") });
    try {
      const outcome = await campaignOutcome(contextFor(database), id, simulator);
      console.info(`[ops] SIGTERM at ${atSignal} of ${N} submitted, ${atExit} at exit: the web process exited in ${exitMs} ms`);
      // The first life finished the batches in hand; the second sent what was left queued.
      expect(atExit).toBeLessThan(N);
      // Every receipt was taken (those due after the first life unbound, by the second) and applied.
      expect(simulator.pendingDeliveries()).toBe(0);
      expect(outcome).toMatchObject({ messages: N, recipients: N, notOnce: 0, statuses: { Delivered: N }, duplicatedParts: [], flagged: 0, deliveredNotOnce: 0, repeatedEvents: 0 });
    } finally {
      await database.close();
    }
  });
});
