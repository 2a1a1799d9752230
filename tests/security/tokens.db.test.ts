// Bearer authentication on every API endpoint, found by walking app/api/**/route.ts: without a
// token, with an expired one, with a revoked application's, with a malformed one → 401 envelopes
// with WWW-Authenticate: Bearer; with a token lacking the endpoint's scope → 403 403000000.
// Each endpoint's scope is written down below; an endpoint missing from the table fails the test,
// so a new route must state its scope here. The dashboard's JSON routes (and the operator
// console's, /operator/…) take a session, never a bearer token.
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { apiRouteFiles } from "./api-routes.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount, sessionCookie } from "../support/factories.ts";
import { bearer, call, type Call, type RouteHandler } from "../support/http.ts";
import { allScopes, type Scope } from "../../lib/core/tokens/scopes.ts";
import { digest } from "../../lib/core/secrets/hashing.ts";
import { createApplication } from "../../lib/core/applications/create-application.ts";
import { issueToken } from "../../lib/core/tokens/issue-token.ts";
import { revokeApplication } from "../../lib/core/applications/revoke-application.ts";

const db = useTestDatabase();
const root = path.resolve(import.meta.dirname, "../..");
const verbs = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"] as const;
type Verb = (typeof verbs)[number];

/** Route files that are not bearer API endpoints, and why. */
const notBearer: Record<string, string> = {
  "/oauth/token": "issues tokens: HTTP Basic or client_id/client_secret (tests/api/oauth-token.db.test.ts)",
  "/openapi.json": "the public OpenAPI document",
  "/[...path]": "the 404 envelope of unknown paths",
  "/auth/[...nextauth]": "next-auth's dashboard sign-in",
  "/internal/cli": "the command line's own token from DATA_DIR (x-cli-token)",
  "/health": "liveness for load balancers: open, no database call (tests/ops/health.db.test.ts)",
  "/ready": "readiness for load balancers: open, names what is not ready (tests/ops/health.db.test.ts)",
};
// /t/** (email pixel and click redirect) lives outside app/api and is public by design.

/**
 * The scope each endpoint needs (lib/schemas/*: the route specs' `scope`). null: any valid token
 * of the account — the spec names no scope for tracking, prices or email (its scope list has no
 * email scope), and the tracking examples use an sms-scoped token.
 */
