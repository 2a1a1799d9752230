// Cross-site requests: every change the dashboard's cookie can make (every non-GET route with
// session auth, found from the route files and their specs, the operator console's included),
// sent with the cookie of an owner who is a platform administrator and a foreign Origin or
// Sec-Fetch-Site, is a 403 whatever its body and type (fast-check). The dashboard's own pages
// still change data, in JSON only; next-auth's sign-in and sign-out refuse other sites too.
// The same in Chromium, with a real form and fetch from another origin: e2e/dashboard/cross-site.spec.ts.
import crypto from "node:crypto";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import * as users from "../../app/api/dashboard/users/route.ts";
import * as nextAuth from "../../app/api/auth/[...nextauth]/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount, sessionCookie } from "../support/factories.ts";
import { call, type RouteHandler } from "../support/http.ts";
import { apiRoutes, routeSpecsByKey } from "./api-routes.ts";

const db = useTestDatabase();
const own = "http://localhost:3999"; // PUBLIC_URL of the tests (vitest.config.mts)

let cookie: string;
const changes: { key: string; handler: RouteHandler; path: string; params: string[] }[] = [];

beforeAll(async () => {
  const a = await makeAccount(db.ctx());
  await db.ctx().db.user.update({ where: { id: a.user.id }, data: { platformAdmin: true } });
  cookie = await sessionCookie(a.user.id);
  const specs = await routeSpecsByKey();
  for (const route of await apiRoutes())
    for (const verb of ["POST", "PUT", "PATCH", "DELETE"] as const) {
      const spec = specs.get(`${verb} ${route.path}`);
      if (spec?.auth === "session" && route.handlers[verb]) changes.push({ key: `${verb} ${route.path}`, handler: route.handlers[verb]!, path: route.path, params: route.params });
    }
});

const foreignOrigin = fc.oneof(
  fc.constantFrom("http://localhost:4000", "http://evil.localhost:3999", "https://localhost:3999", "http://127.0.0.1:3999", "null", "https://attacker.example"),
  fc
    .webUrl({ withQueryParameters: false, withFragments: false })
    .map((u) => new URL(u).origin)
    .filter((o) => o !== own),
);
const foreignHeaders = fc.oneof(
  foreignOrigin.map((origin) => ({ origin })),
  fc.tuple(foreignOrigin, fc.constantFrom("same-site", "cross-site")).map(([origin, site]) => ({ origin, "sec-fetch-site": site })),
  fc.constantFrom("same-site", "cross-site", "none").map((site) => ({ "sec-fetch-site": site })),
  // A browser never sends same-origin with a foreign Origin; a forger gains nothing by it either.
  foreignOrigin.map((origin) => ({ origin, "sec-fetch-site": "same-origin" })),
);
const body = fc.oneof(
  fc.constant(undefined),
  fc.json().map((j) => ({ type: "application/json", raw: j })),
  fc.string().map((s) => ({ type: "text/plain", raw: s })),
  fc.constant({ type: "application/x-www-form-urlencoded", raw: "email=evil%40example.com&role=owner" }),
  fc.constant({ type: "", raw: '{"email":"evil@example.com","role":"owner"}' }),
);

describe("changes sent by another site with the dashboard's cookie", () => {
  it("are all refused with 403, whatever they carry", async () => {
    expect(changes.length).toBeGreaterThan(30);
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...changes), foreignHeaders, body, async (change, foreign, b) => {
        seen.add(change.key);
        const params = Object.fromEntries(change.params.map((p) => [p, crypto.randomUUID()]));
        const path = change.path.replace(/\{(\w+)\}/g, (_, p: string) => params[p]!);
        const headers: Record<string, string> = { cookie, host: "localhost:3999", ...foreign, ...(b?.type ? { "content-type": b.type } : {}) };
        const r = await call(change.handler, { method: change.key.split(" ")[0], path, headers, params, raw: b?.raw });
        expect(r.status, `${change.key} ${JSON.stringify(foreign)}: ${r.text}`).toBe(403);
        expect(r.body.code).toBe("403000003");
      }),
      { numRuns: 400, seed: 20261126 },
    );
    // Every change was tried at least once.
    expect(changes.filter((c) => !seen.has(c.key)).map((c) => c.key)).toEqual([]);
  });

  it("are refused before they change anything: no user was added", async () => {
    const list = await call(users.GET, { path: "/dashboard/users", headers: { cookie } });
    expect(list.body.content.map((u: { email: string }) => u.email)).not.toContain("evil@example.com");
  });
});

describe("the dashboard's own changes", () => {
  const add = (headers: Record<string, string>, raw: string) => call(users.POST, { method: "POST", path: "/dashboard/users", headers: { cookie, ...headers }, raw });
  const json = JSON.stringify({ email: `colleague-${crypto.randomBytes(3).toString("hex")}@example.com`, role: "support" });

  it("go through from its own origin, in JSON", async () => {
    const r = await add({ origin: own, "sec-fetch-site": "same-origin", "content-type": "application/json" }, json);
    expect(r.status, r.text).toBe(200);
  });

  it("must be JSON: text/plain, a form or no type at all is a 415", async () => {
    for (const type of ["text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", undefined]) {
      const r = await add({ origin: own, "sec-fetch-site": "same-origin", ...(type ? { "content-type": type } : {}) }, json);
      expect(r.status, `${type}: ${r.text}`).toBe(415);
    }
  });
});

describe("next-auth's sign-in and sign-out", () => {
  const post = (action: string, headers: Record<string, string>) =>
    call(nextAuth.POST as RouteHandler, {
      method: "POST",
      path: `/auth/${action}`,
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      raw: "csrfToken=x",
      params: { nextauth: action.split("/") } as never,
    });

  it("refuse other sites", async () => {
    for (const action of ["callback/credentials", "signout"]) {
      const r = await post(action, { cookie, origin: "http://localhost:4000", "sec-fetch-site": "same-site" });
      expect(r.status, action).toBe(403);
      expect(r.body.code).toBe("403000003");
    }
  });
});
