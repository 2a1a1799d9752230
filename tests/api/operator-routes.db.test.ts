// The operator console's API, over every route file under app/api/operator (found on disk, so a
// new operator route is covered without a list to update): nobody signed in gets 401, users who
// are not platform administrators get the 403 envelope platformAdminOnly whatever their role, and
// administrators get through. Then what an administrator does there: open an account, list it
// with its traffic, credit and debit it with reasons, suspend and reactivate it.
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount, sessionCookie } from "../support/factories.ts";
import { call, type RouteHandler } from "../support/http.ts";
import { createUser } from "../../lib/core/users/create-user.ts";
import { seedPrices } from "../../lib/core/prices/seed-prices.ts";
import { sendSms } from "../../lib/core/sms/send-sms.ts";
import { rollUpHour, floorHour } from "../../lib/core/reports/report-rollup.ts";
import { contextFor } from "../../lib/server/context.ts";
import { GET as meRoute } from "../../app/api/dashboard/me/route.ts";
import * as accountsRoute from "../../app/api/operator/accounts/route.ts";
import * as accountRoute from "../../app/api/operator/accounts/[id]/route.ts";
import * as balanceRoute from "../../app/api/operator/accounts/[id]/balance/route.ts";
import * as ledgerRoute from "../../app/api/operator/accounts/[id]/transactions/route.ts";
import * as suspendRoute from "../../app/api/operator/accounts/[id]/suspend/route.ts";
import * as resumeRoute from "../../app/api/operator/accounts/[id]/resume/route.ts";

const db = useTestDatabase();
const root = path.resolve("app/api/operator");
const verbs = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** app/api/operator/accounts/[id]/route.ts → /operator/accounts/{id} */
function operatorRouteFiles(dir = root): { file: string; path: string }[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? operatorRouteFiles(path.join(dir, e.name))
        : e.name === "route.ts"
          ? [{ file: path.join(dir, e.name), path: `/operator/${path.relative(root, dir).split(path.sep).join("/")}`.replace(/\[(\w+)\]/g, "{$1}") }]
          : [],
    )
    .sort((a, b) => a.path.localeCompare(b.path));
}

async function operatorHandlers() {
  const out: { path: string; method: (typeof verbs)[number]; handler: RouteHandler }[] = [];
  for (const r of operatorRouteFiles()) {
    const mod = (await import(r.file)) as Record<string, RouteHandler>;
    for (const method of verbs) if (mod[method]) out.push({ path: r.path, method, handler: mod[method] });
  }
  return out;
}

const paramsOf = (p: string) => Object.fromEntries((p.match(/\{(\w+)\}/g) ?? []).map((m) => [m.slice(1, -1), crypto.randomUUID()]));
const cookies: Record<"admin" | "owner" | "support", Record<string, string>> = {} as never;
let adminAccountId: string;

beforeAll(async () => {
  await seedPrices(db.ctx());
  const platform = await makeAccount(db.ctx());
  adminAccountId = platform.account.id;
  const admin = await createUser(db.ctx(), { accountId: platform.account.id, email: `admin-${adminAccountId}@example.com`, password: "long enough pw", role: "support", platformAdmin: true });
  cookies.admin = { cookie: await sessionCookie(admin.id) };
  const customer = await makeAccount(db.ctx());
  cookies.owner = { cookie: await sessionCookie(customer.user.id) };
  const support = await createUser(db.ctx(), { accountId: customer.account.id, email: `support-${customer.account.id}@example.com`, password: "long enough pw", role: "support" });
  cookies.support = { cookie: await sessionCookie(support.id) };
});