const scopeOf: Record<string, Scope | null> = {
  "GET /accounts/me/balance": "account",
  "GET /accounts/me/transactions": "account",
  "GET /system/prices": null,
  "POST /sms": "sms",
  "POST /sms/analyze": "sms",
  "POST /sms/analyze/campaign": "sms",
  "POST /sms/campaign": "sms",
  "PUT /sms/[trackingId]": "sms",
  "DELETE /sms/[trackingId]": "sms",
  "GET /campaigns/[trackingId]": "sms",
  "GET /sms/quietHours/countries/[language]": "sms",
  "POST /sms/tracking": null,
  "GET /sms/tracking/campaign/[campaignTrackingId]": null,
  "GET /sms/tracking/single/[trackingId]": null,
  "GET /contacts/labels/my": "contact",
  "POST /contacts/labels/my": "contact",
  "GET /contacts/my": "contact",
  "POST /contacts/my": "contact",
  "DELETE /contacts/my": "contact",
  "GET /contacts/my/[id]": "contact",
  "PUT /contacts/my/[id]": "contact",
  "DELETE /contacts/my/[id]": "contact",
  // Without a service: a 400 naming the services, once the token is checked.
  "GET /contacts/my/blacklist": "contact",
  "POST /contacts/my/blacklist": "contact",
  "PUT /contacts/my/blacklist": "contact",
  "PATCH /contacts/my/blacklist": "contact",
  "DELETE /contacts/my/blacklist": "contact",
  "GET /contacts/my/blacklist/[service]": "contact",
  "POST /contacts/my/blacklist/[service]": "contact",
  "DELETE /contacts/my/blacklist/[service]": "contact",
  "DELETE /contacts/my/blacklist/[service]/groups": "contact",
  "POST /contacts/my/blacklist/[service]/remove": "contact",
  "POST /contacts/my/delete": "contact",
  "GET /contacts/my/mobile": "contact",
  "HEAD /contacts/my/mobile": "contact",
  "GET /groups/my": "contact",
  "POST /groups/my": "contact",
  "DELETE /groups/my": "contact",
  "GET /groups/my/[name]": "contact",
  "GET /groups/my/[name]/contacts": "contact",
  "POST /groups/my/[name]/contacts": "contact",
  "DELETE /groups/my/[name]/contacts": "contact",
  "POST /groups/my/delete": "contact",
  "POST /groups/my/difference": "contact",
  "POST /groups/my/merge": "contact",
  "GET /groups/my/page": "contact",
  "GET /reports/my/volPrice": "report",
  "GET /reports/my/volPrice/perMcc": "report",
  "GET /reports/my/volPrice/perMccMnc": "report",
  "GET /reports/my/volPrice/perCampaign": "report",
  "GET /reports/my/latency": "report",
  "GET /reports/my/latency/perCountry": "report",
  "GET /reports/my/latency/perMccMnc": "report",
  "GET /reports/my/latency/perCampaign": "report",
  "GET /reports/my/breakdown": "report",
  "GET /reports/my/breakdown/perCountry": "report",
  "GET /reports/my/breakdown/perMccMnc": "report",
  "GET /reports/my/breakdown/perCampaign": "report",
  "GET /numbers/available": "virtual_number",
  "POST /numbers/available/search": "virtual_number",
  "GET /numbers/my": "virtual_number",
  "POST /numbers/my": "virtual_number",
  "GET /numbers/my/[msisdn]": "virtual_number",
  "PUT /numbers/my/[msisdn]": "virtual_number",
  "DELETE /numbers/my/[msisdn]": "virtual_number",
  "GET /audit-events": "audit",
  "GET /pools/my": "number_pool",
  "POST /pools/my": "number_pool",
  "GET /pools/my/[poolId]": "number_pool",
  "PUT /pools/my/[poolId]": "number_pool",
  "DELETE /pools/my/[poolId]": "number_pool",
  "POST /pools/my/[poolId]/numbers": "number_pool",
  "DELETE /pools/my/[poolId]/numbers/[msisdn]": "number_pool",
  "POST /pools/my/[poolId]/sms": "number_pool",
  "GET /webhooks/deliveries": "webhooks",
  "GET /webhooks/deliveries/[id]": "webhooks",
  "POST /webhooks/deliveries/[id]/replay": "webhooks",
  "POST /webhooks/replays": "webhooks",
  "GET /webhooks/replays/[id]": "webhooks",
  "GET /webhooks/endpoints": "webhooks",
  "POST /webhooks/endpoints/pause": "webhooks",
  "POST /webhooks/endpoints/resume": "webhooks",
  "GET /webhooks/settings": "webhooks",
  "PUT /webhooks/settings": "webhooks",
  // OTP is the spec's two-step verification service (MT_ROLE_2STEP).
  "POST /otp/send-failover": "2step",
  "GET /otp/failover/[flowId]": "2step",
  "POST /otp/failover/[flowId]/verify": "2step",
  "POST /transactional-email": null,
  "GET /accounts/me/banks": "account",
  "POST /2step": "2step",
  "GET /2step/[trackingId]": "2step",
  "POST /2step/[trackingId]": "2step",
  "DELETE /2step/[trackingId]": "2step",
  "GET /2step/reports": "2step",
  "GET /2step/reports/applications/[applicationId]": "2step",
};

/** "app/api/contacts/my/[id]/route.ts" → "/contacts/my/[id]". */
const apiPath = (file: string) => file.replace(/^app\/api/, "").replace(/\/route\.ts$/, "") || "/";

interface Endpoint {
  key: string;
  method: Verb;
  file: string;
  handler: RouteHandler;
}

/** Every method every route file serves (the others answer 405: lib/http/methods.ts). */
async function endpoints(filter: (apiPath: string) => boolean): Promise<Endpoint[]> {
  const out: Endpoint[] = [];
  for (const file of apiRouteFiles().filter((f) => filter(apiPath(f)))) {
    const mod = (await import(path.join(root, file))) as Record<string, RouteHandler>;
    for (const method of verbs) {
      const handler = mod[method];
      if (!handler) continue;
      const r = await call(handler, { method, path: apiPath(file), params: paramsOf(file) });
      if (r.status !== 405) out.push({ key: `${method} ${apiPath(file)}`, method, file, handler });
    }
  }
  return out;
}

const paramsOf = (file: string) => Object.fromEntries([...file.matchAll(/\[(?:\.\.\.)?(\w+)\]/g)].map((m) => [m[1]!, "x"]));
const isSessionPath = (p: string) => p.startsWith("/dashboard/") || p.startsWith("/operator/");
const isBearerPath = (p: string) => !isSessionPath(p) && !(p in notBearer);

const send = (e: Endpoint, headers: Record<string, string>) =>
  call(e.handler, { method: e.method, path: apiPath(e.file).replace(/\[(\w+)\]/g, "x"), headers, params: paramsOf(e.file), body: e.method === "GET" || e.method === "HEAD" ? undefined : {} });

