// Account isolation: account A, holding a token with every scope and an owner's dashboard session,
// aims every route that takes an id (each app/api/**/route.ts with a [param] in its path, found by
// walking the folder) at account B's resources: reading, changing and deleting. Every answer is a
// 404 envelope (never a 403 that would confirm the id exists, never B's data), and afterwards B's
// rows are exactly as they were. A route with an id that no probe covers fails the test, so a new
// route must be added here. Routes that take ids in the body or query, and every list, are
// checked too: they answer A's own data only.
import crypto from "node:crypto";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { apiRouteFiles } from "./api-routes.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount, sessionCookie } from "../support/factories.ts";
import { bearer, call, type Call, type RouteHandler } from "../support/http.ts";
import { seedPrices } from "../../lib/core/prices/seed-prices.ts";
import { receiveInboundMessage } from "../../lib/core/numbers/receive-inbound.ts";

const db = useTestDatabase();
const root = path.resolve(import.meta.dirname, "../..");
const verbs = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"] as const;
type Verb = (typeof verbs)[number];
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Routes with a [param] that name no account's resource. */
const notAnId: Record<string, string> = {
  "app/api/[...path]/route.ts": "the catch-all 404 of unknown paths",
  "app/api/auth/[...nextauth]/route.ts": "next-auth's own sign-in endpoints",
  "app/api/sms/quietHours/countries/[language]/route.ts": "a language code; the same public list for everyone",
};

const modules = new Map<string, Record<string, RouteHandler>>();
async function load(file: string): Promise<Record<string, RouteHandler>> {
  if (!modules.has(file)) modules.set(file, await import(path.join(root, file)));
  return modules.get(file)!;
}

/** The methods a route file really serves: the others answer 405 (lib/http/methods.ts). */
async function servedMethods(file: string): Promise<Verb[]> {
  const mod = await load(file);
  const served: Verb[] = [];
  for (const verb of verbs) {
    const handler = mod[verb];
    if (!handler) continue;
    const params = Object.fromEntries([...file.matchAll(/\[(\w+)\]/g)].map((m) => [m[1], "x"]));
    const r = await call(handler, { method: verb, path: "/probe", params });
    if (r.status !== 405) served.push(verb);
  }
  return served;
}