describe("who may use the operator console's API", () => {
  it("finds the operator route files", () => {
    expect(operatorRouteFiles().map((r) => r.path)).toEqual(
      expect.arrayContaining(["/operator/accounts", "/operator/accounts/{id}", "/operator/accounts/{id}/suspend", "/operator/accounts/{id}/prices/import"]),
    );
  });

  it("refuses every route to users who are not platform administrators, whatever their role, with the 403 envelope", async () => {
    let refused = 0;
    for (const { path: p, method, handler } of await operatorHandlers()) {
      for (const who of ["owner", "support"] as const) {
        const r = await call(handler, { method, path: p, headers: cookies[who], params: paramsOf(p), body: method === "GET" || method === "DELETE" ? undefined : {} });
        if (r.status === 405) continue; // the file does not serve this method
        expect(r.status, `${who} ${method} ${p}`).toBe(403);
        expect(r.body, `${who} ${method} ${p}`).toMatchObject({ code: "403000002", developerMessage: expect.stringContaining("platform administrators") });
        refused++;
      }
      const anonymous = await call(handler, { method, path: p, params: paramsOf(p) });
      if (anonymous.status !== 405) expect(anonymous.status, `${method} ${p} signed out`).toBe(401);
    }
    expect(refused).toBeGreaterThanOrEqual(2 * 12);
  });

  it("lets platform administrators through, whatever their role in their own account", async () => {
    for (const { path: p, method, handler } of await operatorHandlers()) {
      const r = await call(handler, { method, path: p, headers: cookies.admin, params: paramsOf(p), body: method === "GET" || method === "DELETE" ? undefined : {} });
      expect(r.status, `${method} ${p}`).not.toBe(403);
      expect(r.status, `${method} ${p}`).toBeLessThan(500);
    }
  });

  it("tells the dashboard who is a platform administrator", async () => {
    expect((await call(meRoute, { path: "/dashboard/me", headers: cookies.admin })).body.user).toMatchObject({ platformAdmin: true, role: "support" });
    expect((await call(meRoute, { path: "/dashboard/me", headers: cookies.owner })).body.user).toMatchObject({ platformAdmin: false });
  });
});

