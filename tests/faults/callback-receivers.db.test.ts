// Faulty callback receivers, one scripted receiver per fault, all delivered at once by the real
// worker (callbacks.deliver, its 1 + 5 attempts; retries 1 s apart instead of the growing delays,
// which are data in the job): a receiver that hangs (the attempt ends at the 10 s limit and is
// tried again), answers 500 (retried; 1 + 5 attempts in all), answers 410 Gone (permanent: no
// more attempts), redirects (not followed, recorded) or closes the connection before or in the
// middle of its answer (retried). Every attempt is stored with its status or error; every
// request of one callback carries the same webhook-id, freshly signed; every callback whose
// receiver recovers arrives.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { eventually } from "../support/messaging.ts";
import { startWorker, type Worker } from "../../lib/server/worker.ts";
import { wakeWorkers } from "../../lib/jobs/wake.ts";
import { deliverCallback } from "../../lib/core/callbacks/deliver-callback.ts";
import { deliverInboundCallback } from "../../lib/core/callbacks/deliver-inbound-callback.ts";
import { scheduleCallback } from "../../lib/core/callbacks/schedule-callback.ts";
import { signatureHeaders } from "../../lib/core/callbacks/sign.ts";

const db = useTestDatabase();

type Act = number | "hang" | "cut" | "drop";
// What each receiver does on its 1st, 2nd… request; the last entry repeats.
const scripts: Record<string, Act[]> = {
  hang: ["hang", 200],
  down: [500, 500, 503, 200],
  "always-500": [500],
  gone: [410],
  redirect: [302],
  cut: ["cut", 200],
  drop: ["drop", 200],
};
type Req = { id: string; timestamp: string; signature: string; attempt: string; raw: string; answered: Act };
const received: Record<string, Req[]> = Object.fromEntries([...Object.keys(scripts), "redirect-target", "gone-inbound"].map((k) => [k, []]));

let server: http.Server;
let worker: Worker;
let secret = "";
let base = "";
let accountId = "";
const ids: Record<string, string> = {};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const path = (req.url ?? "").slice(1);
      const log = received[path]!;
      const script = scripts[path] ?? (path === "gone-inbound" ? [410] : [200]);
      const act = script[Math.min(log.length, script.length - 1)]!;
      const h = req.headers;
      log.push({ id: String(h["webhook-id"]), timestamp: String(h["webhook-timestamp"]), signature: String(h["webhook-signature"]), attempt: String(h["x-switchboard-attempt"]), raw, answered: act });
      if (act === "hang") return;
      if (act === "drop") return req.socket.destroy();
      if (act === "cut") {
        res.writeHead(200, { "content-length": "100" });
        res.write("partial");
        return setTimeout(() => req.socket.destroy(), 20);
      }
      if (act === 302) res.setHeader("location", `http://${h.host}/redirect-target`);
      res.statusCode = act;
      res.end(act === 200 ? "ok" : `answer ${act}`);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const ctx = db.ctx();
  const a = await makeAccount(ctx);
  secret = a.account.webhookSecret;
  accountId = a.account.id;
  const fast = { ...deliverCallback, retryDelaySeconds: 1, retryBackoff: false };
  worker = await startWorker(db.database(), [fast], { pollingIntervalSeconds: 0.2 });
  await ctx.enqueue.prepare([fast]);
  const schedule = async (paths: string[]) => {
    await ctx.db.$transaction(async (tx) => {
      for (const path of paths) {
        const row = await scheduleCallback(ctx, tx, { accountId: a.account.id, kind: "sms.status", url: `${base}/${path}`, payload: { receiver: path } });
        ids[path] = row.id;
      }
    });
    wakeWorkers(deliverCallback.name);
  };
  // The hanging receiver first and alone: its batch waits out the 10 s limit while the worker's
  // other batch lane delivers the rest meanwhile.
  await schedule(["hang"]);
  await eventually(
    async () => received.hang!.length,
    (n) => n === 1,
  );
  await schedule(Object.keys(scripts).filter((p) => p !== "hang"));
}, 60_000);

afterAll(async () => {
  await worker?.stop(5000);
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
});

/** The callback once it is no longer pending, with its attempts in order. */
function settled(path: string, ms = 30_000) {
  return eventually(
    () => db.ctx().db.callback.findUniqueOrThrow({ where: { id: ids[path]! }, include: { attemptLog: { orderBy: { attempt: "asc" } } } }),
    (c) => c.state !== "pending",
    ms,
  );
}

/** Every request of the callback carried its id as webhook-id, a fresh valid signature and its attempt number. */
function expectStableSignedId(path: string) {
  const reqs = received[path]!;
  expect(reqs.length).toBeGreaterThan(0);
  reqs.forEach((r, i) => {
    expect(r.id).toBe(ids[path]);
    expect(r.attempt).toBe(String(i + 1));
    expect(r.signature).toBe(signatureHeaders(secret, r.id, r.raw, new Date(Number(r.timestamp) * 1000))["webhook-signature"]);
  });
}

