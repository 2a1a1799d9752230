// Property-based fuzzing of every API route. The route files under app/api are found on disk and
// every verb each one serves gets generated requests: path segments (real ids of the account,
// random UUIDs, junk), query strings (the spec's own parameter names and random ones, with
// hostile values), bodies (shaped like the route's zod body with plausible, wrong or odd values,
// any JSON, or not JSON at all), content types, the caller (mostly the one the route is for: a
// bearer token with every scope or an owner's dashboard session, a platform administrator's too;
// sometimes another, a junk token or nobody) and now and then an Idempotency-Key. Every answer
// must be a 2xx or a 4xx, never a 5xx; every 4xx is the JSON error envelope; a 2xx is JSON (the
// tracking export, the operator's price export and the audit log export excepted: CSV).
// Afterwards the application still answers normal requests.
//
// A fixed seed and a bounded run count keep it reproducible and well under a minute on PGlite;
// FUZZ_SEED=<n> (or "random") and FUZZ_RUNS=<n> explore further, FUZZ_STATS=1 shows how far the
// inputs get. next-auth's own endpoints (app/api/auth/[...nextauth]) answer redirects and HTML by
// design and are left out.
import crypto from "node:crypto";
import fc from "fast-check";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as sendRoute } from "../../app/api/sms/route.ts";
import { GET as balanceRoute } from "../../app/api/accounts/me/balance/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount, sessionCookie } from "../support/factories.ts";
import { bearer, call, type RouteHandler } from "../support/http.ts";
import { seedPrices } from "../../lib/core/prices/seed-prices.ts";
import { sendSms } from "../../lib/core/sms/send-sms.ts";
import type { RouteSpec } from "../../lib/http/route-spec.ts";
import { apiRouteFiles, apiRoutes, envelopeProblem, routeSpecsByKey, type ApiRoute, type Verb } from "./api-routes.ts";

const db = useTestDatabase();
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = process.env.FUZZ_SEED === "random" ? Date.now() : Number(process.env.FUZZ_SEED ?? 20261122);
const excluded = new Set(["app/api/auth/[...nextauth]/route.ts"]);
/** Routes whose 2xx answer is not JSON. */
const nonJson = new Set(["app/api/dashboard/tracking/export/route.ts", "app/api/operator/accounts/[id]/prices/export/route.ts", "app/api/dashboard/audit-events/export/route.ts"]);

let routes: ApiRoute[];
let specs: Map<string, RouteSpec>;
const callers: Record<"bearer" | "session" | "junk" | "none", Record<string, string>> = { bearer: {}, session: {}, junk: { authorization: "Bearer not-a-token" }, none: {} };
const ids: string[] = [];
let accountId: string;
const failures: string[] = [];

beforeAll(async () => {
  await seedPrices(db.ctx());
  const a = await makeAccount(db.ctx(), { balance: 10_000 });
  accountId = a.account.id;
  // Thousands of requests in a minute: the application's rate limit is not what is tested here.
  await db.ctx().db.application.update({ where: { id: a.application.id }, data: { rateLimitPerSecond: 100_000 } });
  callers.bearer = bearer(await a.token());
  // A platform administrator too, so that the operator console's routes get past their 403.
  await db.ctx().db.user.update({ where: { id: a.user.id }, data: { platformAdmin: true } });
  callers.session = { cookie: await sessionCookie(a.user.id) };
  // Real ids of the account, so generated requests reach past "not found" now and then.
  const { message } = await sendSms(db.ctx(), { accountId, from: "Shop", to: "+306912345678", body: "Hello", application: undefined } as never);
  const contactId = crypto.randomUUID();
  await db.ctx().sql.query(`INSERT INTO contacts (id, account_id, mobile, first_name, country, groups, labels) VALUES ($1, $2, '+306911111111', 'Ada', 'GR', '{vip}', '{}')`, [contactId, accountId]);
  await db.ctx().sql.query(`INSERT INTO contact_groups (id, account_id, name) VALUES (gen_random_uuid(), $1, 'vip')`, [accountId]);
  ids.push(message.id, contactId, "vip", "All", "NotListed", "Sms", "en", "306912345678");
  routes = await apiRoutes();
  specs = await routeSpecsByKey();
}, 60_000);