describe("the operator's accounts", () => {
  const as = { headers: {} as Record<string, string> };
  beforeAll(() => {
    as.headers = cookies.admin;
  });
  const withId = (id: string) => ({ params: { id }, headers: as.headers });

  it("opens an account with its first owner, who can sign in with the password shown once", async () => {
    const r = await call(accountsRoute.POST, {
      method: "POST",
      path: "/operator/accounts",
      headers: as.headers,
      body: { name: "Acme Ltd", currency: "USD", balance: "12.5", ownerEmail: "Boss@Acme.test" },
    });
    expect(r.status).toBe(200);
    expect(r.body.account).toMatchObject({ name: "Acme Ltd", currency: "USD", balance: 12.5, state: "active", users: 1 });
    expect(r.body.owner.email).toBe("boss@acme.test");
    expect(r.body.password.length).toBeGreaterThanOrEqual(12);
    const user = await db.ctx().db.user.findUniqueOrThrow({ where: { email: "boss@acme.test" } });
    expect(user).toMatchObject({ role: "owner", platformAdmin: false, accountId: r.body.account.id });
    const ledger = await db.ctx().db.ledgerEntry.findMany({ where: { accountId: r.body.account.id } });
    expect(ledger).toMatchObject([{ kind: "TopUp", source: "Opening balance", amountMicros: 12_500_000n }]);

    const taken = await call(accountsRoute.POST, { method: "POST", path: "/operator/accounts", headers: as.headers, body: { name: "Other", ownerEmail: "boss@acme.test" } });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe("409001002");
    // Nothing is left behind by the refused one.
    expect(await db.ctx().db.account.count({ where: { name: "Other" } })).toBe(0);
  });

  it("lists accounts with balance, state, users and the parts sent in the last 24 hours and 7 days", async () => {
    const ctx = db.ctx();
    const busy = await makeAccount(ctx, { balance: 100 });
    const now = Date.now();
    const at = (msAgo: number) => contextFor(db.database(), () => new Date(now - msAgo));
    const send = (c: ReturnType<typeof at>, body = "Hello") => sendSms(c, { accountId: busy.account.id, from: "Shop", to: "+306912345678", body });
    await send(ctx);
    await send(ctx, "x".repeat(200)); // two parts
    await send(at(30 * 3600_000)); // yesterday: in the week only
    const threeDays = at(3 * 24 * 3600_000);
    await send(threeDays);
    // Hours the rollup has computed count from report_hours, the others live.
    await rollUpHour(ctx, new Date(floorHour(now - 3 * 24 * 3600_000)));
    await ctx.db.reportHour.updateMany({ where: { accountId: busy.account.id }, data: { parts: { increment: 10 } } });
    await send(at(8 * 24 * 3600_000)); // too old

    const r = await call(accountsRoute.GET, { path: `/operator/accounts?q=${encodeURIComponent(busy.account.name)}`, headers: as.headers });
    expect(r.status).toBe(200);
    expect(r.body.content).toEqual([expect.objectContaining({ id: busy.account.id, state: "active", users: 1, sent24h: 3, sent7d: 15 })]);
    const byId = await call(accountsRoute.GET, { path: `/operator/accounts?q=${busy.account.id}`, headers: as.headers });
    expect(byId.body.totalElements).toBe(1);
    const detail = await call(accountRoute.GET, { path: `/operator/accounts/${busy.account.id}`, ...withId(busy.account.id) });
    expect(detail.body).toMatchObject({ sent24h: 3, sent7d: 15, openCampaigns: 0, parkedJobs: 0, userList: [expect.objectContaining({ email: busy.user.email, role: "owner" })] });
  });

  it("credits and debits with a reason in the ledger; a debit never takes the balance below zero", async () => {
    const a = await makeAccount(db.ctx(), { balance: 10 });
    const credit = await call(balanceRoute.POST, { method: "POST", path: "/b", ...withId(a.account.id), body: { direction: "credit", amount: "5.25", reason: "Bank transfer 42" } });
    expect(credit.body).toMatchObject({ balance: 15.25, currency: "EUR" });
    const debit = await call(balanceRoute.POST, { method: "POST", path: "/b", ...withId(a.account.id), body: { direction: "debit", amount: 3, reason: "Refunded by card" } });
    expect(debit.body.balance).toBe(12.25);
    const short = await call(balanceRoute.POST, { method: "POST", path: "/b", ...withId(a.account.id), body: { direction: "debit", amount: 100, reason: "Too much" } });
    expect(short.body.code).toBe("400001009");
    const noReason = await call(balanceRoute.POST, { method: "POST", path: "/b", ...withId(a.account.id), body: { direction: "credit", amount: 1, reason: " " } });
    expect(noReason.status).toBe(400);
    expect(noReason.body.property).toBe("reason");
    const ledger = await call(ledgerRoute.GET, { path: "/l", ...withId(a.account.id) });
    expect(ledger.body.content.slice(0, 2)).toMatchObject([
      { kind: "Charge", source: "Operator", description: "Refunded by card", amount: -3, balanceAfter: 12.25 },
      { kind: "TopUp", source: "Operator", description: "Bank transfer 42", amount: 5.25, balanceAfter: 15.25 },
    ]);
    expect((await db.ctx().db.account.findUniqueOrThrow({ where: { id: a.account.id } })).balanceMicros).toBe(12_250_000n);
  });

  it("suspends with a reason and reactivates; an account with a platform administrator cannot be suspended", async () => {
    const a = await makeAccount(db.ctx());
    const suspended = await call(suspendRoute.POST, { method: "POST", path: "/s", ...withId(a.account.id), body: { reason: "Unpaid invoice" } });
    expect(suspended.body).toMatchObject({ state: "suspended", suspendedReason: "Unpaid invoice" });
    const listed = await call(accountsRoute.GET, { path: "/operator/accounts?state=suspended&size=200", headers: as.headers });
    expect(listed.body.content.map((x: { id: string }) => x.id)).toContain(a.account.id);
    const resumed = await call(resumeRoute.POST, { method: "POST", path: "/r", ...withId(a.account.id) });
    expect(resumed.body).toMatchObject({ state: "active", suspendedReason: "", resumedJobs: 0 });
    const own = await call(suspendRoute.POST, { method: "POST", path: "/s", ...withId(adminAccountId), body: {} });
    expect(own.status).toBe(409);
    expect(own.body.code).toBe("409001007");
    const unknown = await call(suspendRoute.POST, { method: "POST", path: "/s", ...withId(crypto.randomUUID()), body: {} });
    expect(unknown.body.code).toBe("404001001");
  });
});
