// The webhook center (issue 20) end to end through its API and the real worker: a receiver that
// answers 500 until it recovers (the deliveries show failed attempts, the endpoint pauses after
// the account's threshold, resuming sends every waiting callback once, in order, validly
// signed; the owner e-mailed once per pause), a resume while still failing (paused again, nothing
// lost), inbound-message callbacks waiting at a paused endpoint too, replays (same webhook-id,
// current secret, who asked), bulk replay's refusals, count, confirmation, progress and pace,
// and the log's filters and cursor.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as listDeliveries } from "../../app/api/webhooks/deliveries/route.ts";
import { GET as readDelivery } from "../../app/api/webhooks/deliveries/[id]/route.ts";
import { POST as replayOne } from "../../app/api/webhooks/deliveries/[id]/replay/route.ts";
import { POST as replayMany } from "../../app/api/webhooks/replays/route.ts";
import { GET as replayProgress } from "../../app/api/webhooks/replays/[id]/route.ts";
import { GET as listEndpoints } from "../../app/api/webhooks/endpoints/route.ts";
import { POST as pause } from "../../app/api/webhooks/endpoints/pause/route.ts";
import { POST as resume } from "../../app/api/webhooks/endpoints/resume/route.ts";
import { PUT as putSettings } from "../../app/api/webhooks/settings/route.ts";
import { dbKind, useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { bearer, call } from "../support/http.ts";
import { eventually } from "../support/messaging.ts";
import { startWorker, type Worker } from "../../lib/server/worker.ts";
import { deliverCallback } from "../../lib/core/callbacks/deliver-callback.ts";
import { webhookJobs } from "../../lib/core/callbacks/webhook-jobs.ts";
import { scheduleCallback } from "../../lib/core/callbacks/schedule-callback.ts";
import { signatureHeaders } from "../../lib/core/callbacks/sign.ts";
import { deliverInboundCallback } from "../../lib/core/callbacks/deliver-inbound-callback.ts";
import { deliverEmail } from "../../lib/core/email/deliver-email.ts";
import { startSmtpSink, type SmtpSink } from "../../lib/providers/smtp/sink.ts";
import { setSmtpUrl } from "../../lib/server/services.ts";

const db = useTestDatabase();
const LEASE_SECONDS = 4;

type Req = { path: string; id: string; timestamp: string; signature: string; raw: string; status: number };
const received: Req[] = [];
/** What each path answers now. */
const answers = new Map<string, number>();
let open = 0;
let mostOpen = 0;
let server: http.Server;
let worker: Worker;
let sink: SmtpSink;
let base = "";
let a: Awaited<ReturnType<typeof makeAccount>>;
let auth: Record<string, string>;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    // Open requests to /bulk only: the pace is per endpoint.
    const bulk = req.url === "/bulk";
    if (bulk) mostOpen = Math.max(mostOpen, ++open);
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const path = req.url ?? "";
      const status = answers.get(path) ?? 200;
      const h = req.headers;
      received.push({ path, id: String(h["webhook-id"]), timestamp: String(h["webhook-timestamp"]), signature: String(h["webhook-signature"]), raw, status });
      // A little latency, so that concurrent POSTs overlap at the receiver.
      setTimeout(() => {
        res.writeHead(status, { "content-type": "text/plain", "x-receiver": "test" });
        res.end(status === 200 ? "ok" : `down ${status}`);
        if (bulk) open--;
      }, 5);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const ctx = db.ctx();
  a = await makeAccount(ctx);
  auth = bearer(await a.token());
  // Pause after 3 consecutive failures, however quickly they came.
  expect((await call(putSettings, { method: "PUT", path: "/webhooks/settings", headers: auth, body: { pauseAfterFailures: 3, pauseAfterMinutes: 0 } })).status).toBe(200);
  // A 4 s lease (30 s in production, 4 s in the fault tests): every test here runs with its leases renewed.
  const fast = { ...deliverCallback, retryDelaySeconds: 1, retryBackoff: false, retryLimit: 1, leaseSeconds: LEASE_SECONDS };
  // The pause notices go out through the bundled SMTP sink, which keeps what it receives.
  sink = await startSmtpSink(db.database(), { port: 0 });
  setSmtpUrl(sink.url);
  const jobs = [fast, deliverInboundCallback, deliverEmail, ...webhookJobs];
  worker = await startWorker(db.database(), jobs, { pollingIntervalSeconds: 0.2 });
  await ctx.enqueue.prepare(jobs);
}, 60_000);