describe("callback receivers that misbehave", () => {
  it("answers 500 and recovers: retried until it answers 200, every attempt stored", async () => {
    const cb = await settled("down");
    expect(cb.state).toBe("delivered");
    expect(cb.attemptLog.map((x) => x.statusCode)).toEqual([500, 500, 503, 200]);
    // The receiver is on this machine: what a private address answers is never kept, only its status.
    expect(cb.attemptLog.map((x) => x.responseBody)).toEqual(["", "", "", ""]);
    expectStableSignedId("down");
  });

  it("answers 500 forever: 1 + 5 attempts, spaced by the retry delay, then failed", async () => {
    const cb = await settled("always-500");
    expect(cb.state).toBe("failed");
    expect(cb.attemptLog.map((x) => x.statusCode)).toEqual([500, 500, 500, 500, 500, 500]);
    const at = cb.attemptLog.map((x) => x.at.getTime());
    for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(950);
    expectStableSignedId("always-500");
  });

  it("answers 410 Gone: permanent, no further attempt", async () => {
    const cb = await settled("gone");
    expect(cb.state).toBe("failed");
    expect(cb.attemptLog.map((x) => [x.attempt, x.statusCode])).toEqual([[1, 410]]);
    // Past several retry delays, still the one request.
    await new Promise((r) => setTimeout(r, 2500));
    expect(received.gone).toHaveLength(1);
    expect((await db.ctx().db.callback.findUniqueOrThrow({ where: { id: ids.gone! } })).attempts).toBe(1);
  });

  it("answers 410 Gone to an inbound-SMS callback: no retry on its schedule either", async () => {
    const cb = await db.ctx().db.callback.create({
      // As scheduleCallback records an inbound message's callback: its own job sends it, not callbacks.deliver (no due time).
      data: { accountId, kind: "sms.inbound", url: `${base}/gone-inbound`, payload: { receiver: "gone-inbound" }, createdAt: new Date(), dueAt: null },
    });
    await deliverInboundCallback.handler(db.ctx(), { callbackId: cb.id }, { id: cb.id, retryCount: 0, retryLimit: 2 });
    const after = await db.ctx().db.callback.findUniqueOrThrow({ where: { id: cb.id }, include: { attemptLog: true } });
    expect(after).toMatchObject({ state: "failed", attempts: 1 });
    expect(after.attemptLog.map((x) => x.statusCode)).toEqual([410]);
    const queued = await db.ctx().sql.query("SELECT 1 FROM pgboss.job WHERE name = $1 AND data->>'callbackId' = $2", [deliverInboundCallback.name, cb.id]);
    expect(queued.rows).toHaveLength(0);
  });

  it("redirects: never followed, each attempt recorded with its 3xx", async () => {
    const cb = await settled("redirect");
    expect(cb.state).toBe("failed");
    expect(cb.attemptLog).toHaveLength(6);
    for (const x of cb.attemptLog) expect(x).toMatchObject({ statusCode: 302, error: expect.stringMatching(/^redirect to http:\/\/127\.0\.0\.1:\d+\/redirect-target not followed$/) });
    expect(received["redirect-target"]).toEqual([]);
    expectStableSignedId("redirect");
  });

  it("closes the connection before answering, or in the middle of its answer: retried, then delivered", async () => {
    const drop = await settled("drop");
    expect(drop.state).toBe("delivered");
    expect(drop.attemptLog.map((x) => x.statusCode)).toEqual([0, 200]);
    expect(drop.attemptLog[0]!.error).toMatch(/closed|reset|socket/i);
    const cut = await settled("cut");
    expect(cut.state).toBe("delivered");
    // The status line came, the body did not: a failed attempt, stored as such.
    expect(cut.attemptLog.map((x) => [x.statusCode, x.error === ""])).toEqual([
      [200, false],
      [200, true],
    ]);
    expect(cut.attemptLog[0]!.error).toMatch(/^answer 200 cut off/);
    expectStableSignedId("drop");
    expectStableSignedId("cut");
  });

  it("hangs: the attempt ends at the 10 s limit, is tried again and delivered", async () => {
    const cb = await settled("hang");
    expect(cb.state).toBe("delivered");
    expect(cb.attemptLog.map((x) => x.statusCode)).toEqual([0, 200]);
    expect(cb.attemptLog[0]!.error).toBe("no answer within 10000 ms");
    expect(cb.attemptLog[0]!.latencyMs).toBeGreaterThanOrEqual(9_900);
    expect(cb.attemptLog[0]!.latencyMs).toBeLessThan(12_000);
    expectStableSignedId("hang");
  });

  it("every callback whose receiver recovered has arrived, answered 2xx, exactly where it was sent", async () => {
    for (const path of ["hang", "down", "cut", "drop"]) {
      const ok = received[path]!.filter((r) => r.answered === 200);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      expect(JSON.parse(ok[0]!.raw)).toEqual({ receiver: path });
    }
  });
});