// FUZZ_STATS=1 prints how often each route answered each status and code: where the inputs get.
const stats = new Map<string, Record<string, number>>();
afterAll(() => {
  if (failures.length) console.error(`fuzz (seed ${SEED}):\n${failures.join("\n")}`);
  if (process.env.FUZZ_STATS) console.log([...stats].map(([k, v]) => `${k} ${JSON.stringify(v)}`).join("\n"));
});

// ---- generators

const hostile = fc.constantFrom(
  "",
  " ",
  "-1",
  "0",
  "1e309",
  "NaN",
  "null",
  "true",
  "[]",
  "{}",
  "9".repeat(40),
  "2026-13-45T99:99",
  "%",
  "\u0000",
  "' OR 1=1 --",
  "<script>",
  "../../etc/passwd",
  "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
);
const text = fc.oneof(fc.string({ maxLength: 30 }), hostile, fc.stringMatching(/^\+?\d{6,16}$/));
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: text },
  { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)) },
  { weight: 2, arbitrary: fc.array(text, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom("+306912345678", "Shop", "2026-11-22T10:00:00Z", "OnChange", "Sms", "vip", "is") },
);

/** Values that pass for fields of these names, so that requests often get past validation. */
const plausible: Record<string, unknown[]> = {
  from: ["Shop", "306900000001"],
  to: ["+306912345678", ["+306912345678", "+306912345679"]],
  body: ["Hello [~firstName]"],
  mobile: ["+306912345670"],
  name: ["fuzz group", "Fuzz app"],
  campaignName: ["Fuzz campaign"],
  groups: [["vip"], ["All"]],
  scopes: [["sms"]],
  tokenTtl: [3600],
  callbackStrategy: ["OnChange"],
  strategy: ["None", "All"],
  service: ["Sms"],
  firstName: ["Ada"],
  email: ["fuzz@example.com"],
  role: ["support"],
  subject: ["Hi"],
  scheduledDate: ["2030-01-01T10:00:00Z"],
  rateLimitPerSecond: [100_000],
};

function bodyFor(spec: RouteSpec | undefined): fc.Arbitrary<string | undefined> {
  const keys = spec?.body instanceof z.ZodObject ? Object.keys(spec.body.shape) : [];
  const field = (k: string) => (plausible[k] ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...plausible[k]!) }, { weight: 1, arbitrary: value }) : value);
  const shaped = keys.length
    ? fc.record(Object.fromEntries(keys.map((k) => [k, field(k)])), { requiredKeys: [] }).map((o) => JSON.stringify(o))
    : fc.array(fc.oneof(fc.constantFrom(...ids), value), { maxLength: 4 }).map((v) => JSON.stringify(v));
  return fc.oneof(
    { weight: 4, arbitrary: shaped },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom("{", "[1,", '{"a":}', "null", "", "\u0000")) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

function queryFor(spec: RouteSpec | undefined): fc.Arbitrary<string> {
  const known = spec?.query instanceof z.ZodObject ? Object.keys(spec.query.shape) : [];
  const key = fc.oneof(fc.constantFrom(...known, "page", "size", "sort"), fc.string({ maxLength: 8 }));
  const raw = fc.constantFrom("", "", "", "&%", "&%ZZ=1", "&size=1&size=2", "&a=%E0%A4%A", "&&&=");
  return fc.tuple(fc.dictionary(key, text, { maxKeys: 4 }), raw).map(([q, tail]) => new URLSearchParams(q as Record<string, string>).toString() + tail);
}

/** A path segment; built once the account's ids exist. */
const param = () => fc.oneof(fc.constantFrom(...ids), fc.uuid(), text, fc.constant(""));
const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant("application/json") },
  { weight: 1, arbitrary: fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "application/xml", "") },
);

