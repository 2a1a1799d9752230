// SSRF: callback URLs aimed at the platform's own network, in every spelling, directly or through
// a name that resolves (or re-resolves after the check: DNS rebinding) to one, or through a
// redirect, never reach it — at the API (400005002) and at delivery, for every kind of callback
// (message, inbound, OTP webhook, email event), all of which go through lib/core/callbacks/outbound-http.ts.
//
// Nothing leaves the machine: names are answered by a stub resolver (outboundHttp.resolve), and
// net.connect is wrapped into a small fake internet for the canary's port: a connection to a
// loopback address goes where it really goes (the canary, listening on 127.0.0.1 and ::1), one to
// a public address goes to a local stand-in for "the internet", and a name without a pinned
// lookup is resolved the way the OS would resolve it now (the stub's current answer). The canary
// must see no request at all while the guard is on (ALLOW_PRIVATE_CALLBACK_URLS=false).
import crypto from "node:crypto";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as sendSms } from "../../app/api/sms/route.ts";
import { POST as sendFailover } from "../../app/api/otp/send-failover/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { bearer, call } from "../support/http.ts";
import { seedPrices } from "../../lib/core/prices/seed-prices.ts";
import { deliverCallback, sendCallbacksNow } from "../../lib/core/callbacks/deliver-callback.ts";
import { deliverInboundCallback } from "../../lib/core/callbacks/deliver-inbound-callback.ts";
import { deliverOtpWebhook } from "../../lib/core/otp/deliver-webhook.ts";
import { closeOutboundAgents, outboundHttp, postJson, type Resolved } from "../../lib/core/callbacks/outbound-http.ts";
import { env } from "../../lib/env.ts";

const db = useTestDatabase();

const PUBLIC_V4 = "93.184.215.14";
const PUBLIC_V6 = "2606:2800:21f:cb07:6820:80da:af6b:8b2c";
const canaryHits: string[] = [];
const world: { host: string; path: string; meant: string }[] = [];
let port = 0; // the canary's port, used by every URL of this file
let worldPort = 0;
const servers: http.Server[] = [];

// The stub DNS: what each name resolves to on its nth lookup (1-based).
const lookups = new Map<string, number>();
const zone: Record<string, (n: number) => string[]> = {
  "loopback.test": () => ["127.0.0.1"],
  "v6-loopback.test": () => ["::1"],
  "mapped.test": () => ["::ffff:127.0.0.1"],
  "mapped-hex.test": () => ["::ffff:7f00:1"],
  "zero.test": () => ["0.0.0.0"],
  "private.test": () => ["10.0.0.7"],
  "cgnat.test": () => ["100.64.1.1"],
  "unique-local.test": () => ["fd12:3456::1"],
  "link-local.test": () => ["169.254.10.1"],
  "metadata.test": () => ["169.254.169.254"],
  "metadata-v6.test": () => ["fd00:ec2::254"],
  "mixed.test": () => [PUBLIC_V4, "127.0.0.1"],
  "public.test": () => [PUBLIC_V4],
  "public-v6.test": () => [PUBLIC_V6],
  "redirect.test": () => [PUBLIC_V4],
  // DNS rebinding: a public answer for the check, loopback for every lookup after it.
  "rebind.test": (n) => (n === 1 ? [PUBLIC_V4] : ["127.0.0.1"]),
  "rebind-naive.test": (n) => (n === 1 ? [PUBLIC_V4] : ["127.0.0.1"]),
};
async function stubResolve(name: string): Promise<Resolved[]> {
  const n = (lookups.get(name) ?? 0) + 1;
  lookups.set(name, n);
  const answer = zone[name];
  if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: "ENOTFOUND" });
  return answer(n).map((address) => ({ address, family: net.isIP(address) }));
}