function envelopeProblem(r: Call, status: number, code: string): string | null {
  if (r.status !== status) return `answered ${r.status}, not ${status}: ${r.text.slice(0, 200)}`;
  if (r.body?.code !== code || typeof r.body?.developerMessage !== "string") return `not the ${code} envelope: ${r.text.slice(0, 200)}`;
  if (!/^Bearer\b/.test(r.headers.get("www-authenticate") ?? "")) return "no WWW-Authenticate: Bearer header";
  return null;
}

let bearerEndpoints: Endpoint[] = [];
let dashboardEndpoints: Endpoint[] = [];
const tokens: Record<string, string> = {};
const lacking: Partial<Record<Scope, string>> = {};
let cookie = "";

beforeAll(async () => {
  const ctx = db.ctx();
  const a = await makeAccount(ctx);
  cookie = await sessionCookie(a.user.id);
  tokens.valid = await a.token();
  tokens.expired = await a.token();
  await ctx.db.accessToken.update({ where: { tokenHash: digest(tokens.expired) }, data: { expiresAt: new Date(Date.now() - 1000) } });
  const revoked = await createApplication(ctx, { accountId: a.account.id, name: "Revoked", scopes: allScopes });
  tokens.revoked = (await issueToken(ctx, { clientId: revoked.application.id, clientSecret: revoked.secret, grantType: "client_credentials", scope: undefined })).access_token;
  await revokeApplication(ctx, { accountId: a.account.id, applicationId: revoked.application.id });
  // For each scope, a token holding every other scope.
  for (const scope of allScopes) lacking[scope] = await a.token(allScopes.filter((s) => s !== scope).join(" "));
  tokens.oneScope = await a.token("voice");
  bearerEndpoints = await endpoints(isBearerPath);
  dashboardEndpoints = await endpoints(isSessionPath);
});

describe("bearer endpoints", () => {
  it("each has its scope written down here", async () => {
    const found = bearerEndpoints.map((e) => e.key).sort();
    expect(
      found.filter((k) => !(k in scopeOf)),
      "endpoints missing from scopeOf",
    ).toEqual([]);
    expect(
      Object.keys(scopeOf).filter((k) => !found.includes(k)),
      "scopeOf names endpoints that no longer exist",
    ).toEqual([]);
  });

  it("answer 401 without a token, with an expired, a revoked or a malformed one, and 403 without their scope", async () => {
    const problems: string[] = [];
    const v = tokens.valid!;
    const unauthorized: [string, Record<string, string>][] = [
      ["no Authorization header", {}],
      ["a dashboard session cookie instead of a token", { cookie }],
      ["an expired token", bearer(tokens.expired!)],
      ["a revoked application's token", bearer(tokens.revoked!)],
      ["an empty bearer", { authorization: "Bearer " }],
      ["a truncated token", bearer(v.slice(0, -1))],
      ["a token with a character more", bearer(`${v}A`)],
      ["two tokens", { authorization: `Bearer ${v} ${v}` }],
      ["the token under another scheme", { authorization: `Token ${v}` }],
      ["a made-up token of 4,000 characters", bearer("x".repeat(4000))],
    ];
    for (const e of bearerEndpoints) {
      for (const [what, headers] of unauthorized) {
        const problem = envelopeProblem(await send(e, headers), 401, "401000000");
        if (problem) problems.push(`${e.key} with ${what}: ${problem}`);
      }
      const scope = scopeOf[e.key];
      if (scope) {
        const r = await send(e, bearer(lacking[scope]!));
        const problem = envelopeProblem(r, 403, "403000000");
        if (problem) problems.push(`${e.key} without scope ${scope}: ${problem}`);
        else if (!r.body.developerMessage.includes(scope)) problems.push(`${e.key}: the 403 does not name the scope ${scope}`);
      } else if (scope === null) {
        // Any valid token of the account gets past authentication.
        const r = await send(e, bearer(tokens.oneScope!));
        if (r.status === 401 || r.status === 403) problems.push(`${e.key} refused a valid voice-only token: ${r.status} ${r.text.slice(0, 200)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("a valid token with the scope gets past authentication everywhere", async () => {
    const problems: string[] = [];
    for (const e of bearerEndpoints) {
      const r = await send(e, bearer(tokens.valid!));
      if (r.status === 401 || r.status === 403 || r.status >= 500) problems.push(`${e.key}: ${r.status} ${r.text.slice(0, 200)}`);
    }
    expect(problems).toEqual([]);
  });
});

describe("dashboard JSON routes", () => {
  it("take a session: no cookie, or a bearer token instead, is a 401 401000002", async () => {
    const problems: string[] = [];
    for (const e of dashboardEndpoints) {
      for (const [what, headers] of [
        ["no cookie", {}],
        ["a bearer token", bearer(tokens.valid!)],
      ] as const) {
        const r = await send(e, headers);
        if (r.status !== 401 || r.body?.code !== "401000002") problems.push(`${e.key} with ${what}: ${r.status} ${r.text.slice(0, 200)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
