// Inbound SMS: the simulator sends a deliver_sm to a rented number (`sim inbound`, through the
// server's command-line endpoint); it is stored as Inbound, tracked, and POSTed to the number's
// and its pool's callback with the spec's body; a failing receiver is retried on Routee's
// schedule; a receiver gets 2 s; a STOP blacklists the sender in the number's account.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as cliRoute } from "../../app/api/internal/cli/route.ts";
import { POST as rent } from "../../app/api/numbers/my/route.ts";
import { POST as createPool } from "../../app/api/pools/my/route.ts";
import { GET as single } from "../../app/api/sms/tracking/single/[trackingId]/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { bearer, call } from "../support/http.ts";
import { eventually, useMessaging } from "../support/messaging.ts";
import { env, persistentSecret } from "../../lib/env.ts";
import { signatureHeaders } from "../../lib/core/callbacks/sign.ts";

const db = useTestDatabase();
const messaging = useMessaging(() => db.database(), { deliveryDelayMs: 100 });

// A receiver whose answers the test scripts: 500 for the first `failFirst` calls, or slow.
const flaky = { calls: [] as { at: number; body: any }[], failFirst: 0, delayMs: 0, url: "" };
let flakyServer: http.Server;
beforeAll(async () => {
  flakyServer = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      flaky.calls.push({ at: Date.now(), body: JSON.parse(body) });
      const fail = flaky.calls.length <= flaky.failFirst;
      setTimeout(() => {
        res.statusCode = fail ? 500 : 200;
        res.end(fail ? "nope" : "ok");
      }, flaky.delayMs);
    });
  });
  await new Promise<void>((r) => flakyServer.listen(0, "127.0.0.1", r));
  flaky.url = `http://127.0.0.1:${(flakyServer.address() as AddressInfo).port}/flaky`;
});
afterAll(() => new Promise((r) => flakyServer.close(r)));

async function numberOf(countries = "GB", callbacks: object = {}) {
  const a = await makeAccount(db.ctx(), { balance: 100 });
  const auth = bearer(await a.token());
  const { rows } = await db.ctx().sql.query<{ msisdn: string }>(
    `SELECT msisdn FROM available_numbers n WHERE country = $1 AND 'Sms' = ANY(services)
       AND NOT EXISTS (SELECT 1 FROM rented_numbers r WHERE r.msisdn = n.msisdn) ORDER BY msisdn LIMIT 1`,
    [countries],
  );
  const r = await call(rent, { method: "POST", path: "/numbers/my", headers: auth, body: { msisdn: rows[0]!.msisdn, ...callbacks } });
  expect(r.status).toBe(200);
  return { ...a, auth, msisdn: rows[0]!.msisdn };
}

/** `npm run cli -- sim inbound …` as the running server receives it. */
async function simInbound(to: string, from: string, body: string) {
  const token = persistentSecret(env().dataDir, "cli-token");
  const req = new Request("http://localhost:3999/api/internal/cli", {
    method: "POST",
    headers: { "content-type": "application/json", "x-cli-token": token },
    body: JSON.stringify(["sim", "inbound", "--to", to, "--from", from, "--body", body]),
  });
  const res = await cliRoute(req);
  return { status: res.status, body: (await res.json()) as any };
}