/** The fake internet behind net.connect, for connections to the canary's port only. */
function fakeInternet(realConnect: typeof net.connect) {
  return ((...args: Parameters<typeof net.connect>) => {
    const o = args[0] as unknown as net.NetConnectOpts & { host?: string; port?: number | string; lookup?: net.LookupFunction };
    if (typeof o !== "object" || Number(o.port) !== port) return realConnect(...args);
    const socket = new net.Socket();
    const go = (address: string) => {
      const loopback = address === "::1" || address.startsWith("127.") || address === "::ffff:127.0.0.1" || address === "0.0.0.0";
      if (!loopback) world.push({ host: "", path: "", meant: address });
      socket.connect(loopback ? { host: address, port } : { host: "127.0.0.1", port: worldPort });
    };
    const host = String(o.host ?? "localhost");
    if (net.isIP(host)) go(host);
    else if (o.lookup) o.lookup(host, { family: 0, all: false }, (err, address) => (err ? socket.destroy(err) : go(address as string)));
    else
      stubResolve(host).then(
        (a) => go(a[0]!.address),
        (e: Error) => socket.destroy(e),
      );
    return socket;
  }) as typeof net.connect;
}

const savedAllow = process.env.ALLOW_PRIVATE_CALLBACK_URLS;
const envCache = Symbol.for("switchboard.env");
function resetEnv() {
  delete (globalThis as Record<symbol, unknown>)[envCache];
}

beforeAll(async () => {
  // The guard on, as in a deployment on PostgreSQL.
  process.env.ALLOW_PRIVATE_CALLBACK_URLS = "false";
  resetEnv();
  expect(env().ALLOW_PRIVATE_CALLBACK_URLS).toBe(false);
  const canary = http.createServer((req, res) => {
    canaryHits.push(`${req.method} ${req.headers.host} ${req.url}`);
    res.end("canary");
  });
  await new Promise<void>((r) => canary.listen(0, "127.0.0.1", r));
  port = (canary.address() as AddressInfo).port;
  const canary6 = http.createServer(canary.listeners("request")[0] as http.RequestListener);
  await new Promise<void>((r) => canary6.listen(port, "::1", r));
  const internet = http.createServer((req, res) => {
    req.resume();
    const last = world.findLast((w) => !w.host);
    if (last) Object.assign(last, { host: req.headers.host ?? "", path: req.url ?? "" });
    if (req.url?.startsWith("/redirect")) {
      res.writeHead(302, { location: `http://127.0.0.1:${port}/followed` });
      return res.end();
    }
    res.end("ok");
  });
  await new Promise<void>((r) => internet.listen(0, "127.0.0.1", r));
  worldPort = (internet.address() as AddressInfo).port;
  servers.push(canary, canary6, internet);
  const realConnect = net.connect;
  vi.spyOn(net, "connect").mockImplementation(fakeInternet(realConnect));
  outboundHttp.resolve = stubResolve;
});

afterAll(async () => {
  vi.restoreAllMocks();
  await closeOutboundAgents();
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
  if (savedAllow === undefined) delete process.env.ALLOW_PRIVATE_CALLBACK_URLS;
  else process.env.ALLOW_PRIVATE_CALLBACK_URLS = savedAllow;
  resetEnv();
});

const u = (host: string, path = "/hook") => `http://${host}:${port}${path}`;
// Every spelling of loopback (and of the unspecified address, which reaches it) a URL can carry.
const literalSpellings = () => [
  u("127.0.0.1"),
  u("2130706433"),
  u("0177.0.0.1"),
  u("0x7f.1"),
  u("0x7f000001"),
  u("127.1"),
  u("127.0.1"),
  u("127.000.000.001"),
  u("127.0.0.1."),
  u("%31%32%37.0.0.1"),
  u("１２７.０.０.１"),
  u("[::1]"),
  u("[0:0:0:0:0:0:0:1]"),
  u("[::ffff:127.0.0.1]"),
  u("[::ffff:7f00:1]"),
  u("[::127.0.0.1]"),
  u("localhost"),
  u("localhost."),
  u("LOCALHOST"),
  u("LocalHost.."),
  u("0"),
  u("0.0.0.0"),
  u("[::]"),
  u("10.0.0.1"),
  u("100.64.0.1"),
  u("169.254.169.254"),
  u("[fd00:ec2::254]"),
  u("[fd12::1]"),
  `http://good@127.0.0.1:${port}/`,
  `http://good.example.com@127.0.0.1:${port}/`,
  `http://127.0.0.1:${port}\\@good.example.com/`,
];
const refusedNames = [
  "loopback.test",
  "v6-loopback.test",
  "mapped.test",
  "mapped-hex.test",
  "zero.test",
  "private.test",
  "cgnat.test",
  "unique-local.test",
  "link-local.test",
  "metadata.test",
  "metadata-v6.test",
  "mixed.test",
];