afterAll(async () => {
  await worker?.stop(5000);
  setSmtpUrl(undefined);
  await sink?.close();
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
});

/** Schedules callbacks to a path one after another (distinct creation times, so their order is known). */
async function schedule(path: string, n: number, accountId = a.account.id, kind = "sms.status"): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const ctx = db.ctx();
    await ctx.enqueue.ready();
    const row = await ctx.db.$transaction((tx) => scheduleCallback(ctx, tx, { accountId, kind, url: `${base}${path}`, payload: { path, i } }));
    ids.push(row.id);
    await new Promise((r) => setTimeout(r, 3));
  }
  db.ctx().wake(deliverCallback);
  db.ctx().wake(deliverInboundCallback);
  return ids;
}

/** The pause notices the account's owner was sent about an endpoint, as the SMTP sink received them. */
const notices = async (endpoint: string) =>
  (await db.ctx().db.smtpSinkMessage.findMany({ where: { subject: `Webhook endpoint paused: ${endpoint}` } })).filter((m) => JSON.stringify(m.rcptTo).includes(a.user.email));

const states = async (ids: string[]) => (await db.ctx().db.callback.findMany({ where: { id: { in: ids } }, select: { state: true } })).map((c) => c.state);
const validlySigned = (r: Req, secret: string) => r.signature === signatureHeaders(secret, r.id, r.raw, new Date(Number(r.timestamp) * 1000))["webhook-signature"];
const endpointOf = (path: string) => `${base}${path}`;

