// A client generated from the OpenAPI document can trust it: for every operation, the smallest
// request the document allows (tests/openapi/sample-request.ts, from the document alone) is not
// refused with a 400 the document does not state, and a request without one of its required
// body fields is a 400 naming that field.
import { beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "../../lib/openapi/document.ts";
import { seedPrices } from "../../lib/core/prices/seed-prices.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { basic, bearer, call, type RouteHandler } from "../support/http.ts";
import { apiRoutes, type ApiRoute } from "../security/api-routes.ts";
import { sampleRequest } from "./sample-request.ts";

const db = useTestDatabase();
const doc = openApiDocument("http://localhost:3999/api") as Record<string, any>;
let routes: ApiRoute[];
let auth: { bearer: Record<string, string>; basic: Record<string, string> };
beforeAll(async () => {
  await seedPrices(db.ctx());
  routes = await apiRoutes();
  const a = await makeAccount(db.ctx(), { balance: 1000 });
  // Every operation, several times each, within a second or two: above the default 100 per second.
  await db.ctx().db.application.update({ where: { id: a.application.id }, data: { rateLimitPerSecond: 100_000 } });
  auth = { bearer: bearer(await a.token()), basic: basic(a.clientId, a.secret) };
});

const shape = (p: string) => p.replace(/\{\w+\}/g, "{}").replace(/\/+$/, "");
const operations = () =>
  Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })));

/** The route file's handler for a documented path, and its params from the filled path. */
function handlerFor(path: string, method: string, filled: string): { handler: RouteHandler; params: Record<string, string> } {
  // Next answers HEAD with the GET handler.
  const verb = (method === "HEAD" ? "GET" : method) as "GET";
  const route = routes.find((r) => shape(r.path) === shape(path) && r.handlers[verb]);
  if (!route) throw new Error(`no route file serves ${method} ${path}`);
  const names = route.path.split("/");
  const values = filled.split("/");
  const params = Object.fromEntries(names.flatMap((n, i) => (/^\{\w+\}$/.test(n) ? [[n.slice(1, -1), decodeURIComponent(values[i] ?? "")]] : [])));
  return { handler: route.handlers[verb]!, params };
}

async function send(path: string, method: string, op: any, body: unknown, s: ReturnType<typeof sampleRequest>) {
  const { handler, params } = handlerFor(path, method, s.path);
  const query = new URLSearchParams(s.query).toString();
  const form = s.contentType === "application/x-www-form-urlencoded";
  const headers = { ...(path === "/oauth/token" ? auth.basic : op.security?.length ? auth.bearer : {}), ...(s.contentType ? { "content-type": s.contentType } : {}) };
  return call(handler, {
    method,
    path: `${s.path}${query ? `?${query}` : ""}`,
    headers,
    params,
    raw: body === undefined ? undefined : form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body),
  });
}

/** The 400 codes an operation's document lists (its 400 answer's description names them). */
const stated400 = (op: any): string[] => (String(op.responses?.["400"]?.description ?? "").match(/400\d{6}/g) ?? []).filter((c) => c !== "400000000");

describe("the OpenAPI document against the server", () => {
  it("answers each operation's minimal documented request without a 400 the document does not state", async () => {
    const problems: string[] = [];
    for (const { path, method, op } of operations()) {
      const s = sampleRequest(doc, path, op);
      const r = await send(path, method, op, s.body, s);
      if (r.status === 400 && !stated400(op).includes(r.body?.code)) problems.push(`${method} ${path} ${JSON.stringify(s.body ?? s.query)} → ${r.status} ${r.text.slice(0, 200)}`);
      if (r.status >= 500) problems.push(`${method} ${path} → ${r.status} ${r.text.slice(0, 200)}`);
    }
    expect(problems).toEqual([]);
  });

  it("answers 400 naming the field for a request without one of its required body fields", async () => {
    const problems: string[] = [];
    for (const { path, method, op } of operations()) {
      const s = sampleRequest(doc, path, op);
      if (!s.body || typeof s.body !== "object" || Array.isArray(s.body)) continue;
      for (const field of Object.keys(s.body)) {
        const { [field]: _left, ...without } = s.body as Record<string, unknown>;
        const r = await send(path, method, op, without, s);
        const named = JSON.stringify([r.body?.property, Object.keys(r.body?.properties ?? {}), r.body?.developerMessage]);
        if (r.status !== 400 || !named.includes(field)) problems.push(`${method} ${path} without ${field} → ${r.status} ${r.text.slice(0, 160)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
