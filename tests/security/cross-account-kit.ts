// Two accounts for the account-isolation tests: B holding one of everything (contacts, a label,
// a group, a blacklist, a message with callbacks, a scheduled campaign, rented numbers, a pool, a
// conversation, an OTP flow, an email and its captured mail), A a few things of its own; and the
// helpers that call a route as either, and check that an answer to A shows none of B's secrets.
import crypto from "node:crypto";
import path from "node:path";
import { beforeAll, expect } from "vitest";
import { apiRouteFiles } from "./api-routes.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount, sessionCookie } from "../support/factories.ts";
import { bearer, call, type Call, type RouteHandler } from "../support/http.ts";
import { seedPrices } from "../../lib/core/prices/seed-prices.ts";
import { receiveInboundMessage } from "../../lib/core/numbers/receive-inbound.ts";

type TestDatabase = ReturnType<typeof useTestDatabase>;
const root = path.resolve(import.meta.dirname, "../..");
export const verbs = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"] as const;
export type Verb = (typeof verbs)[number];
export type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const modules = new Map<string, Record<string, RouteHandler>>();
export async function load(file: string): Promise<Record<string, RouteHandler>> {
  if (!modules.has(file)) modules.set(file, await import(path.join(root, file)));
  return modules.get(file)!;
}

export interface Probe {
  file: string;
  method: Verb;
  as: "bearer" | "session";
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
  /** "404": a 404 envelope (the default). "own": any answer, as long as it shows A's data only. */
  expect?: "404" | "own";
  what: string;
}

export function urlPath(p: Probe): string {
  let out = p.file.replace(/^app\/api/, "").replace(/\/route\.ts$/, "");
  for (const [k, v] of Object.entries(p.params ?? {})) out = out.replace(`[${k}]`, encodeURIComponent(v));
  return out + (p.query ? `?${p.query}` : "");
}

// What B holds, filled in by useTwoAccounts' beforeAll.
export const B: Json = {};
export const A: Json = {};
let secrets: string[] = [];

/** A test database with A and B set up before the file's tests. */
export function useTwoAccounts(): TestDatabase {
  const db = useTestDatabase();
  beforeAll(() => setUp(db), 120_000);
  return db;
}

async function freeNumber(db: TestDatabase, country: string, skip: string[] = []): Promise<string> {
  const { rows } = await db.ctx().sql.query<{ msisdn: string }>(
    `SELECT msisdn FROM available_numbers n WHERE country = $1 AND 'Sms' = ANY(services) AND NOT toll_free
       AND NOT EXISTS (SELECT 1 FROM rented_numbers r WHERE r.msisdn = n.msisdn) AND NOT msisdn = ANY($2::text[]) ORDER BY msisdn LIMIT 1`,
    [country, skip],
  );
  return rows[0]!.msisdn;
}

/** Calls a route as A (or as B with `who`), by file. */
export async function as(who: Json, kind: "bearer" | "session", file: string, method: Verb, init: { params?: Record<string, string>; query?: string; body?: unknown } = {}) {
  const handler = (await load(file))[method]!;
  const probe: Probe = { file, method, as: kind, what: "", ...init };
  return call(handler, { method, path: urlPath(probe), headers: kind === "bearer" ? who.auth : who.cookie, params: init.params, body: init.body });
}