interface Probe {
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

function urlPath(p: Probe): string {
  let out = p.file.replace(/^app\/api/, "").replace(/\/route\.ts$/, "");
  for (const [k, v] of Object.entries(p.params ?? {})) out = out.replace(`[${k}]`, encodeURIComponent(v));
  return out + (p.query ? `?${p.query}` : "");
}

// What B holds, filled in by beforeAll.
const B: Json = {};
const A: Json = {};
let secrets: string[] = [];

/** B's rows in every table that holds account data, as JSON, to compare before and after. */
async function snapshotOf(accountId: string): Promise<Record<string, unknown>> {
  const sql = db.ctx().sql;
  const { rows: tables } = await sql.query<{ table_name: string }>(
    `SELECT DISTINCT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'account_id' ORDER BY table_name`,
  );
  const children: Record<string, string> = {
    accounts: `id = $1`,
    message_events: `message_id IN (SELECT id FROM messages WHERE account_id = $1)`,
    callback_attempts: `callback_id IN (SELECT id FROM callbacks WHERE account_id = $1)`,
    campaign_recipients: `campaign_id IN (SELECT id FROM campaigns WHERE account_id = $1)`,
    campaign_events: `campaign_id IN (SELECT id FROM campaigns WHERE account_id = $1)`,
    pool_sticky_senders: `pool_id IN (SELECT id FROM number_pools WHERE account_id = $1)`,
    otp_events: `flow_id IN (SELECT id FROM otp_flows WHERE account_id = $1)`,
    email_links: `email_id IN (SELECT id FROM emails WHERE account_id = $1)`,
    smtp_sink_messages: `email_id IN (SELECT id FROM emails WHERE account_id = $1)`,
  };
  const where: Record<string, string> = { ...Object.fromEntries(tables.map((t) => [t.table_name, `account_id = $1`])), ...children };
  const out: Record<string, unknown> = {};
  for (const [table, cond] of Object.entries(where)) {
    const { rows } = await sql.query<{ rows: unknown }>(
      `SELECT coalesce(jsonb_agg(to_jsonb(t) ORDER BY to_jsonb(t)::text), '[]'::jsonb) AS rows FROM "${table}" t WHERE ${cond}`,
      [accountId],
    );
    out[table] = rows[0]!.rows;
  }
  return out;
}

async function freeNumber(country: string, skip: string[] = []): Promise<string> {
  const { rows } = await db.ctx().sql.query<{ msisdn: string }>(
    `SELECT msisdn FROM available_numbers n WHERE country = $1 AND 'Sms' = ANY(services) AND NOT toll_free
       AND NOT EXISTS (SELECT 1 FROM rented_numbers r WHERE r.msisdn = n.msisdn) AND NOT msisdn = ANY($2::text[]) ORDER BY msisdn LIMIT 1`,
    [country, skip],
  );
  return rows[0]!.msisdn;
}

/** Calls a route as A (or as B with `who`), by file. */
async function as(who: Json, kind: "bearer" | "session", file: string, method: Verb, init: { params?: Record<string, string>; query?: string; body?: unknown } = {}) {
  const handler = (await load(file))[method]!;
  const probe: Probe = { file, method, as: kind, what: "", ...init };
  return call(handler, { method, path: urlPath(probe), headers: kind === "bearer" ? who.auth : who.cookie, params: init.params, body: init.body });
}

function ok(r: Call, what: string): Json {
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${r.text}`);
  return r.body;
}

beforeAll(async () => {
  const ctx = db.ctx();
  await seedPrices(ctx);
  const tag = crypto.randomBytes(4).toString("hex");
  for (const [who, balance] of [[A, 300], [B, 300]] as const) {
    const acc = await makeAccount(ctx, { balance });
    Object.assign(who, acc, { auth: bearer(await acc.token()), cookie: { cookie: await sessionCookie(acc.user.id) } });
  }
  const api = (file: string, method: Verb, init: { params?: Record<string, string>; query?: string; body?: unknown } = {}) =>
    as(B, "bearer", `app/api/${file}/route.ts`, method, init);

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
  B.number = await freeNumber("GR");
  ok(await api("numbers/my", "POST", { body: { msisdn: B.number, inboundSmsCallbackUrl: `https://b-${tag}.example/inbound` } }), "rent");
  B.number2 = await freeNumber("GR");
  ok(await api("numbers/my", "POST", { body: { msisdn: B.number2 } }), "rent 2");
  B.poolName = `Bpool${tag}`;
  B.pool = ok(await api("pools/my", "POST", { body: { poolName: B.poolName, smsSettings: {}, numbers: [B.number] } }), "pool").poolId;
  B.correspondent = "+306912300105";
  B.inboundBody = `Binbound ${tag}`;
  B.inbound = await receiveInboundMessage(ctx, { from: B.correspondent, to: B.number, text: B.inboundBody, receivedAt: new Date() });

  // An OTP flow, an email and the mail the SMTP sink captured for it.
  const flow = ok(
    await api("otp/send-failover", "POST", {
      body: { flow: [{ type: "ViberOtp", to: "+306912300106", order: 1, ttl: 60, label: `Botp${tag}` }, { type: "Sms", to: "+306912300106", order: 2, ttl: 120, from: "Bshop", message: { body: `Bcode ${tag} @@pin` } }] },
    }),
    "otp",
  );
  B.flow = flow.flowId;
  B.step = flow.steps[0].trackingId;
  B.subject = `Bsubject ${tag}`;
  B.email = ok(
    await api("transactional-email", "POST", {
      body: { from: { address: "b@b.example" }, to: [{ address: `to-${tag}@b.example` }], subject: B.subject, content: { html: `<p>Bhtml${tag} <a href="https://b.example/${tag}">x</a></p>` } },
    }),
    "email",
  ).trackingId;
  B.sink = (await ctx.db.smtpSinkMessage.create({
    data: { emailId: B.email, mailFrom: "b@b.example", rcptTo: [`to-${tag}@b.example`], subject: B.subject, html: `Bhtml${tag}`, raw: `Bhtml${tag}`, size: 10, receivedAt: new Date() },
  })).id;

  const callbacks = await ctx.db.callback.findMany({ where: { accountId: B.account.id }, orderBy: { createdAt: "asc" } });
  expect(callbacks.length).toBeGreaterThanOrEqual(2); // the message's report and the inbound forward
  B.callbacks = callbacks.map((c) => c.id);

  // A's own resources, for the probes that mix one of A's ids with one of B's.
  ok(await as(A, "bearer", "app/api/groups/my/route.ts", "POST", { body: { name: "Agroup" } }), "A group");
  A.contact = ok(await as(A, "bearer", "app/api/contacts/my/route.ts", "POST", { body: { mobile: "+306912300201", firstName: "Ann" } }), "A contact").id;
  A.number = await freeNumber("GR");
  ok(await as(A, "bearer", "app/api/numbers/my/route.ts", "POST", { body: { msisdn: A.number } }), "A rent");
  A.pool = ok(await as(A, "bearer", "app/api/pools/my/route.ts", "POST", { body: { poolName: "Apool", smsSettings: {}, numbers: [A.number] } }), "A pool").poolId;

  // The account's webhook signing secret, where the dashboard shows it.
  const secretRoute = "app/api/dashboard/applications/webhook-secret/route.ts";
  if (apiRouteFiles().includes(secretRoute)) B.webhookSecret = ok(await as(B, "session", secretRoute, "GET"), "webhook secret").secret;

  secrets = [
    B.account.id, B.account.name, B.user.id, B.user.email, B.application.id, B.application.name,
    B.contact, B.contact2, B.firstName, `Bsecond${tag}`, B.label, B.labelValue, B.group, B.mobile.slice(1),
    B.message, B.part, B.body, `Blabel${tag}`, B.callbackUrl, `b-${tag}.example`,
    B.campaign, B.campaignName, `Bcampaign body ${tag}`,
    B.number.slice(1), B.number2.slice(1), B.pool, B.poolName, B.inbound, B.inboundBody, B.correspondent.slice(1),
    B.flow, B.step, `Botp${tag}`, `Bcode ${tag}`, B.email, B.subject, `Bhtml${tag}`, B.sink, ...B.callbacks,
    ...(B.webhookSecret ? [B.webhookSecret.replace(/^whsec_/, "")] : []),
  ].map(String);
}, 120_000);

