// Account isolation, by id: account A, holding a token with every scope and an owner's dashboard
// session, aims every route that takes an id (each app/api/**/route.ts with a [param] in its path,
// found by walking the folder) at account B's resources: reading, changing and deleting. Every
// answer is a 404 envelope (never a 403 that would confirm the id exists, never B's data), and
// afterwards B's rows are exactly as they were. A route with an id that no probe covers fails the
// test, so a new route must be added here. Routes that take ids in the body or query are checked
// too: they answer A's own data only. Lists and names: cross-account-lists.db.test.ts.
import { describe, expect, it } from "vitest";
import { apiRouteFiles } from "./api-routes.ts";
import { A, as, B, checkAnswer, load, urlPath, useTwoAccounts, verbs, type Probe, type Verb } from "./cross-account-kit.ts";
import { call } from "../support/http.ts";

const db = useTwoAccounts();

/** Routes with a [param] that name no account's resource. */
const notAnId: Record<string, string> = {
  "app/api/[...path]/route.ts": "the catch-all 404 of unknown paths",
  "app/api/auth/[...nextauth]/route.ts": "next-auth's own sign-in endpoints",
  "app/api/sms/quietHours/countries/[language]/route.ts": "a language code; the same public list for everyone",
};
/** The operator console names any account by id: platform administrators only; everyone else gets 403 (tests/api/operator-routes.db.test.ts). */
const operatorConsole = (file: string) => file.startsWith("app/api/operator/");

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
    const { rows } = await sql.query<{ rows: unknown }>(`SELECT coalesce(jsonb_agg(to_jsonb(t) ORDER BY to_jsonb(t)::text), '[]'::jsonb) AS rows FROM "${table}" t WHERE ${cond}`, [accountId]);
    out[table] = rows[0]!.rows;
  }
  return out;
}

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
    ...B.callbacks.flatMap((id: string) => [
      p("webhooks/deliveries/[id]", "GET", "bearer", "B's callback in the webhook log", { params: { id } }),
      p("webhooks/deliveries/[id]/replay", "POST", "bearer", "replay B's callback", { params: { id } }),
      p("dashboard/webhooks/deliveries/[id]", "GET", "session", "B's callback in the webhook log", { params: { id } }),
      p("dashboard/webhooks/deliveries/[id]/replay", "POST", "session", "replay B's callback", { params: { id } }),
      // No replay of B's has this id; a replay's id is looked up within the caller's account like any other.
      p("webhooks/replays/[id]", "GET", "bearer", "a replay by B's callback id", { params: { id } }),
      p("dashboard/webhooks/replays/[id]", "GET", "session", "a replay by B's callback id", { params: { id } }),
    ]),
    p("webhooks/replays", "POST", "bearer", "replay B's callbacks by id", { body: { ids: B.callbacks, expectedCount: B.callbacks.length } }),
    p("webhooks/endpoints/resume", "POST", "bearer", "resume an endpoint of B's", { body: { endpoint: "http://127.0.0.1/b" } }),
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
    p("dashboard/campaigns/[id]/click-groups", "POST", "session", "a group of B's campaign's clickers", { params: { id: B.campaign }, body: { name: "Mallory's clickers", clicked: true } }),
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
    p("2step/[trackingId]", "GET", "bearer", "B's 2Step verification", { params: { trackingId: B.twoStep } }),
    p("2step/[trackingId]", "POST", "bearer", "answer B's 2Step verification", { params: { trackingId: B.twoStep }, body: { answer: "1234" } }),
    p("2step/[trackingId]", "DELETE", "bearer", "cancel B's 2Step verification", { params: { trackingId: B.twoStep } }),
    p("2step/reports/applications/[applicationId]", "GET", "bearer", "B's application's 2Step report", { params: { applicationId: B.application.id }, expect: "own" }),
    // ---- email
    p("dashboard/email/[id]", "GET", "session", "B's email", { params: { id: B.email } }),
    p("dashboard/email/sink/[id]", "GET", "session", "B's captured mail", { params: { id: B.sink } }),
    // ---- applications and users
    p("dashboard/applications/[applicationId]", "PATCH", "session", "change B's application's rate limit", { params: { applicationId: B.application.id }, body: { rateLimitPerSecond: 1 } }),
    p("dashboard/applications/[applicationId]", "DELETE", "session", "revoke B's application", { params: { applicationId: B.application.id } }),
    p("dashboard/users/[id]", "PATCH", "session", "change B's user's role", { params: { id: B.user.id }, body: { role: "support" } }),
    p("dashboard/users/[id]", "DELETE", "session", "remove B's user", { params: { id: B.user.id } }),
    p("dashboard/users/[id]/password", "POST", "session", "reset B's user's password", { params: { id: B.user.id }, body: {} }),
    p("dashboard/users/[id]/sign-out", "POST", "session", "sign B's user out everywhere", { params: { id: B.user.id }, body: {} }),
    p("dashboard/users/[id]/two-factor/reset", "POST", "session", "reset B's user's two-factor sign-in", { params: { id: B.user.id }, body: {} }),

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

describe("another account's resources, by id", () => {
  it("covers every route with an id in its path", async () => {
    const covered = new Set(probes().map((p) => `${p.method} ${p.file}`));
    const missing: string[] = [];
    for (const file of apiRouteFiles().filter((f) => f.includes("[") && !(f in notAnId) && !operatorConsole(f)))
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
    expect(
      (await as(B, "session", "app/api/dashboard/numbers/[msisdn]/conversations/[correspondent]/route.ts", "GET", { params: { msisdn: B.number, correspondent: B.correspondent } })).body.messages,
    ).toHaveLength(1);
  });
});
