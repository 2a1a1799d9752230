// Roles on the server, over every dashboard route file: support staff get the 403 envelope on
// every mutating route (they search and read, never send or spend), marketers on the owners'
// routes (applications, users), and both can still read. Route files are found on disk, so a
// new mutating route without `roles` in its spec fails here.
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount, sessionCookie } from "../support/factories.ts";
import { call, type RouteHandler } from "../support/http.ts";
import { createUser } from "../../lib/core/users/create-user.ts";
import { sendSms } from "../../lib/core/sms/send-sms.ts";
import { seedPrices } from "../../lib/core/prices/seed-prices.ts";
import type { RouteSpec } from "../../lib/http/route-spec.ts";

const db = useTestDatabase();
const root = path.resolve("app/api/dashboard");
const mutating = ["POST", "PUT", "PATCH", "DELETE"] as const;

/** app/api/dashboard/users/[id]/route.ts → /dashboard/users/{id} */
function routeFiles(): { file: string; path: string }[] {
  const out: { file: string; path: string }[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name === "route.ts")
        out.push({
          file: full,
          path:
            "/dashboard/" +
            path
              .relative(root, dir)
              .split(path.sep)
              .join("/")
              .replace(/\[(\w+)\]/g, "{$1}"),
        });
    }
  };
  walk(root);
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

// Route families: who may call their mutating routes. Families not listed (built elsewhere) are
// only checked for support.
const ownersOnly = ["/dashboard/applications", "/dashboard/users"];
const composers = ["/dashboard/sms", "/dashboard/campaigns", "/dashboard/contacts", "/dashboard/callbacks"];
const family = (p: string, prefixes: string[]) => prefixes.some((f) => p === f || p.startsWith(`${f}/`));

let owner: Awaited<ReturnType<typeof makeAccount>>;
const cookies: Record<"owner" | "marketer" | "support", Record<string, string>> = {} as never;
let trackingId: string;

beforeAll(async () => {
  await seedPrices(db.ctx());
  owner = await makeAccount(db.ctx());
  cookies.owner = { cookie: await sessionCookie(owner.user.id) };
  for (const role of ["marketer", "support"] as const) {
    const u = await createUser(db.ctx(), { accountId: owner.account.id, email: `${role}-${owner.account.id}@example.com`, password: "long enough pw", role });
    cookies[role] = { cookie: await sessionCookie(u.id) };
  }
  const { message } = await sendSms(db.ctx(), { accountId: owner.account.id, from: "Shop", to: "+306912345678", body: "Hello", application: undefined } as never);
  trackingId = message.id;
});

async function mutatingHandlers() {
  const out: { path: string; method: (typeof mutating)[number]; handler: RouteHandler }[] = [];
  for (const r of routeFiles()) {
    const mod = (await import(r.file)) as Record<string, RouteHandler>;
    for (const method of mutating) if (mod[method]) out.push({ path: r.path, method, handler: mod[method] });
  }
  return out;
}

/** Your own sign-in (change your password, sign out everywhere): every role, support staff too. */
const ownSignIn = "/dashboard/me/";

const dummyParams = (p: string) => Object.fromEntries((p.match(/\{(\w+)\}/g) ?? []).map((m) => [m.slice(1, -1), crypto.randomUUID()]));

