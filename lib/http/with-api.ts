// The one wrapper every route goes through: request id, authentication (bearer or session),
// scope and role checks, the per-application rate limit, parsing of params, query and body with
// the route's zod schemas, Idempotency-Key, error rendering, one log line per request and, with
// tracing on, the request's span (whose trace id is the request id).
import type { z } from "zod";
import { getDatabase, type Database } from "../db/index.ts";
import { cachingStatements } from "../db/statement-cache.ts";
import type { Ctx } from "../core/context.ts";
import { contextFor } from "../server/context.ts";
import { DomainError, fail } from "../core/errors.ts";
import { authenticateToken } from "../core/tokens/authenticate-token.ts";
import { readSession } from "../auth/session.ts";
import { errorResponse, json, zodToDomainError } from "./render-error.ts";
import { log } from "../log/logger.ts";
import type { Principal, UserPrincipal, ApplicationPrincipal } from "./principal.ts";
import type { RouteSpec } from "./route-spec.ts";
import { parseBody, parseQuery, refuseNul } from "./parse-request.ts";
import { takeRequest } from "./rate-limit.ts";
import { idempotencyKeyOf, idempotently } from "./idempotency.ts";
import { processMetrics } from "../server/metrics/registry.ts";
import { healthState } from "../server/health/state.ts";
import { refuseCrossSite } from "./cross-site.ts";
import { auditRequest } from "./audit-trail.ts";
import { transportSecurity } from "./security-headers.ts";
import { env } from "../env.ts";
import { requestIdFor } from "./request-id.ts";
import { failed, inSpan, SpanKind, tracingOn, type Span } from "../trace/tracing.ts";

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type PrincipalFor<S extends RouteSpec> = S["auth"] extends "bearer" ? ApplicationPrincipal : S["auth"] extends "session" ? UserPrincipal : Principal | null;

export interface HandlerArgs<S extends RouteSpec> {
  req: Request;
  ctx: Ctx;
  principal: PrincipalFor<S>;
  query: Out<S["query"]>;
  body: Out<S["body"]>;
  params: Out<S["params"]>;
  requestId: string;
}

type RouteContext = { params?: Promise<Record<string, string | string[]>> };

export function withApi<S extends RouteSpec>(spec: S, handler: (args: HandlerArgs<S>) => Promise<unknown>) {
  const metrics = processMetrics();
  const health = healthState();
  const spanName = `${spec.method} /api${spec.path}`;
  const answer = async (req: Request, routeContext: RouteContext | undefined, span: Span | undefined): Promise<Response> => {
    const started = performance.now();
    health.requestsInFlight += 1;
    const requestId = requestIdFor(req);
    let principal: Principal | null = null;
    let limits: Record<string, string> | undefined;
    let response: Response;
    try {
      const database = getDatabase();
      const ctx = ready.get(database) ?? (await contextWhenOpen(database));
      if (spec.auth === "session") refuseCrossSite(req, env().PUBLIC_URL);
      principal = await authenticate(spec, req, ctx);
      if (principal?.kind === "application") limits = await takeRequest(ctx, principal.applicationId);
      const key = spec.idempotent && principal?.kind === "application" ? idempotencyKeyOf(req) : null;
      const params = spec.params ? parseWith(spec.params, pathParams((await routeContext?.params) ?? {}), "params") : undefined;
      const query = spec.query ? parseWith(spec.query, parseQuery(req), "query") : undefined;
      const raw = spec.body ? await parseBody(req, spec) : undefined;
      const body = spec.body ? parseWith(spec.body, raw, "body") : undefined;
      let result: unknown;
      const run = async () => {
        try {
          result = await handler({ req, ctx, principal, query, body, params, requestId } as HandlerArgs<S>);
          return result instanceof Response ? result : json(200, result ?? {});
        } catch (err) {
          return errorResponse(err, requestId);
        }
      };
      response =
        key === null || principal?.kind !== "application"
          ? await run()
          : await idempotently(ctx, { applicationId: principal.applicationId, key, method: spec.method, route: spec.path, body: raw }, run);
      if (principal && response.ok) await auditRequest(ctx, spec, { req, principal, params, query, body, result });
    } catch (err) {
      response = errorResponse(err, requestId);
    }
    response.headers.set("X-Request-Id", requestId);
    transportSecurity(response.headers);
    if (limits) for (const [name, value] of Object.entries(limits)) if (!response.headers.has(name)) response.headers.set(name, value);
    const ms = performance.now() - started;
    metrics.request(spec.method, spec.path, response.status, ms / 1000);
    log("info", "request", {
      requestId,
      method: req.method,
      path: pathOf(req.url),
      status: response.status,
      ms: Math.round(ms),
      accountId: principal?.accountId,
    });
    health.requestsInFlight -= 1;
    if (span) {
      span.setAttribute("http.response.status_code", response.status);
      if (principal?.accountId) span.setAttribute("switchboard.account_id", principal.accountId);
      if (response.status >= 500) failed(span, new Error(`answered ${response.status}`));
    }
    return response;
  };
  return (req: Request, routeContext?: RouteContext): Promise<Response> =>
    tracingOn()
      ? inSpan(spanName, { kind: SpanKind.SERVER, attributes: { "http.request.method": spec.method, "http.route": `/api${spec.path}` } }, (span) => answer(req, routeContext, span))
      : answer(req, routeContext, undefined);
}