describe("a receiver that answers 500 for a while, then recovers", () => {
  it("shows the failed attempts, pauses the endpoint, and on resume delivers each waiting callback once, in order, signed", async () => {
    answers.set("/down", 500);
    const ids = await schedule("/down", 5);
    await eventually(
      () => states(ids),
      (s) => s.every((x) => x === "paused"),
    );

    // The log: filtered by state and host, newest first, each with its last failed attempt.
    const log = await call(listDeliveries, { path: "/webhooks/deliveries?state=paused&host=127.0.0.1", headers: auth });
    expect(log.status).toBe(200);
    expect(log.body.content.map((d: { id: string }) => d.id)).toEqual([...ids].reverse());
    // The oldest was surely attempted (those claimed after the pause wait without a POST).
    expect(log.body.content.at(-1)).toMatchObject({ id: ids[0], state: "paused", endpoint: endpointOf("/down"), lastAttempt: { statusCode: 500 } });

    // One delivery: the request as sent (its signature verifies) and the answer (status and headers;
    // the body of an answer from a private address such as this receiver's is never kept: issue 18).
    const one = await call(readDelivery, { path: `/webhooks/deliveries/${ids[0]}`, headers: auth, params: { id: ids[0]! } });
    const first = one.body.attempts[0];
    expect(first.request.headers["webhook-id"]).toBe(ids[0]);
    const sig = signatureHeaders(a.account.webhookSecret, ids[0]!, first.request.body, new Date(Number(first.request.headers["webhook-timestamp"]) * 1000));
    expect(first.request.headers["webhook-signature"]).toBe(sig["webhook-signature"]);
    expect(first.response).toMatchObject({ statusCode: 500, body: "", headers: { "x-receiver": "test" } });

    const health = await call(listEndpoints, { path: "/webhooks/endpoints", headers: auth });
    const card = health.body.find((e: { endpoint: string }) => e.endpoint === endpointOf("/down"));
    expect(card).toMatchObject({ paused: true, waiting: 5, lastStatus: 500 });
    expect(card.consecutiveFailures).toBeGreaterThanOrEqual(3);

    // The owner is e-mailed once for this pause, not once per callback: the endpoint, the last
    // error, the count waiting and a link to the Webhooks page.
    const [mail, ...more] = await eventually(
      () => notices(endpointOf("/down")),
      (m) => m.length > 0,
    );
    expect(more).toHaveLength(0);
    expect(mail!.text).toContain(`Endpoint: ${endpointOf("/down")}`);
    expect(mail!.text).toContain("Last error: answered 500");
    expect(mail!.text).toMatch(/Callbacks waiting: [1-5] /);
    expect(mail!.text).toContain("http://localhost:3999/webhooks?state=paused&host=127.0.0.1");

    // Recovered: resume. Every waiting callback arrives once, oldest first, validly signed.
    answers.set("/down", 200);
    const resumed = await call(resume, { method: "POST", path: "/webhooks/endpoints/resume", headers: auth, body: { endpoint: endpointOf("/down") } });
    expect(resumed.body).toMatchObject({ paused: false, waiting: 5 });
    await eventually(
      () => states(ids),
      (s) => s.every((x) => x === "delivered"),
    );
    const ok = received.filter((r) => r.path === "/down" && r.status === 200);
    expect(ok.map((r) => r.id)).toEqual(ids);
    for (const r of received.filter((x) => x.path === "/down")) expect(validlySigned(r, a.account.webhookSecret)).toBe(true);
    const replayed = await call(readDelivery, { path: `/webhooks/deliveries/${ids[4]}`, headers: auth, params: { id: ids[4]! } });
    expect(replayed.body.attempts.at(-1)).toMatchObject({ replayedBy: `application ${a.application.name}`, response: { statusCode: 200 } });
  });

  it("resuming an endpoint that still fails pauses it again and loses nothing", async () => {
    answers.set("/flaky", 503);
    const endpoint = endpointOf("/flaky");
    await call(pause, { method: "POST", path: "/webhooks/endpoints/pause", headers: auth, body: { endpoint } });
    const ids = await schedule("/flaky", 3);
    await eventually(
      () => states(ids),
      (s) => s.every((x) => x === "paused"),
    );
    expect(received.filter((r) => r.path === "/flaky")).toHaveLength(0);
    await call(resume, { method: "POST", path: "/webhooks/endpoints/resume", headers: auth, body: { endpoint } });
    await eventually(
      async () => (await db.ctx().db.webhookEndpoint.findFirst({ where: { accountId: a.account.id, endpoint } }))?.pausedAt,
      (p) => Boolean(p),
    );
    expect(await states(ids)).toEqual(["paused", "paused", "paused"]);
    expect(received.filter((r) => r.path === "/flaky").map((r) => r.id)).toEqual([ids[0]]);
    answers.set("/flaky", 200);
    await call(resume, { method: "POST", path: "/webhooks/endpoints/resume", headers: auth, body: { endpoint } });
    await eventually(
      () => states(ids),
      (s) => s.every((x) => x === "delivered"),
    );
    expect(received.filter((r) => r.path === "/flaky" && r.status === 200).map((r) => r.id)).toEqual(ids);
    // Paused by hand: no e-mail; paused again by the failed resume: one.
    expect(
      await eventually(
        () => notices(endpoint),
        (m) => m.length > 0,
      ),
    ).toHaveLength(1);
  });

  it("holds inbound-message callbacks at a paused endpoint too, and sends them on resume, in order", async () => {
    const endpoint = endpointOf("/inbound");
    await call(pause, { method: "POST", path: "/webhooks/endpoints/pause", headers: auth, body: { endpoint } });
    const ids = await schedule("/inbound", 3, a.account.id, "sms.inbound");
    await eventually(
      () => states(ids),
      (s) => s.every((x) => x === "paused"),
    );
    expect(received.filter((r) => r.path === "/inbound")).toHaveLength(0);
    const resumed = await call(resume, { method: "POST", path: "/webhooks/endpoints/resume", headers: auth, body: { endpoint } });
    expect(resumed.body).toMatchObject({ paused: false, waiting: 3 });
    await eventually(
      () => states(ids),
      (s) => s.every((x) => x === "delivered"),
    );
    expect(received.filter((r) => r.path === "/inbound").map((r) => r.id)).toEqual(ids);
    // And an inbound callback sent normally counts toward the endpoint's health.
    const [later] = await schedule("/inbound", 1, a.account.id, "sms.inbound");
    await eventually(
      () => states([later!]),
      (s) => s[0] === "delivered",
    );
    const card = (await call(listEndpoints, { path: "/webhooks/endpoints", headers: auth })).body.find((e: { endpoint: string }) => e.endpoint === endpoint);
    expect(card).toMatchObject({ paused: false, consecutiveFailures: 0, lastStatus: 200 });
  });
});