describe("roles on dashboard routes", () => {
  it("finds the dashboard route files", () => {
    const paths = routeFiles().map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(["/dashboard/sms", "/dashboard/campaigns", "/dashboard/contacts/import", "/dashboard/applications", "/dashboard/users/{id}"]));
  });

  it("refuses support staff on every mutating route with the 403 envelope", async () => {
    let refused = 0;
    for (const { path: p, method, handler } of await mutatingHandlers()) {
      if (p.startsWith(ownSignIn)) continue;
      const r = await call(handler, { method, path: p, headers: cookies.support, params: dummyParams(p), body: {} });
      if (r.status === 405) continue; // the file does not serve this method
      expect(r.status, `${method} ${p}`).toBe(403);
      expect(r.body, `${method} ${p}`).toMatchObject({ code: "403000001" });
      expect(r.body.developerMessage).toMatch(/you are support/);
      refused++;
    }
    expect(refused).toBeGreaterThanOrEqual(20);
  });

  it("refuses marketers on the owners' routes only", async () => {
    for (const { path: p, method, handler } of await mutatingHandlers()) {
      if (!family(p, ownersOnly) && !family(p, composers)) continue;
      const r = await call(handler, { method, path: p, headers: cookies.marketer, params: dummyParams(p), body: {} });
      if (r.status === 405) continue;
      if (family(p, ownersOnly)) {
        expect(r.status, `${method} ${p}`).toBe(403);
        expect(r.body.code).toBe("403000001");
      } else expect(r.status, `${method} ${p}`).not.toBe(403);
    }
  });

  it("lets owners through every mutating route's role check", async () => {
    for (const { path: p, method, handler } of await mutatingHandlers()) {
      const r = await call(handler, { method, path: p, headers: cookies.owner, params: dummyParams(p), body: {} });
      expect(r.status, `${method} ${p}`).not.toBe(403);
      expect(r.status, `${method} ${p}`).toBeLessThan(500);
    }
  });

  it("lets support staff and marketers read", async () => {
    const reads: [string, string, Record<string, string>?][] = [
      ["tracking/route.ts", "/dashboard/tracking"],
      ["tracking/export/route.ts", "/dashboard/tracking/export"],
      ["messages/route.ts", "/dashboard/messages"],
      ["messages/[trackingId]/route.ts", "/dashboard/messages/x", { trackingId: "" }],
      ["campaigns/route.ts", "/dashboard/campaigns"],
      ["contacts/route.ts", "/dashboard/contacts"],
      ["contacts/groups/route.ts", "/dashboard/contacts/groups"],
      ["contacts/labels/route.ts", "/dashboard/contacts/labels"],
      ["overview/route.ts", "/dashboard/overview"],
      ["me/route.ts", "/dashboard/me"],
    ];
    for (const role of ["support", "marketer"] as const)
      for (const [file, p, params] of reads) {
        const { GET } = (await import(path.join(root, file))) as { GET: RouteHandler };
        const r = await call(GET, { path: p, headers: cookies[role], params: params && { trackingId } });
        expect(r.status, `${role} GET ${p}`).toBe(200);
      }
  });

  it("lets a support user find the message but not send one", async () => {
    const { GET } = (await import(path.join(root, "tracking/route.ts"))) as { GET: RouteHandler };
    const found = await call(GET, { path: "/dashboard/tracking?to=contains:2345678", headers: cookies.support });
    expect(found.body.content.map((r: { trackingId: string }) => r.trackingId)).toContain(trackingId);
    const { POST } = (await import(path.join(root, "sms/route.ts"))) as { POST: RouteHandler };
    const sent = await call(POST, { method: "POST", path: "/dashboard/sms", headers: cookies.support, body: { from: "Shop", to: "+306912345679", body: "Hi" } });
    expect(sent.status).toBe(403);
    expect(await db.ctx().db.message.count({ where: { accountId: owner.account.id } })).toBe(1);
    const byMarketer = await call(POST, { method: "POST", path: "/dashboard/sms", headers: cookies.marketer, body: { from: "Shop", to: "+306912345679", body: "Hi" } });
    expect(byMarketer.status).toBe(200);
  });

  it("declares roles (or platform administrators only) on every mutating session route spec", async () => {
    const dir = path.resolve("lib/schemas");
    const missing: string[] = [];
    for (const f of fs.readdirSync(dir).filter((n) => n.endsWith(".ts") && !n.endsWith(".test.ts"))) {
      const mod = (await import(path.join(dir, f))) as Record<string, unknown>;
      for (const v of Object.values(mod)) {
        const spec = v as RouteSpec;
        if (typeof v !== "object" || v === null || !("method" in v) || !("auth" in v)) continue;
        // Operator routes are for platform administrators, above the roles (operator-routes.db.test.ts).
        if (spec.path.startsWith(ownSignIn)) continue;
        if (spec.auth === "session" && spec.method !== "GET" && !spec.roles?.length && !spec.platformAdmin) missing.push(`${spec.method} ${spec.path}`);
        if (spec.auth === "session" && spec.method !== "GET" && spec.roles?.includes("support")) missing.push(`${spec.method} ${spec.path} (allows support)`);
      }
    }
    expect(missing).toEqual([]);
  });
});