/** Mostly the caller the route is for, sometimes another or nobody. */
function callerFor(spec: RouteSpec | undefined): fc.Arbitrary<keyof typeof callers> {
  const own = spec?.auth === "session" ? "session" : "bearer";
  return fc.oneof({ weight: 5, arbitrary: fc.constant(own) }, { weight: 1, arbitrary: fc.constantFrom("bearer", "session", "junk", "none") as fc.Arbitrary<keyof typeof callers> });
}

// ---- the properties

async function servedVerbs(route: ApiRoute): Promise<Verb[]> {
  const served: Verb[] = [];
  for (const [verb, handler] of Object.entries(route.handlers) as [Verb, RouteHandler][]) {
    const params = Object.fromEntries(route.params.map((p) => [p, "x"]));
    const r = await call(handler, { method: verb, path: route.path, headers: callers.session, params });
    check(route, verb, r, "probe");
    if (r.status !== 405) served.push(verb);
  }
  return served;
}

function check(route: ApiRoute, verb: Verb, r: { status: number; headers: Headers; body: unknown; text: string }, input: unknown) {
  const counts = stats.get(`${verb} ${route.path}`) ?? {};
  const answer = r.status < 400 ? String(r.status) : String((r.body as { code?: unknown } | undefined)?.code ?? r.status);
  counts[answer] = (counts[answer] ?? 0) + 1;
  stats.set(`${verb} ${route.path}`, counts);
  let problem: string | null = null;
  if (r.status >= 500) problem = `status ${r.status}`;
  else if (r.status >= 400) problem = envelopeProblem(r);
  else if (r.text !== "" && !nonJson.has(route.file) && !/json/.test(r.headers.get("content-type") ?? "")) problem = `2xx with content-type ${r.headers.get("content-type")}`;
  if (problem) {
    failures.push(`${verb} ${route.file}: ${problem}\n  input: ${JSON.stringify(input)}\n  answer: ${r.text.slice(0, 300)}`);
    expect.fail(`${verb} ${route.file}: ${problem} — ${r.text.slice(0, 200)} — input ${JSON.stringify(input)}`);
  }
}

describe("fuzz every API route", () => {
  for (const file of apiRouteFiles().filter((f) => !excluded.has(f)))
    it(file, async () => {
      const route = routes.find((r) => r.file === file)!;
      for (const verb of await servedVerbs(route)) {
        const spec = specs.get(`${verb} ${route.path}`);
        const request = fc.record({
          params: fc.tuple(...route.params.map(param)),
          query: queryFor(spec),
          body: verb === "GET" ? fc.constant(undefined) : bodyFor(spec),
          contentType,
          caller: callerFor(spec),
          idempotencyKey: fc.option(fc.stringMatching(/^[\x21-\x7e]{0,300}$/), { freq: 4 }),
        });
        await fc.assert(
          fc.asyncProperty(request, async (input) => {
            const params = Object.fromEntries(route.params.map((p, i) => [p, String(input.params[i])]));
            const path = route.path.replace(/\{(\w+)\}/g, (_, p: string) => encodeURIComponent(params[p] ?? "")) + (input.query ? `?${input.query}` : "");
            const headers = {
              ...callers[input.caller],
              ...(input.contentType ? { "content-type": input.contentType } : {}),
              ...(input.idempotencyKey !== null ? { "idempotency-key": input.idempotencyKey } : {}),
            };
            const r = await call(route.handlers[verb]!, { method: verb, path, headers, params, raw: input.body });
            check(route, verb, r, input);
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
      }
    });

  it("still serves normal requests afterwards", async () => {
    await db.ctx().db.account.update({ where: { id: accountId }, data: { balanceMicros: 100_000_000n } });
    const balance = await call(balanceRoute, { path: "/accounts/me/balance", headers: callers.bearer });
    expect(balance.status).toBe(200);
    const sent = await call(sendRoute, { method: "POST", path: "/sms", headers: callers.bearer, body: { from: "Shop", to: "+306912345678", body: "Still here" } });
    expect(sent.status).toBe(200);
    expect(sent.body.status).toBe("Queued");
    expect(failures).toEqual([]);
  });
});