// One context per database for every request (it holds no per-request state), instead of a new
// one, with its job producer lookup, on each; found without an await once the database is open.
const ready = new WeakMap<Promise<Database>, Ctx>();
async function contextWhenOpen(database: Promise<Database>): Promise<Ctx> {
  const ctx = contextOf(await database);
  ready.set(database, ctx);
  return ctx;
}
const contexts = new WeakMap<Database, Ctx>();
function contextOf(database: Database): Ctx {
  let ctx = contexts.get(database);
  if (!ctx) {
    ctx = contextFor(database);
    if (database.kind === "postgres") ctx = { ...ctx, sql: cachingStatements(ctx.sql) };
    contexts.set(database, ctx);
  }
  return ctx;
}

/** The path of an absolute request URL, without parsing it into a URL object. */
function pathOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start < 0) return "/";
  const end = url.search(/[?#]/);
  return url.slice(start, end < 0 ? undefined : end);
}

function pathParams(params: Record<string, string | string[]>): Record<string, string | string[]> {
  for (const [k, v] of Object.entries(params)) for (const one of Array.isArray(v) ? v : [v]) refuseNul(one, k);
  return params;
}

function parseWith<T extends z.ZodType>(schema: T, value: unknown, where: "body" | "query" | "params"): z.output<T> {
  const r = schema.safeParse(value);
  if (!r.success) throw zodToDomainError(r.error, where);
  return r.data;
}

async function authenticate(spec: RouteSpec, req: Request, ctx: Ctx): Promise<Principal | null> {
  if (spec.auth === "none") return null;
  if (spec.auth === "session") {
    const user = await readSession(req, ctx);
    if (!user) fail("sessionRequired");
    // The account requires two-factor sign-in: until it is set up, only the user's own settings answer.
    if (user.twoFactorPending && !spec.path.startsWith("/dashboard/me")) fail("twoFactorSetupRequired");
    if (spec.platformAdmin && !user.platformAdmin) fail("platformAdminOnly", { message: "Only platform administrators can use the operator console; you are not one." });
    if (spec.roles && !spec.roles.includes(user.role)) fail("forbiddenRole", { message: `This needs the ${spec.roles.join(" or ")} role; you are ${user.role}.` });
    return user;
  }
  const header = req.headers.get("authorization") ?? "";
  const m = /^bearer\s+(\S+)\s*$/i.exec(header);
  if (!m) fail("unauthorized", { message: "Send Authorization: Bearer <access token>; get one from POST /api/oauth/token." });
  const app = await authenticateToken(ctx, m[1]);
  if (!app) throw new DomainError("unauthorized", { headers: { "WWW-Authenticate": 'Bearer realm="switchboard", error="invalid_token"' } });
  if (spec.scope && !app.scopes.includes(spec.scope))
    fail("forbiddenScope", {
      message: `This token lacks the "${spec.scope}" scope; request a token with scope=${spec.scope}.`,
      headers: { "WWW-Authenticate": `Bearer realm="switchboard", error="insufficient_scope", scope="${spec.scope}"` },
    });
  return app;
}