describe("replays", () => {
  it("replays one callback with the same webhook-id, signed with the current secret, recorded as by whom", async () => {
    const [id] = await schedule("/replay-one", 1);
    await eventually(
      () => states([id!]),
      (s) => s[0] === "delivered",
    );
    // The secret is rotated: the replay is signed with the new one.
    const secret = Buffer.from("a new secret for the test, 32 bytes!").toString("base64");
    await db.ctx().db.account.update({ where: { id: a.account.id }, data: { webhookSecret: secret } });
    const r = await call(replayOne, { method: "POST", path: `/webhooks/deliveries/${id}/replay`, headers: auth, params: { id: id! } });
    expect(r.status).toBe(200);
    await eventually(
      async () => received.filter((x) => x.path === "/replay-one"),
      (x) => x.length === 2,
    );
    const [original, again] = received.filter((x) => x.path === "/replay-one");
    expect(again!.id).toBe(original!.id);
    expect(validlySigned(again!, secret)).toBe(true);
    const detail = await eventually(
      async () => (await call(readDelivery, { path: `/webhooks/deliveries/${id}`, headers: auth, params: { id: id! } })).body,
      (d) => d.state === "delivered" && d.attempts.length === 2,
    );
    expect(detail.attempts.map((x: { replayedBy: string | null }) => x.replayedBy)).toEqual([null, `application ${a.application.name}`]);
    await db.ctx().db.account.update({ where: { id: a.account.id }, data: { webhookSecret: a.account.webhookSecret } });
  });

  it("answers 404 for another account's callback, and 400 for a bulk replay that names nothing", async () => {
    const other = await makeAccount(db.ctx());
    const [theirs] = await schedule("/theirs", 1, other.account.id);
    expect((await call(replayOne, { method: "POST", path: `/webhooks/deliveries/${theirs}/replay`, headers: auth, params: { id: theirs! } })).status).toBe(404);
    expect((await call(readDelivery, { path: `/webhooks/deliveries/${theirs}`, headers: auth, params: { id: theirs! } })).status).toBe(404);
    const bare = await call(replayMany, { method: "POST", path: "/webhooks/replays", headers: auth, body: {} });
    expect(bare.status).toBe(400);
    expect(bare.body.property).toBe("filter");
    const delivered = await call(replayMany, { method: "POST", path: "/webhooks/replays", headers: auth, body: { filter: { state: ["delivered"] } } });
    expect(delivered.status).toBe(400);
  });

  it("replays 10,000 (2,000 on PGlite) failed callbacks of a filter after a count and a confirmation, at the endpoint's pace, each once, with progress", async () => {
    const pace = { maxConcurrency: 100, maxPerSecond: 5000 };
    const paced = await call(putSettings, { method: "PUT", path: "/webhooks/settings", headers: auth, body: { pauseAfterFailures: 10_000, ...pace } });
    expect(paced.status).toBe(200);
    // 10,000 on PostgreSQL, the scale the issue asks for; 2,000 on the embedded PGlite (one
    // process doing the worker's, the receiver's and the database's work: 30 s for 10,000).
    const n = dbKind === "postgres" ? 10_000 : 2_000;
    // Failed callbacks as a receiver's bad afternoon leaves them, written set-wise (the API would take minutes).
    const ctx = db.ctx();
    const at = Date.now() - 60_000;
    const { rows } = await ctx.sql.query<{ id: string }>(
      `INSERT INTO callbacks (id, account_id, kind, url, payload, state, attempts, created_at)
       SELECT gen_random_uuid(), $1::uuid, 'sms.status', $2, jsonb_build_object('i', i), 'failed', 1, $3::timestamptz + i * interval '1 millisecond'
         FROM generate_series(0, $4::int - 1) i RETURNING id`,
      [a.account.id, `${base}/bulk`, new Date(at).toISOString(), n],
    );
    const ids = rows.map((r) => r.id);
    const filter = { host: "127.0.0.1", state: ["failed"], from: new Date(at - 1000).toISOString() };
    const count = await call(replayMany, { method: "POST", path: "/webhooks/replays", headers: auth, body: { filter, dryRun: true } });
    expect(count.body).toMatchObject({ count: n, replayId: null });
    const unconfirmed = await call(replayMany, { method: "POST", path: "/webhooks/replays", headers: auth, body: { filter } });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.property).toBe("expectedCount");
    expect((await call(replayMany, { method: "POST", path: "/webhooks/replays", headers: auth, body: { filter, expectedCount: n - 1 } })).status).toBe(409);
    const started = performance.now();
    const replay = await call(replayMany, { method: "POST", path: "/webhooks/replays", headers: auth, body: { filter, expectedCount: n } });
    expect(replay.status).toBe(200);
    // The progress moves while it runs (read twice a second; the dashboard reads it each second), and ends with every callback delivered.
    const seen: number[] = [];
    let progress = { done: false, delivered: 0 };
    while (!progress.done && performance.now() - started < 120_000) {
      await new Promise((r) => setTimeout(r, 500));
      progress = (await call(replayProgress, { path: `/webhooks/replays/${replay.body.replayId}`, headers: auth, params: { id: replay.body.replayId } })).body;
      seen.push(progress.delivered);
    }
    const seconds = (performance.now() - started) / 1000;
    expect(progress).toMatchObject({ total: n, delivered: n, failed: 0, waiting: 0 });
    expect(seen.some((d) => d > 0 && d < n)).toBe(true);
    const got = received.filter((r) => r.path === "/bulk");
    expect(got).toHaveLength(n);
    expect(new Set(got.map((r) => r.id))).toEqual(new Set(ids));
    // The pace: never more than C open at the receiver, nor more than R started in one second.
    expect(mostOpen).toBeLessThanOrEqual(pace.maxConcurrency);
    const perSecond = new Map<string, number>();
    for (const r of got) perSecond.set(r.timestamp, (perSecond.get(r.timestamp) ?? 0) + 1);
    expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(pace.maxPerSecond);
    // At least n / R seconds (the pace held), and not minutes.
    expect(seconds).toBeGreaterThanOrEqual(n / pace.maxPerSecond - 0.5);
    await call(putSettings, { method: "PUT", path: "/webhooks/settings", headers: auth, body: { pauseAfterFailures: 3, maxConcurrency: 100, maxPerSecond: 0 } });
  }, 150_000);
});