async function account() {
  await seedPrices(db.ctx());
  const a = await makeAccount(db.ctx(), { balance: 10 });
  return { ...a, auth: bearer(await a.token()) };
}

async function callbackRow(accountId: string, kind: string, url: string, payload: object = { hello: "world" }) {
  return db.ctx().db.callback.create({ data: { accountId, kind, url, payload, createdAt: new Date() } });
}

const meta = (retryCount = 0) => ({ id: crypto.randomUUID(), retryCount, retryLimit: 5 });

async function attemptsOf(id: string) {
  return db.ctx().db.callback.findUniqueOrThrow({ where: { id }, include: { attemptLog: { orderBy: { attempt: "asc" } } } });
}

describe("SSRF: callbacks never reach the platform's own network", () => {
  it("refuses every spelling of a loopback, private or metadata address at the API with 400005002", async () => {
    const a = await account();
    for (const url of literalSpellings()) {
      const r = await call(sendSms, { method: "POST", path: "/sms", headers: a.auth, body: { from: "Switchboard", to: "+306912345678", body: "x", callback: { url } } });
      expect({ url, status: r.status, code: r.body?.code }).toEqual({ url, status: 400, code: "400005002" });
    }
    const otp = await call(sendFailover, {
      method: "POST",
      path: "/otp/send-failover",
      headers: a.auth,
      body: {
        flow: [{ type: "Sms", to: "+306912345678", order: 1, ttl: 300, from: "Switchboard", label: "login", message: { body: "Your code is @@pin" } }],
        callback: { url: u("[::ffff:7f00:1]") },
      },
    });
    expect(otp.status).toBe(400);
    expect(otp.body.code).toBe("400005002");
    const stored = await db.ctx().db.callback.count({ where: { accountId: a.account.id } });
    expect(stored).toBe(0);
  });

  it("refuses them at delivery too, and names that resolve to one (every address checked), without retrying", async () => {
    const a = await account();
    const urls = [...literalSpellings(), ...refusedNames.map((n) => u(n)), u("LOOPBACK.TEST."), u("nowhere.test")];
    const rows = await Promise.all(urls.map((url) => callbackRow(a.account.id, "sms.status", url)));
    await sendCallbacksNow(
      db.ctx(),
      rows.map((r) => r.id),
    );
    for (const [i, row] of rows.entries()) {
      const cb = await attemptsOf(row.id);
      const url = urls[i]!;
      if (url.includes("nowhere.test")) {
        // A name that does not resolve is an ordinary failure: retried.
        expect({ state: cb.state, retry: cb.dueAt !== null }).toEqual({ state: "pending", retry: true });
        expect(cb.attemptLog[0]!.error).toMatch(/ENOTFOUND/);
        continue;
      }
      expect({ url, state: cb.state, attempts: cb.attempts, retry: cb.dueAt !== null }).toEqual({ url, state: "failed", attempts: 1, retry: false });
      expect(cb.attemptLog[0]).toMatchObject({ statusCode: 0, error: expect.stringMatching(/^refused: .*(private|metadata|credentials)/) });
    }
    expect((await attemptsOf(rows[urls.indexOf(u("mixed.test"))]!.id)).attemptLog[0]!.error).toContain(`resolves to 127.0.0.1`);
    expect((await attemptsOf(rows[urls.indexOf(u("metadata.test"))]!.id)).attemptLog[0]!.error).toMatch(/metadata/);
    expect(world).toEqual([]);
  });

  it("guards inbound callbacks, OTP webhooks and email event callbacks the same way", async () => {
    const a = await account();
    const inbound = await callbackRow(a.account.id, "sms.inbound", u("mapped.test"));
    const otp = await callbackRow(a.account.id, "otp.flow", u("[::ffff:7f00:1]"), { flowId: crypto.randomUUID() });
    const email = await callbackRow(a.account.id, "email.open", u("rebind.test"));
    lookups.set("rebind.test", 1); // past its public answer: it resolves to loopback now
    await deliverInboundCallback.handler(db.ctx(), { callbackId: inbound.id }, meta());
    await deliverOtpWebhook.handler(db.ctx(), { callbackId: otp.id }, meta());
    await sendCallbacksNow(db.ctx(), [email.id]);
    for (const id of [inbound.id, otp.id, email.id]) {
      const cb = await attemptsOf(id);
      expect(cb.state).toBe("failed");
      expect(cb.attemptLog).toHaveLength(1);
      expect(cb.attemptLog[0]!.error).toMatch(/^refused: .*private or loopback/);
    }
    lookups.delete("rebind.test");
  });

  it("connects to the address it checked: a name that re-resolves to loopback after the check (DNS rebinding) never reaches loopback", async () => {
    const a = await account();
    const row = await callbackRow(a.account.id, "sms.status", u("rebind.test", "/dlr"));
    await sendCallbacksNow(db.ctx(), [row.id]);
    const cb = await attemptsOf(row.id);
    expect(cb.state).toBe("delivered");
    expect(cb.attemptLog[0]).toMatchObject({ statusCode: 200, responseBody: "ok" });
    // It was looked up once, and the request went to the public address with the name as Host.
    expect(lookups.get("rebind.test")).toBe(1);
    expect(world.at(-1)).toEqual({ meant: PUBLIC_V4, host: `rebind.test:${port}`, path: "/dlr" });
    // The next attempt sees the loopback answer and is refused.
    const again = await callbackRow(a.account.id, "sms.status", u("rebind.test", "/dlr"));
    await sendCallbacksNow(db.ctx(), [again.id]);
    expect((await attemptsOf(again.id)).attemptLog[0]!.error).toBe(`refused: rebind.test resolves to 127.0.0.1, a private or loopback address`);
    expect(canaryHits).toEqual([]);
  });

  it("reaches public names over IPv4 and IPv6 with Host and the path intact", async () => {
    for (const name of ["public.test", "public-v6.test"]) {
      const r = await postJson(u(name, "/p?q=1"), "{}", {}, { timeoutMs: 2000, allowPrivate: false });
      expect(r).toMatchObject({ ok: true, statusCode: 200 });
      expect(world.at(-1)).toEqual({ meant: name === "public.test" ? PUBLIC_V4 : PUBLIC_V6, host: `${name}:${port}`, path: "/p?q=1" });
    }
  });

  it("does not follow a redirect to loopback: the 3xx is a failed attempt, recorded with its status", async () => {
    const a = await account();
    const row = await callbackRow(a.account.id, "sms.status", u("redirect.test", "/redirect"));
    await sendCallbacksNow(db.ctx(), [row.id], { ...deliverCallback, retryLimit: 0 }); // its last attempt
    const cb = await attemptsOf(row.id);
    expect({ state: cb.state, retry: cb.dueAt !== null }).toEqual({ state: "failed", retry: false });
    expect(cb.attemptLog[0]).toMatchObject({ statusCode: 302, error: `redirect to http://127.0.0.1:${port}/followed not followed` });
    expect(canaryHits).toEqual([]);
  });

  it("refuses metadata addresses even where private callbacks are allowed", async () => {
    for (const url of [u("metadata.test"), u("metadata-v6.test"), u("169.254.169.254"), u("2852039166"), u("[::ffff:a9fe:a9fe]"), "http://metadata.google.internal./"]) {
      const r = await postJson(url, "{}", {}, { timeoutMs: 2000, allowPrivate: true });
      expect({ url, ...r }).toMatchObject({ url, ok: false, permanent: true, error: expect.stringMatching(/^refused: .*metadata/) });
    }
  });

  it("the canary saw no request while the guard was on; it does see one when allowed, and from a client that does not pin", async () => {
    expect(canaryHits).toEqual([]);
    // The canary and the fake internet work: allowed private callbacks reach it…
    expect(await postJson(u("loopback.test", "/allowed"), "{}", {}, { timeoutMs: 2000, allowPrivate: true })).toMatchObject({ ok: true });
    // …and so would a client that checked the name and then let the socket resolve it again.
    const checked = await stubResolve("rebind-naive.test");
    expect(checked[0]!.address).toBe(PUBLIC_V4);
    const naive = await request(u("rebind-naive.test", "/naive"), { method: "POST", body: "{}" });
    await naive.body.text();
    expect(canaryHits).toEqual([`POST loopback.test:${port} /allowed`, `POST rebind-naive.test:${port} /naive`]);
  });
});
