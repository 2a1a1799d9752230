// Self-service account security: a user changes their password (the current one required) and
// keeps only the session they changed it in; an owner resets a user's password (shown once) or
// signs a user out everywhere; a user signs out everywhere. An ended session is a 401 at once.
import { describe, expect, it } from "vitest";
import { GET as me } from "../../app/api/dashboard/me/route.ts";
import { POST as changePassword } from "../../app/api/dashboard/me/password/route.ts";
import { POST as signOutEverywhere } from "../../app/api/dashboard/me/sign-out-everywhere/route.ts";
import { POST as resetPassword } from "../../app/api/dashboard/users/[id]/password/route.ts";
import { POST as signOutUser } from "../../app/api/dashboard/users/[id]/sign-out/route.ts";
import * as users from "../../app/api/dashboard/users/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount, sessionCookie } from "../support/factories.ts";
import { call } from "../support/http.ts";
import { authenticateUser } from "../../lib/core/users/authenticate-user.ts";
import { GET as sessions } from "../../app/api/dashboard/me/sessions/route.ts";
import { encode } from "next-auth/jwt";
import { env } from "../../lib/env.ts";

const db = useTestDatabase();

const whoami = (cookie: string) => call(me, { path: "/dashboard/me", headers: { cookie } });
const signsIn = async (email: string, password: string) => Boolean(await authenticateUser(db.ctx(), email, password));

async function accountWithColleague() {
  const a = await makeAccount(db.ctx());
  const cookie = await sessionCookie(a.user.id);
  const added = await call(users.POST, { method: "POST", path: "/dashboard/users", headers: { cookie }, body: { email: `colleague-${Date.now()}@example.com`, role: "marketer" } });
  return { ...a, cookie, colleague: { id: added.body.id as string, email: added.body.email as string, password: added.body.password as string, cookie: await sessionCookie(added.body.id) } };
}

describe("changing your password", () => {
  it("needs the current one, ends your other sessions and renews this one", async () => {
    const a = await makeAccount(db.ctx());
    const cookie = await sessionCookie(a.user.id);
    const other = await sessionCookie(a.user.id); // the same user signed in elsewhere
    const change = (body: unknown) => call(changePassword, { method: "POST", path: "/dashboard/me/password", headers: { cookie }, body });

    const wrong = await change({ currentPassword: "not it", newPassword: "a brand new one" });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: "400001010", property: "currentPassword" });
    expect((await change({ currentPassword: a.password, newPassword: "short" })).status).toBe(400);

    const ok = await change({ currentPassword: a.password, newPassword: "a brand new one" });
    expect(ok.status).toBe(200);
    const renewed = /^([^;]+)/.exec(ok.headers.get("set-cookie") ?? "")![1]!;
    expect(renewed).toMatch(/^next-auth\.session-token=/);
    expect((await whoami(renewed)).status).toBe(200);
    expect((await whoami(other)).status).toBe(401);
    expect(await signsIn(a.user.email, "a brand new one")).toBe(true);
    expect(await signsIn(a.user.email, a.password)).toBe(false);
  });

  it("hashes only the free guesses of a burst of wrong current passwords sent at once; the rest wait", async () => {
    const a = await makeAccount(db.ctx());
    const cookie = await sessionCookie(a.user.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(changePassword, { method: "POST", path: "/dashboard/me/password", headers: { cookie }, body: { currentPassword: `guess ${i}`, newPassword: "a brand new one" } }),
      ),
    );
    // Five free failures and the sixth, which begins the wait; each of the others is a 429 with its wait.
    expect(answers.filter((r) => r.status === 400)).toHaveLength(6);
    const waiting = answers.filter((r) => r.status === 429);
    expect(waiting).toHaveLength(14);
    expect(Number(waiting[0]!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await signsIn(a.user.email, a.password)).toBe(true); // the password itself is unchanged
  });
});