describe("sim inbound → stored, tracked, forwarded", () => {
  it("POSTs the spec's body to the number's inboundSmsCallbackUrl, signed", async () => {
    const n = await numberOf("GB", { inboundSmsCallbackUrl: messaging.receiverUrl("/inbound-a") });
    const r = await simInbound(n.msisdn, "+306912345678", "Hello back 👋");
    expect(r.status).toBe(200);
    expect(r.body.messageId).toMatch(/^[0-9a-f-]{36}$/);
    const got = await eventually(
      async () => messaging.received.filter((x) => x.path === "/inbound-a"),
      (x) => x.length > 0,
    );
    expect(got[0]!.body).toEqual({
      messageId: r.body.messageId,
      from: "+306912345678",
      to: n.msisdn,
      message: "Hello back 👋",
      parts: 1,
      originatingService: "Sms",
      direction: "Inbound",
      receivedDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    const account = await db.ctx().db.account.findUniqueOrThrow({ where: { id: n.account.id } });
    const h = got[0]!.headers;
    const raw = JSON.stringify(got[0]!.body);
    expect(h["webhook-signature"]).toBe(signatureHeaders(account.webhookSecret, String(h["webhook-id"]), raw, new Date(Number(h["webhook-timestamp"]) * 1000))["webhook-signature"]);

    const tracked = await call(single, { path: `/sms/tracking/single/${r.body.messageId}`, headers: n.auth, params: { trackingId: r.body.messageId } });
    expect(tracked.status).toBe(200);
    expect(tracked.body[0]).toMatchObject({ direction: "Inbound", from: "+306912345678", to: n.msisdn, body: "Hello back 👋", country: "GR", receivedDate: got[0]!.body.receivedDate });
    // The attempt is stored once the receiver has answered: a moment after it got the POST.
    const cb = await eventually(
      () => db.ctx().db.callback.findFirstOrThrow({ where: { messageId: r.body.messageId }, include: { attemptLog: true } }),
      (c) => c.state !== "pending",
    );
    expect(cb).toMatchObject({ kind: "sms.inbound", state: "delivered", attempts: 1 });
    expect(cb.attemptLog[0]!.statusCode).toBe(200);
  });

  it("forwards a message to a pool number to the pool's inboundSMSCallbackUrl with the pool named", async () => {
    const n = await numberOf("DE");
    const pool = await call(createPool, {
      method: "POST",
      path: "/pools/my",
      headers: n.auth,
      body: { poolName: "Inbox", smsSettings: { inboundSMSCallbackUrl: messaging.receiverUrl("/pool-in") }, numbers: [n.msisdn] },
    });
    const r = await simInbound(n.msisdn.slice(1), "306912345678", "Via the pool");
    expect(r.status).toBe(200);
    const got = await eventually(
      async () => messaging.received.filter((x) => x.path === "/pool-in"),
      (x) => x.length > 0,
    );
    expect(got[0]!.body).toMatchObject({ messageId: r.body.messageId, to: n.msisdn, message: "Via the pool", direction: "Inbound", poolId: pool.body.poolId, poolName: "Inbox" });
  });

  it("refuses a number nobody rents, and missing options", async () => {
    const r = await simInbound("+306999999990", "+306912345678", "hi");
    expect(r.status).toBe(404);
    expect(r.body.code).toBe("404010004");
    const token = persistentSecret(env().dataDir, "cli-token");
    const res = await cliRoute(new Request("http://x/api/internal/cli", { method: "POST", headers: { "x-cli-token": token }, body: JSON.stringify(["sim", "inbound", "--to", "+306900000001"]) }));
    expect(res.status).toBe(400);
  });

  it("blacklists the sender's contact in the number's account on STOP, and only there", async () => {
    const n = await numberOf("IT");
    const other = await makeAccount(db.ctx(), {});
    const mobile = "+306912340077";
    await db.ctx().db.contact.create({ data: { accountId: n.account.id, mobile } });
    await db.ctx().db.contact.create({ data: { accountId: other.account.id, mobile } });
    expect((await simInbound(n.msisdn, mobile, "Stop")).status).toBe(200);
    const contacts = await db.ctx().db.contact.findMany({ where: { mobile } });
    expect(contacts.find((c) => c.accountId === n.account.id)!.blacklistedServices).toEqual(["Sms"]);
    expect(contacts.find((c) => c.accountId === other.account.id)!.blacklistedServices).toEqual([]);
  });
});

describe("inbound callback retries", () => {
  it("retries a failing receiver 30 s later on the schedule, and delivers on the retry", { timeout: 40_000 }, async () => {
    flaky.calls.length = 0;
    flaky.failFirst = 1;
    flaky.delayMs = 0;
    const n = await numberOf("ES", { inboundSmsCallbackUrl: flaky.url });
    const r = await simInbound(n.msisdn, "+306912345678", "Retry me");
    const cb = await eventually(
      () => db.ctx().db.callback.findFirstOrThrow({ where: { messageId: r.body.messageId }, include: { attemptLog: true } }),
      (c) => c.attemptLog.length === 1,
    );
    expect(cb.state).toBe("pending");
    expect(cb.attemptLog[0]!.statusCode).toBe(500);
    const { rows } = await db
      .ctx()
      .sql.query<{ start_after: Date; state: string }>(`SELECT start_after, state FROM pgboss.job WHERE name = 'callbacks.deliver-inbound' AND data->>'callbackId' = $1 AND state = 'created'`, [
        cb.id,
      ]);
    expect(rows).toHaveLength(1);
    const wait = new Date(rows[0]!.start_after).getTime() - cb.attemptLog[0]!.at.getTime();
    expect(wait).toBeGreaterThanOrEqual(29_000);
    expect(wait).toBeLessThanOrEqual(31_000);
    // Let the job engine run the retry now instead of in 30 s.
    await db.ctx().sql.query(`UPDATE pgboss.job SET start_after = now() WHERE name = 'callbacks.deliver-inbound' AND data->>'callbackId' = $1 AND state = 'created'`, [cb.id]);
    const done = await eventually(
      () => db.ctx().db.callback.findFirstOrThrow({ where: { id: cb.id }, include: { attemptLog: { orderBy: { attempt: "asc" } } } }),
      (c) => c.state !== "pending",
    );
    expect(done).toMatchObject({ state: "delivered", attempts: 2 });
    expect(done.attemptLog.map((x) => x.statusCode)).toEqual([500, 200]);
    expect(flaky.calls).toHaveLength(2);
    expect(flaky.calls[1]!.body).toEqual(flaky.calls[0]!.body);
  });

  it("gives a receiver 2 s to answer", { timeout: 20_000 }, async () => {
    flaky.calls.length = 0;
    flaky.failFirst = 0;
    flaky.delayMs = 3000;
    const n = await numberOf("NL", { inboundSmsCallbackUrl: flaky.url });
    const r = await simInbound(n.msisdn, "+306912345678", "Slow receiver");
    const cb = await eventually(
      () => db.ctx().db.callback.findFirstOrThrow({ where: { messageId: r.body.messageId }, include: { attemptLog: true } }),
      (c) => c.attemptLog.length === 1,
      10_000,
    );
    expect(cb.attemptLog[0]!.error).toMatch(/no answer within 2000 ms/);
    expect(cb.attemptLog[0]!.latencyMs).toBeLessThan(2800);
    expect(cb.state).toBe("pending");
    flaky.delayMs = 0;
  });
});