describe("a batch held by its endpoint's pace", () => {
  it("past its jobs' lease, sends each callback once: the lease is renewed while it waits", async () => {
    const paced = await call(putSettings, { method: "PUT", path: "/webhooks/settings", headers: auth, body: { pauseAfterFailures: 3, pauseAfterMinutes: 0, maxConcurrency: 100, maxPerSecond: 4 } });
    expect(paced.status).toBe(200);
    try {
      // 24 at 4 a second: about 6 s in hand, half again the lease.
      const ids = await schedule("/paced", 24);
      await eventually(
        async () => received.filter((r) => r.path === "/paced"),
        (l) => l.length >= ids.length,
        30_000,
      );
      // A job whose lease ran out would be claimed again and its callback sent a second time.
      await new Promise((r) => setTimeout(r, 2 * LEASE_SECONDS * 1000));
      const got = received.filter((r) => r.path === "/paced");
      expect(got.map((r) => r.id).sort()).toEqual([...ids].sort());
      const stored = await db.ctx().db.callback.findMany({ where: { id: { in: ids } }, select: { state: true, attempts: true } });
      expect(stored.every((c) => c.state === "delivered" && c.attempts === 1)).toBe(true);
    } finally {
      await call(putSettings, { method: "PUT", path: "/webhooks/settings", headers: auth, body: { pauseAfterFailures: 3, pauseAfterMinutes: 0, maxConcurrency: 100, maxPerSecond: 0 } });
    }
  }, 60_000);
});

describe("the delivery log", () => {
  it("pages newest first by cursor, without repeats or gaps, also among callbacks created in the same millisecond", async () => {
    const ctx = db.ctx();
    const own = await makeAccount(ctx);
    const t = new Date("2026-11-01T10:00:00.000Z");
    const made: string[] = [];
    for (let i = 0; i < 7; i++) {
      const row = await ctx.db.callback.create({
        data: {
          accountId: own.account.id,
          kind: i % 2 ? "campaign.state" : "sms.status",
          url: `https://hooks.example.com/in?i=${i}`,
          payload: {},
          state: "delivered",
          createdAt: new Date(t.getTime() + Math.floor(i / 2)),
        },
      });
      made.push(row.id);
    }
    const ownAuth = bearer(await own.token());
    const seen: string[] = [];
    let cursor = "";
    for (let page = 0; page < 5; page++) {
      const r = await call(listDeliveries, { path: `/webhooks/deliveries?size=3${cursor ? `&cursor=${cursor}` : ""}`, headers: ownAuth });
      expect(r.status).toBe(200);
      seen.push(...r.body.content.map((d: { id: string }) => d.id));
      if (!r.body.nextCursor) break;
      cursor = r.body.nextCursor;
    }
    expect(seen.sort()).toEqual([...made].sort());
    expect(new Set(seen).size).toBe(7);
    const kinds = await call(listDeliveries, { path: "/webhooks/deliveries?kind=campaign.state&host=HOOKS.example.com", headers: ownAuth });
    expect(kinds.body.content).toHaveLength(3);
    expect(kinds.body.content[0].endpoint).toBe("https://hooks.example.com/in");
    const bad = await call(listDeliveries, { path: "/webhooks/deliveries?cursor=nonsense", headers: ownAuth });
    expect(bad.status).toBe(400);
    expect(bad.body.property).toBe("cursor");
  });
});