function ok(r: Call, what: string): Json {
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${r.text}`);
  return r.body;
}

async function setUp(db: TestDatabase): Promise<void> {
  const ctx = db.ctx();
  await seedPrices(ctx);
  const tag = crypto.randomBytes(4).toString("hex");
  for (const [who, balance] of [
    [A, 300],
    [B, 300],
  ] as const) {
    const acc = await makeAccount(ctx, { balance });
    Object.assign(who, acc, { auth: bearer(await acc.token()), cookie: { cookie: await sessionCookie(acc.user.id) } });
  }
  const api = (file: string, method: Verb, init: { params?: Record<string, string>; query?: string; body?: unknown } = {}) => as(B, "bearer", `app/api/${file}/route.ts`, method, init);

  // Contacts, a custom label, a group and a blacklisted contact.
  B.label = `blabel${tag}`;
  B.labelValue = `bvalue${tag}`;
  B.group = `Bgroup${tag}`;
  B.firstName = `Bfirst${tag}`;
  ok(await api("contacts/labels/my", "POST", { body: [{ name: B.label, type: "Text" }] }), "label");
  ok(await api("groups/my", "POST", { body: { name: B.group } }), "group");
  B.mobile = "+306912300101";
  B.contact = ok(await api("contacts/my", "POST", { body: { mobile: B.mobile, firstName: B.firstName, groups: [B.group], labels: [{ name: B.label, value: B.labelValue }] } }), "contact").id;
  B.contact2 = ok(await api("contacts/my", "POST", { body: { mobile: "+306912300102", firstName: `Bsecond${tag}` } }), "contact 2").id;
  ok(await api("contacts/my/blacklist/[service]", "POST", { params: { service: "Sms" }, body: [B.contact2] }), "blacklist");

  // A message with an OnChange callback (its Queued report is a callback row at once).
  B.body = `Bbody ${tag}`;
  B.callbackUrl = `https://b-${tag}.example/dlr`;
  const sms = ok(await api("sms", "POST", { body: { from: "Bshop", to: "+306912300103", body: B.body, label: `Blabel${tag}`, callback: { url: B.callbackUrl, strategy: "OnChange" } } }), "sms");
  B.message = sms.trackingId;
  B.part = (await ctx.db.messagePart.findFirstOrThrow({ where: { messageId: B.message } })).id;

  // A scheduled campaign (PUT and DELETE would work on it) naming the contact and the group.
  B.campaignName = `Bcampaign ${tag}`;
  const scheduledDate = new Date(Date.now() + 86_400_000).toISOString();
  B.campaign = ok(
    await api("sms/campaign", "POST", {
      body: { campaignName: B.campaignName, from: "Bshop", body: `Bcampaign body ${tag}`, to: ["+306912300104"], contacts: [B.contact], groups: [B.group], scheduledDate },
    }),
    "campaign",
  ).trackingId;

  // Two rented numbers, one of them in a pool; an inbound message makes a conversation.
  B.number = await freeNumber(db, "GR");
  ok(await api("numbers/my", "POST", { body: { msisdn: B.number, inboundSmsCallbackUrl: `https://b-${tag}.example/inbound` } }), "rent");
  B.number2 = await freeNumber(db, "GR");
  ok(await api("numbers/my", "POST", { body: { msisdn: B.number2 } }), "rent 2");
  B.poolName = `Bpool${tag}`;
  B.pool = ok(await api("pools/my", "POST", { body: { poolName: B.poolName, smsSettings: {}, numbers: [B.number] } }), "pool").poolId;
  B.correspondent = "+306912300105";
  B.inboundBody = `Binbound ${tag}`;
  B.inbound = await receiveInboundMessage(ctx, { from: B.correspondent, to: B.number, text: B.inboundBody, receivedAt: new Date() });

  // An OTP flow, an email and the mail the SMTP sink captured for it.
  const flow = ok(
    await api("otp/send-failover", "POST", {
      body: {
        flow: [
          { type: "ViberOtp", to: "+306912300106", order: 1, ttl: 60, label: `Botp${tag}` },
          { type: "Sms", to: "+306912300106", order: 2, ttl: 120, from: "Bshop", message: { body: `Bcode ${tag} @@pin` } },
        ],
      },
    }),
    "otp",
  );
  B.flow = flow.flowId;
  B.step = flow.steps[0].trackingId;
  B.twoStep = ok(await api("2step", "POST", { body: { method: "sms", type: "code", recipient: "+306912300107", originator: "Bshop" } }), "2step").trackingId;
  B.subject = `Bsubject ${tag}`;
  B.email = ok(
    await api("transactional-email", "POST", {
      body: { from: { address: "b@b.example" }, to: [{ address: `to-${tag}@b.example` }], subject: B.subject, content: { html: `<p>Bhtml${tag} <a href="https://b.example/${tag}">x</a></p>` } },
    }),
    "email",
  ).trackingId;
  B.sink = (
    await ctx.db.smtpSinkMessage.create({
      data: { emailId: B.email, mailFrom: "b@b.example", rcptTo: [`to-${tag}@b.example`], subject: B.subject, html: `Bhtml${tag}`, raw: `Bhtml${tag}`, size: 10, receivedAt: new Date() },
    })
  ).id;

  const callbacks = await ctx.db.callback.findMany({ where: { accountId: B.account.id }, orderBy: { createdAt: "asc" } });
  expect(callbacks.length).toBeGreaterThanOrEqual(2); // the message's report and the inbound forward
  B.callbacks = callbacks.map((c) => c.id);

  // A's own resources, for the probes that mix one of A's ids with one of B's.
  ok(await as(A, "bearer", "app/api/groups/my/route.ts", "POST", { body: { name: "Agroup" } }), "A group");
  A.contact = ok(await as(A, "bearer", "app/api/contacts/my/route.ts", "POST", { body: { mobile: "+306912300201", firstName: "Ann" } }), "A contact").id;
  A.number = await freeNumber(db, "GR");
  ok(await as(A, "bearer", "app/api/numbers/my/route.ts", "POST", { body: { msisdn: A.number } }), "A rent");
  A.pool = ok(await as(A, "bearer", "app/api/pools/my/route.ts", "POST", { body: { poolName: "Apool", smsSettings: {}, numbers: [A.number] } }), "A pool").poolId;

  // The account's webhook signing secret, where the dashboard shows it.
  const secretRoute = "app/api/dashboard/applications/webhook-secret/route.ts";
  if (apiRouteFiles().includes(secretRoute)) B.webhookSecret = ok(await as(B, "session", secretRoute, "GET"), "webhook secret").secret;

  secrets = [
    B.account.id,
    B.account.name,
    B.user.id,
    B.user.email,
    B.application.id,
    B.application.name,
    B.contact,
    B.contact2,
    B.firstName,
    `Bsecond${tag}`,
    B.label,
    B.labelValue,
    B.group,
    B.mobile.slice(1),
    B.message,
    B.part,
    B.body,
    `Blabel${tag}`,
    B.callbackUrl,
    `b-${tag}.example`,
    B.campaign,
    B.campaignName,
    `Bcampaign body ${tag}`,
    B.number.slice(1),
    B.number2.slice(1),
    B.pool,
    B.poolName,
    B.inbound,
    B.inboundBody,
    B.correspondent.slice(1),
    B.flow,
    B.step,
    `Botp${tag}`,
    `Bcode ${tag}`,
    B.email,
    B.subject,
    `Bhtml${tag}`,
    B.sink,
    ...B.callbacks,
    ...(B.webhookSecret ? [B.webhookSecret.replace(/^whsec_/, "")] : []),
  ].map(String);
}

export function checkAnswer(probe: Probe, r: Call): string[] {
  const problems: string[] = [];
  const sent = (urlPath(probe) + JSON.stringify(probe.body ?? "")).toLowerCase();
  const text = r.text.toLowerCase();
  // Echoing what A sent reveals nothing; anything else of B's does.
  const leaked = secrets.filter((s) => !sent.includes(s.toLowerCase()) && text.includes(s.toLowerCase()));
  if (leaked.length) problems.push(`answer shows B's ${leaked.join(", ")}`);
  if (r.status >= 500) problems.push(`answered ${r.status}`);
  if ((probe.expect ?? "404") === "404") {
    if (r.status !== 404) problems.push(`answered ${r.status}, not 404`);
    if (!/^404\d{6}$/.test(String(r.body?.code)) || typeof r.body?.developerMessage !== "string") problems.push("not a 404 error envelope");
  }
  return problems.map((m) => `${probe.method} ${urlPath(probe)} (${probe.what}): ${m} — ${r.text.slice(0, 300)}`);
}