function probes(): Probe[] {
  const digits = (m: string) => m.slice(1);
  const campaignBody = { from: "Mallory", body: "changed", to: ["+306912300299"], scheduledDate: new Date(Date.now() + 7_200_000).toISOString() };
  const p = (file: string, method: Verb, as: Probe["as"], what: string, rest: Partial<Probe> = {}): Probe => ({ file: `app/api/${file}/route.ts`, method, as, what, ...rest });
  return [
    // ---- messages, parts and tracking
    p("sms/tracking/single/[trackingId]", "GET", "bearer", "B's message", { params: { trackingId: B.message } }),
    p("sms/tracking/single/[trackingId]", "GET", "bearer", "B's message part", { params: { trackingId: B.part } }),
    p("sms/tracking/single/[trackingId]", "GET", "bearer", "B's inbound message", { params: { trackingId: B.inbound } }),
    p("dashboard/messages/[trackingId]", "GET", "session", "B's message", { params: { trackingId: B.message } }),
    p("dashboard/messages/[trackingId]", "GET", "session", "B's inbound message", { params: { trackingId: B.inbound } }),
    p("dashboard/messages/[trackingId]", "GET", "session", "B's message part", { params: { trackingId: B.part } }),
    // ---- callbacks
    ...B.callbacks.map((id: string) => p("dashboard/callbacks/[id]/resend", "POST", "session", "resend B's callback", { params: { id } })),
    // ---- campaigns
    p("campaigns/[trackingId]", "GET", "bearer", "B's campaign", { params: { trackingId: B.campaign } }),
    p("sms/[trackingId]", "PUT", "bearer", "replace B's scheduled campaign", { params: { trackingId: B.campaign }, body: campaignBody }),
    p("sms/[trackingId]", "DELETE", "bearer", "delete B's scheduled campaign", { params: { trackingId: B.campaign } }),
    p("sms/tracking/campaign/[campaignTrackingId]", "GET", "bearer", "B's campaign's messages", { params: { campaignTrackingId: B.campaign } }),
    p("dashboard/campaigns/[id]", "GET", "session", "B's campaign", { params: { id: B.campaign } }),
    p("dashboard/campaigns/[id]", "PUT", "session", "replace B's campaign", { params: { id: B.campaign }, body: campaignBody }),
    p("dashboard/campaigns/[id]", "DELETE", "session", "delete B's campaign", { params: { id: B.campaign } }),
    p("dashboard/campaigns/[id]/messages", "GET", "session", "B's campaign's messages", { params: { id: B.campaign } }),
    p("dashboard/campaigns/[id]/recipients", "GET", "session", "B's campaign's recipients", { params: { id: B.campaign } }),
    // ---- contacts, labels, groups, blacklist
    p("contacts/my/[id]", "GET", "bearer", "B's contact", { params: { id: B.contact } }),
    p("contacts/my/[id]", "PUT", "bearer", "change B's contact", { params: { id: B.contact }, body: { firstName: "Mallory" } }),
    p("contacts/my/[id]", "DELETE", "bearer", "delete B's contact", { params: { id: B.contact } }),
    p("dashboard/contacts/[id]", "PUT", "session", "change B's contact", {
      params: { id: B.contact },
      body: { mobile: "+306912300298", firstName: "Mallory", lastName: "", email: "", country: "", vip: false, groups: [], labels: {} },
    }),
    p("dashboard/contacts/[id]", "DELETE", "session", "delete B's contact", { params: { id: B.contact } }),
    p("contacts/my/blacklist/[service]", "POST", "bearer", "blacklist B's contact", { params: { service: "Sms" }, body: [B.contact] }),
    p("contacts/my/blacklist/[service]", "DELETE", "bearer", "unblacklist B's contact", { params: { service: "Sms" }, body: [B.contact2] }),
    p("contacts/my/blacklist/[service]", "GET", "bearer", "A's own blacklist", { params: { service: "Sms" }, expect: "own" }),
    p("contacts/my/blacklist/[service]/remove", "POST", "bearer", "unblacklist B's contact", { params: { service: "Sms" }, body: [B.contact2] }),
    p("contacts/my/blacklist/[service]/groups", "DELETE", "bearer", "unblacklist B's group", { params: { service: "Sms" }, body: [B.group] }),
    p("groups/my/[name]", "GET", "bearer", "B's group", { params: { name: B.group } }),
    p("groups/my/[name]/contacts", "GET", "bearer", "B's group's contacts", { params: { name: B.group } }),
    p("groups/my/[name]/contacts", "POST", "bearer", "add A's contact to B's group", { params: { name: B.group }, body: [A.contact] }),
    p("groups/my/[name]/contacts", "POST", "bearer", "add B's contact to A's group", { params: { name: "Agroup" }, body: [B.contact] }),
    p("groups/my/[name]/contacts", "DELETE", "bearer", "take A's contact out of B's group", { params: { name: B.group }, body: [A.contact] }),
    p("groups/my/[name]/contacts", "DELETE", "bearer", "take B's contact out of A's group", { params: { name: "Agroup" }, body: [B.contact] }),
    p("dashboard/contacts/groups/[name]", "DELETE", "session", "delete B's group", { params: { name: B.group }, query: "deleteContacts=true" }),
    // ---- rented numbers and conversations
    p("numbers/my/[msisdn]", "GET", "bearer", "B's number", { params: { msisdn: digits(B.number) } }),
    p("numbers/my/[msisdn]", "PUT", "bearer", "change B's number's callbacks", { params: { msisdn: digits(B.number) }, body: { inboundSmsCallbackUrl: "https://mallory.example/in" } }),
    p("numbers/my/[msisdn]", "DELETE", "bearer", "cancel B's pooled number", { params: { msisdn: digits(B.number) } }),
    p("numbers/my/[msisdn]", "DELETE", "bearer", "cancel B's number", { params: { msisdn: digits(B.number2) } }),
    p("dashboard/numbers/[msisdn]", "GET", "session", "B's number", { params: { msisdn: B.number } }),
    p("dashboard/numbers/[msisdn]", "PUT", "session", "change B's number", { params: { msisdn: B.number }, body: { inboundSmsCallbackUrl: "https://mallory.example/in" } }),
    p("dashboard/numbers/[msisdn]", "DELETE", "session", "cancel B's pooled number", { params: { msisdn: B.number } }),
    p("dashboard/numbers/[msisdn]", "DELETE", "session", "cancel B's number", { params: { msisdn: B.number2 } }),
    p("dashboard/numbers/[msisdn]/conversations", "GET", "session", "B's number's conversations", { params: { msisdn: B.number } }),
    p("dashboard/numbers/[msisdn]/conversations/[correspondent]", "GET", "session", "B's conversation", { params: { msisdn: B.number, correspondent: B.correspondent } }),
    p("dashboard/numbers/[msisdn]/conversations/[correspondent]", "POST", "session", "reply from B's number", { params: { msisdn: B.number, correspondent: B.correspondent }, body: { body: "hi" } }),
    p("dashboard/numbers/[msisdn]/inbound", "POST", "session", "simulate an SMS to B's number", { params: { msisdn: B.number }, body: { from: "+306912300297", body: "hi" } }),
    // ---- pools
    p("pools/my/[poolId]", "GET", "bearer", "B's pool", { params: { poolId: B.pool } }),
    p("pools/my/[poolId]", "PUT", "bearer", "change B's pool", { params: { poolId: B.pool }, body: { poolName: "Mallory" } }),
    p("pools/my/[poolId]", "DELETE", "bearer", "delete B's pool", { params: { poolId: B.pool } }),
    p("pools/my/[poolId]/numbers", "POST", "bearer", "add A's number to B's pool", { params: { poolId: B.pool }, body: { numbers: [A.number] } }),
    p("pools/my/[poolId]/numbers", "POST", "bearer", "add B's number to A's pool", { params: { poolId: A.pool }, body: { numbers: [B.number2] } }),
    p("pools/my/[poolId]/numbers/[msisdn]", "DELETE", "bearer", "take B's number out of B's pool", { params: { poolId: B.pool, msisdn: digits(B.number) } }),
    p("pools/my/[poolId]/numbers/[msisdn]", "DELETE", "bearer", "take B's number out of A's pool", { params: { poolId: A.pool, msisdn: digits(B.number) } }),
    p("pools/my/[poolId]/sms", "POST", "bearer", "send through B's pool", { params: { poolId: B.pool }, body: { to: "+306912300296", body: "hi", poolStrategy: "Numeric" } }),
    p("dashboard/pools/[poolId]", "GET", "session", "B's pool", { params: { poolId: B.pool } }),
    p("dashboard/pools/[poolId]", "PUT", "session", "change B's pool", { params: { poolId: B.pool }, body: { poolName: "Mallory" } }),
    p("dashboard/pools/[poolId]", "DELETE", "session", "delete B's pool", { params: { poolId: B.pool } }),
    p("dashboard/pools/[poolId]/sms", "POST", "session", "send through B's pool", { params: { poolId: B.pool }, body: { to: "+306912300296", body: "hi" } }),
    // ---- OTP flows
    p("otp/failover/[flowId]", "GET", "bearer", "B's flow", { params: { flowId: B.flow } }),
    p("otp/failover/[flowId]", "GET", "bearer", "B's flow by its step", { params: { flowId: B.step } }),
    p("otp/failover/[flowId]/verify", "POST", "bearer", "guess B's code", { params: { flowId: B.flow }, body: { code: "123456" } }),
    p("dashboard/otp/[flowId]", "GET", "session", "B's flow", { params: { flowId: B.flow } }),
    // ---- email
    p("dashboard/email/[id]", "GET", "session", "B's email", { params: { id: B.email } }),
    p("dashboard/email/sink/[id]", "GET", "session", "B's captured mail", { params: { id: B.sink } }),
    // ---- applications and users
    p("dashboard/applications/[applicationId]", "PATCH", "session", "change B's application's rate limit", { params: { applicationId: B.application.id }, body: { rateLimitPerSecond: 1 } }),
    p("dashboard/applications/[applicationId]", "DELETE", "session", "revoke B's application", { params: { applicationId: B.application.id } }),
    p("dashboard/users/[id]", "PATCH", "session", "change B's user's role", { params: { id: B.user.id }, body: { role: "support" } }),
    p("dashboard/users/[id]", "DELETE", "session", "remove B's user", { params: { id: B.user.id } }),

    // ---- ids in bodies and queries
    p("sms/campaign", "POST", "bearer", "a campaign to B's contact", { body: { from: "Ashop", body: "x", contacts: [B.contact] } }),
    p("sms/campaign", "POST", "bearer", "a campaign to B's group", { body: { from: "Ashop", body: "x", groups: [B.group] } }),
    p("sms/analyze/campaign", "POST", "bearer", "analyse a campaign to B's contact", { body: { from: "Ashop", body: "x", contacts: [B.contact] } }),
    p("sms/analyze/campaign", "POST", "bearer", "analyse a campaign to B's group", { body: { from: "Ashop", body: "x", groups: [B.group] } }),
    p("dashboard/campaigns/analyze", "POST", "session", "analyse a campaign to B's contact", { body: { from: "Ashop", body: "x", contacts: [B.contact] } }),
    p("contacts/my", "DELETE", "bearer", "delete B's contact among others", { body: [A.contact, B.contact] }),
    p("contacts/my/delete", "POST", "bearer", "delete B's contact (alias)", { body: [B.contact] }),
    p("groups/my", "DELETE", "bearer", "delete B's group", { body: [B.group] }),
    p("groups/my/delete", "POST", "bearer", "delete B's group (alias)", { body: [B.group] }),
    p("groups/my/merge", "POST", "bearer", "merge B's group", { body: { name: "Merged", groups: ["Agroup", B.group] } }),
    p("groups/my/difference", "POST", "bearer", "difference with B's group", { body: { name: "Diff", groups: ["Agroup", B.group] } }),
    p("pools/my", "POST", "bearer", "a pool of B's number", { body: { poolName: "Stolen", smsSettings: {}, numbers: [B.number2] } }),
    p("dashboard/contacts/bulk", "POST", "session", "delete B's contact in bulk", { body: { action: "delete", ids: [B.contact] } }),
    p("dashboard/contacts/bulk", "POST", "session", "add B's contact to A's group", { body: { action: "addToGroup", ids: [B.contact], group: "Agroup" } }),
    p("dashboard/contacts/bulk", "POST", "session", "add A's contact to B's group", { body: { action: "addToGroup", ids: [A.contact], group: B.group } }),
    p("dashboard/contacts/bulk", "POST", "session", "blacklist B's contact in bulk", { body: { action: "blacklist", ids: [B.contact] } }),
    p("sms/tracking", "POST", "bearer", "tracking of B's campaign", { query: `trackingId=${B.campaign}`, body: [], expect: "own" }),
    p("sms/tracking", "POST", "bearer", "tracking of B's part", { body: [{ fieldName: "smsId", searchTerm: B.part }], expect: "own" }),
    p("reports/my/volPrice/perCampaign", "GET", "bearer", "report of B's campaign", { query: `campaignId=${B.campaign}&offset=%2B00:00`, expect: "own" }),
    p("reports/my/latency/perCampaign", "GET", "bearer", "latency of B's campaign", { query: `campaignId=${B.campaign}`, expect: "own" }),
    p("contacts/my/mobile", "GET", "bearer", "B's contact's mobile", { query: `value=${encodeURIComponent(B.mobile)}` }),
    p("dashboard/campaigns/audience/contacts", "GET", "session", "B's contact by id", { query: `ids=${B.contact}`, expect: "own" }),
    p("dashboard/campaigns/audience/contacts", "GET", "session", "B's group's members", { query: `group=${encodeURIComponent(B.group)}`, expect: "own" }),
    p("dashboard/contacts", "GET", "session", "contacts of B's group", { query: `group=${encodeURIComponent(B.group)}`, expect: "own" }),
    p("dashboard/tracking", "GET", "session", "tracking of B's campaign", { query: `campaign=${B.campaign}`, expect: "own" }),
  ];
}