describe("an owner", () => {
  it("resets a colleague's password, shown once, which ends the colleague's sessions", async () => {
    const a = await accountWithColleague();
    expect((await whoami(a.colleague.cookie)).status).toBe(200);
    const r = await call(resetPassword, { method: "POST", path: `/dashboard/users/${a.colleague.id}/password`, headers: { cookie: a.cookie }, params: { id: a.colleague.id } });
    expect(r.status).toBe(200);
    expect(r.body.password).toMatch(/^[\w-]{16}$/);
    expect((await whoami(a.colleague.cookie)).status).toBe(401);
    expect(await signsIn(a.colleague.email, r.body.password)).toBe(true);
    expect(await signsIn(a.colleague.email, a.colleague.password)).toBe(false);
    // Not their own, and not another account's user.
    expect((await call(resetPassword, { method: "POST", path: `/dashboard/users/${a.user.id}/password`, headers: { cookie: a.cookie }, params: { id: a.user.id } })).status).toBe(409);
    const b = await makeAccount(db.ctx());
    expect((await call(resetPassword, { method: "POST", path: `/dashboard/users/${b.user.id}/password`, headers: { cookie: a.cookie }, params: { id: b.user.id } })).status).toBe(404);
  });

  it("signs a colleague out everywhere, and only them", async () => {
    const a = await accountWithColleague();
    const r = await call(signOutUser, { method: "POST", path: `/dashboard/users/${a.colleague.id}/sign-out`, headers: { cookie: a.cookie }, params: { id: a.colleague.id } });
    expect(r.status).toBe(200);
    expect((await whoami(a.colleague.cookie)).status).toBe(401);
    expect((await whoami(a.cookie)).status).toBe(200);
    // Any session of the old version, however it was kept, is over until they sign in again.
    expect((await whoami(await sessionCookie(a.colleague.id))).status).toBe(401);
    // A marketer may not sign others out.
    const marketer = await call(users.POST, { method: "POST", path: "/dashboard/users", headers: { cookie: a.cookie }, body: { email: `m-${Date.now()}@example.com`, role: "marketer" } });
    const refused = await call(signOutUser, { method: "POST", path: `/dashboard/users/${a.user.id}/sign-out`, headers: { cookie: await sessionCookie(marketer.body.id) }, params: { id: a.user.id } });
    expect(refused.status).toBe(403);
  });
});

describe("signing out everywhere", () => {
  it("ends every session of the user, this one too", async () => {
    const a = await makeAccount(db.ctx());
    const cookie = await sessionCookie(a.user.id);
    const r = await call(signOutEverywhere, { method: "POST", path: "/dashboard/me/sign-out-everywhere", headers: { cookie } });
    expect(r.status).toBe(200);
    expect(r.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    expect((await whoami(cookie)).status).toBe(401);
  });
});

describe("your sessions", () => {
  it("lists your sign-ins since your sessions last ended, with address and browser", async () => {
    const a = await makeAccount(db.ctx());
    const cookie = await sessionCookie(a.user.id);
    await authenticateUser(db.ctx(), a.user.email, a.password, "198.51.100.1", "Firefox");
    await authenticateUser(db.ctx(), a.user.email, a.password, "198.51.100.2", "Safari");
    const listed = await call(sessions, { path: "/dashboard/me/sessions", headers: { cookie } });
    expect(listed.body.content.map((s: { ip: string; userAgent: string }) => [s.ip, s.userAgent])).toEqual([
      ["198.51.100.2", "Safari"],
      ["198.51.100.1", "Firefox"],
    ]);
    await call(signOutEverywhere, { method: "POST", path: "/dashboard/me/sign-out-everywhere", headers: { cookie } });
    await authenticateUser(db.ctx(), a.user.email, a.password, "198.51.100.3", "Chrome");
    // Signed in again since: a session of the new version.
    const { sessionVersion } = await db.ctx().db.user.findUniqueOrThrow({ where: { id: a.user.id } });
    const fresh = `next-auth.session-token=${await encode({ token: { sub: a.user.id, sv: sessionVersion }, secret: env().AUTH_SECRET })}`;
    const after = await call(sessions, { path: "/dashboard/me/sessions", headers: { cookie: fresh } });
    expect(after.body.content.map((s: { ip: string }) => s.ip)).toEqual(["198.51.100.3"]);
  });
});