function checkAnswer(probe: Probe, r: Call): string[] {
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

describe("another account's resources, by id", () => {
  it("covers every route with an id in its path", async () => {
    const covered = new Set(probes().map((p) => `${p.method} ${p.file}`));
    const missing: string[] = [];
    for (const file of apiRouteFiles().filter((f) => f.includes("[") && !(f in notAnId)))
      for (const method of await servedMethods(file)) if (!covered.has(`${method} ${file}`)) missing.push(`${method} ${file}`);
    expect(missing, "routes with an id that no probe covers: add them to probes()").toEqual([]);
  });

  it("answers A with a 404 envelope and leaves B's data as it was", async () => {
    const before = await snapshotOf(B.account.id);
    const aBefore = await db.ctx().db.account.findUniqueOrThrow({ where: { id: A.account.id } });
    const problems: string[] = [];
    for (const probe of probes()) {
      const handler = (await load(probe.file))[probe.method];
      if (!handler) throw new Error(`${probe.file} exports no ${probe.method}`);
      const r = await call(handler, {
        method: probe.method,
        path: urlPath(probe),
        headers: probe.as === "bearer" ? A.auth : A.cookie,
        params: probe.params,
        body: probe.body,
      });
      problems.push(...checkAnswer(probe, r));
    }
    expect(problems).toEqual([]);
    expect(await snapshotOf(B.account.id)).toEqual(before);
    // Nothing was sent or charged on A's side through B's pool or numbers either.
    expect(await db.ctx().db.message.count({ where: { accountId: A.account.id } })).toBe(0);
    expect((await db.ctx().db.account.findUniqueOrThrow({ where: { id: A.account.id } })).balanceMicros).toBe(aBefore.balanceMicros);
  });

  it("still serves B its own resources (the probes aimed at real ids)", async () => {
    expect((await as(B, "bearer", "app/api/contacts/my/[id]/route.ts", "GET", { params: { id: B.contact } })).body.firstName).toBe(B.firstName);
    expect((await as(B, "bearer", "app/api/campaigns/[trackingId]/route.ts", "GET", { params: { trackingId: B.campaign } })).body.campaignName).toBe(B.campaignName);
    expect((await as(B, "bearer", "app/api/pools/my/[poolId]/route.ts", "GET", { params: { poolId: B.pool } })).body.poolName).toBe(B.poolName);
    expect((await as(B, "bearer", "app/api/otp/failover/[flowId]/route.ts", "GET", { params: { flowId: B.step } })).body.flowId).toBe(B.flow);
    expect((await as(B, "session", "app/api/dashboard/email/sink/[id]/route.ts", "GET", { params: { id: B.sink } })).status).toBe(200);
    expect((await as(B, "session", "app/api/dashboard/numbers/[msisdn]/conversations/[correspondent]/route.ts", "GET", { params: { msisdn: B.number, correspondent: B.correspondent } })).body.messages).toHaveLength(1);
  });
});

/** Queries that let a list route answer something (its required parameters), by route file. */
function listQuery(file: string): string {
  const span = `startDate=${new Date(Date.now() - 86_400_000).toISOString()}&endDate=${new Date(Date.now() + 3_600_000).toISOString()}`;
  if (/numbers\/available/.test(file)) return "country=GR&size=200";
  if (file.includes("/reports/my/") && !file.includes("perCampaign")) {
    if (file.endsWith("perMcc/route.ts")) return `${span}&mcc=202`;
    if (file.endsWith("perMccMnc/route.ts")) return `${span}&mcc=202&mnc=01`;
    if (file.endsWith("perCountry/route.ts")) return `${span}&countryCode=GR`;
    return span;
  }
  return "";
}

/** Lists that cannot answer without an id of their own: probes() aims them at B's ids. */
const needsMore = /perCampaign|contacts\/my\/blacklist\/route/;

describe("lists and aggregates", () => {
  it("show A nothing of B's: every GET route without an id, as A", async () => {
    const problems: string[] = [];
    for (const file of apiRouteFiles().filter((f) => !f.includes("[") && !f.includes("/auth/") && !f.includes("/internal/"))) {
      const mod = await load(file);
      if (!mod.GET) continue;
      const kind = file.startsWith("app/api/dashboard/") ? "session" : "bearer";
      const probe: Probe = { file, method: "GET", as: kind, what: "list", expect: "own", query: listQuery(file) };
      const r = await call(mod.GET, { path: urlPath(probe), headers: kind === "bearer" ? A.auth : A.cookie });
      if (r.status === 400 && !needsMore.test(file)) problems.push(`GET ${urlPath(probe)}: give listQuery() the parameters it needs — ${r.text.slice(0, 200)}`);
      problems.push(...checkAnswer(probe, r));
    }
    expect(problems).toEqual([]);
  });

  it("count A's own traffic only: A has sent nothing, B has", async () => {
    const get = async (file: string) => {
      const r = await as(A, file.startsWith("dashboard/") ? "session" : "bearer", `app/api/${file}/route.ts`, "GET", { query: listQuery(`app/api/${file}/route.ts`) });
      expect(r.status, `${file}: ${r.text}`).toBe(200);
      return r.body;
    };
    expect(await get("reports/my/volPrice")).toEqual([]);
    expect((await get("reports/my/latency")).smsLatencyCount.every((n: number) => n === 0)).toBe(true);
    expect((await get("dashboard/overview")).totals).toMatchObject({ total: 0 });
    expect((await get("dashboard/tracking")).totalElements).toBe(0);
    expect((await get("dashboard/messages")).totalElements).toBe(0);
    const tracking = await as(A, "bearer", "app/api/sms/tracking/route.ts", "POST", { body: [] });
    expect(tracking.body.totalElements).toBe(0);
  });
});

// Last: A then holds names B holds, which the lists above would show.
describe("names and numbers B uses", () => {
  it("are free for A: a conflict would tell A they exist", async () => {
    const scheduledDate = new Date(Date.now() + 86_400_000).toISOString();
    const answers = {
      label: await as(A, "bearer", "app/api/contacts/labels/my/route.ts", "POST", { body: [{ name: B.label, type: "Text" }] }),
      group: await as(A, "bearer", "app/api/groups/my/route.ts", "POST", { body: { name: B.group } }),
      contact: await as(A, "bearer", "app/api/contacts/my/route.ts", "POST", { body: { mobile: B.mobile } }),
      pool: await as(A, "bearer", "app/api/pools/my/route.ts", "POST", { body: { poolName: B.poolName, smsSettings: {} } }),
      campaign: await as(A, "bearer", "app/api/sms/campaign/route.ts", "POST", { body: { campaignName: B.campaignName, from: "Ashop", body: "x", to: ["+306912300210"], scheduledDate } }),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([k, r]) => [k, r.status]))).toEqual({ label: 200, group: 200, contact: 200, pool: 200, campaign: 200 });
  });
});
