// Two-factor sign-in (TOTP): a user turns it on with a QR code confirmed by a right code and gets
// ten single-use recovery codes; sign-in then needs a current code (never one used before, and
// wrong ones count toward the sign-in back-off); an owner may require it of everyone and clear a
// user's (a lost phone), which the audit log records.
import { describe, expect, it } from "vitest";
import { GET as status } from "../../app/api/dashboard/me/two-factor/route.ts";
import { POST as setup } from "../../app/api/dashboard/me/two-factor/setup/route.ts";
import { POST as confirm } from "../../app/api/dashboard/me/two-factor/confirm/route.ts";
import { POST as disable } from "../../app/api/dashboard/me/two-factor/disable/route.ts";
import { POST as renew } from "../../app/api/dashboard/me/two-factor/recovery-codes/route.ts";
import { POST as reset } from "../../app/api/dashboard/users/[id]/two-factor/reset/route.ts";
import { PUT as policy } from "../../app/api/dashboard/two-factor-policy/route.ts";
import * as users from "../../app/api/dashboard/users/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount, sessionCookie } from "../support/factories.ts";
import { call } from "../support/http.ts";
import { authenticateUser } from "../../lib/core/users/authenticate-user.ts";
import { mustSetUpTwoFactor } from "../../lib/core/two-factor/two-factor-policy.ts";
import { listSessions } from "../../lib/core/users/list-sessions.ts";
import { totpCode } from "../../lib/core/two-factor/totp.ts";
import { guardSignIn } from "../../lib/http/sign-in-guard.ts";
import { contextFor } from "../../lib/server/context.ts";
import { DomainError } from "../../lib/core/errors.ts";
import { answer } from "../../scripts/cli/answer.ts";

const db = useTestDatabase();

/** The session cookie a response renewed (its name=value), or undefined. */
const renewedCookie = (r: { headers: Headers }) => /^([^;]+)/.exec(r.headers.get("set-cookie") ?? "")?.[1];

/** A context whose clock the test moves. */
function clocked() {
  let now = Date.now();
  return { ctx: contextFor(db.database(), () => new Date(now)), now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

/** A user with two-factor sign-in turned on through the dashboard's routes. */
async function withTwoFactor() {
  const a = await makeAccount(db.ctx());
  const cookie = await sessionCookie(a.user.id);
  const started = await call(setup, { method: "POST", path: "/dashboard/me/two-factor/setup", headers: { cookie } });
  const secret = started.body.secret as string;
  const on = await call(confirm, { method: "POST", path: "/dashboard/me/two-factor/confirm", headers: { cookie }, body: { code: await totpCode(secret, new Date()) } });
  expect(on.status).toBe(200);
  return { ...a, cookie: renewedCookie(on)!, secret, recoveryCodes: on.body.recoveryCodes as string[] };
}

/** What a sign-in comes to: signed in, wrong, the error's name, or the 429's wait. */
async function attempt(ctx: ReturnType<typeof clocked>["ctx"], email: string, password: string, code?: string) {
  try {
    return (await authenticateUser(ctx, email, password, "198.51.100.7", "vitest", code)) ? "signed in" : "wrong";
  } catch (e) {
    if (e instanceof DomainError && e.kind === "tooManySignInAttempts") return { wait: Number(e.details.headers?.["Retry-After"]) };
    if (e instanceof DomainError) return e.kind;
    throw e;
  }
}

const auditActions = async (accountId: string) => (await db.ctx().db.auditEvent.findMany({ where: { accountId }, orderBy: { at: "asc" } })).map((e) => e.action);

describe("turning two-factor sign-in on", () => {
  it("shows a QR code and the secret once, and turns on only with a right code", async () => {
    const a = await makeAccount(db.ctx());
    const cookie = await sessionCookie(a.user.id);
    const elsewhere = await sessionCookie(a.user.id); // the same user signed in on another device
    const started = await call(setup, { method: "POST", path: "/dashboard/me/two-factor/setup", headers: { cookie } });
    expect(started.status).toBe(200);
    expect(started.body.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(started.body.uri).toContain(`otpauth://totp/Switchboard:${encodeURIComponent(a.user.email)}?secret=${started.body.secret}`);
    expect(started.body.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // Stored sealed, not as the secret.
    const row = await db.ctx().db.userTwoFactor.findUniqueOrThrow({ where: { userId: a.user.id } });
    expect(row.secretSealed).not.toContain(started.body.secret);

    const code = (c: string) => call(confirm, { method: "POST", path: "/dashboard/me/two-factor/confirm", headers: { cookie }, body: { code: c } });
    const wrong = await code(String((Number(await totpCode(started.body.secret, new Date())) + 1) % 1_000_000).padStart(6, "0"));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: "400001011", property: "code" });
    expect((await code("12ab")).status).toBe(400);
    expect((await call(status, { path: "/dashboard/me/two-factor", headers: { cookie } })).body).toMatchObject({ enabled: false });
    expect(await attempt(db.ctx(), a.user.email, a.password)).toBe("signed in");

    expect((await call(status, { path: "/dashboard/me/two-factor", headers: { cookie: elsewhere } })).status).toBe(200);
    expect(await listSessions(db.ctx(), { accountId: a.account.id, userId: a.user.id })).toHaveLength(1); // the sign-in above
    const on = await code(await totpCode(started.body.secret, new Date()));
    expect(on.status).toBe(200);
    expect(on.body.recoveryCodes).toHaveLength(10);
    expect(new Set(on.body.recoveryCodes).size).toBe(10);
    // Every session signed in before (maybe with a stolen password) ends; this one is renewed.
    expect((await call(status, { path: "/dashboard/me/two-factor", headers: { cookie: elsewhere } })).status).toBe(401);
    expect((await call(status, { path: "/dashboard/me/two-factor", headers: { cookie } })).status).toBe(401);
    expect(await listSessions(db.ctx(), { accountId: a.account.id, userId: a.user.id })).toEqual([]);
    const renewed = renewedCookie(on)!;
    expect(renewed).toMatch(/^next-auth\.session-token=/);
    const shown = await call(status, { path: "/dashboard/me/two-factor", headers: { cookie: renewed } });
    expect(shown.body).toMatchObject({ enabled: true, recoveryCodesLeft: 10, required: false });
    expect(shown.text).not.toContain(started.body.secret);
    // A second authenticator only after turning this one off.
    expect((await call(setup, { method: "POST", path: "/dashboard/me/two-factor/setup", headers: { cookie: renewed } })).status).toBe(409);
    expect(await auditActions(a.account.id)).toContain("two-factor.enabled");
  });

  it("turns off with the password only, and not while the account requires it", async () => {
    const a = await withTwoFactor();
    const off = (password: string) => call(disable, { method: "POST", path: "/dashboard/me/two-factor/disable", headers: { cookie: a.cookie }, body: { password } });
    expect((await call(policy, { method: "PUT", path: "/dashboard/two-factor-policy", headers: { cookie: a.cookie }, body: { required: true } })).status).toBe(200);
    expect((await off(a.password)).body).toMatchObject({ code: "409001014" });
    await call(policy, { method: "PUT", path: "/dashboard/two-factor-policy", headers: { cookie: a.cookie }, body: { required: false } });
    expect((await off("not my password")).body).toMatchObject({ code: "400001010", property: "password" });
    expect((await off(a.password)).status).toBe(200);
    expect(await attempt(db.ctx(), a.user.email, a.password)).toBe("signed in");
    expect(await auditActions(a.account.id)).toEqual(expect.arrayContaining(["two-factor.disabled", "two-factor.policy-changed"]));
  });
});

describe("signing in with two-factor sign-in on", () => {
  it("needs a current code, refuses a used or wrong one, and backs off after repeated wrong codes", async () => {
    const a = await withTwoFactor();
    const { ctx, now, advance } = clocked();
    advance(60_000); // past the step the set-up used
    expect(await attempt(ctx, a.user.email, a.password)).toBe("secondFactorNeeded");
    expect(await attempt(ctx, a.user.email, "wrong password", await totpCode(a.secret, now()))).toBe("wrong");
    const code = await totpCode(a.secret, now());
    expect(await attempt(ctx, a.user.email, a.password, code)).toBe("signed in");
    // The same code again, even within its 30 seconds: refused.
    expect(await attempt(ctx, a.user.email, a.password, code)).toBe("wrongTwoFactorCode");
    // The previous step's code is older than the one used: refused too; the next step's is fine.
    expect(await attempt(ctx, a.user.email, a.password, await totpCode(a.secret, new Date(now().getTime() - 30_000)))).toBe("wrongTwoFactorCode");
    expect(await attempt(ctx, a.user.email, a.password, await totpCode(a.secret, new Date(now().getTime() + 30_000)))).toBe("signed in");

    // Guessing codes: counted with wrong passwords, per email; past five, the sign-in waits.
    advance(120_000);
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await attempt(ctx, a.user.email, a.password, String(100000 + i)));
    expect(answers.slice(0, 6)).toEqual(Array(6).fill("wrongTwoFactorCode"));
    expect(answers[6]).toEqual({ wait: 1 });
    expect(await attempt(ctx, a.user.email, a.password, await totpCode(a.secret, now()))).toEqual({ wait: 1 });
    const guarded = await guardSignIn(
      new Request("http://localhost:3999/api/auth/callback/credentials", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: a.user.email, password: a.password, code: "123456" }),
      }),
      ctx,
    );
    expect(guarded?.status).toBe(429);
    const failures = await db.ctx().db.auditEvent.count({ where: { accountId: a.account.id, action: "sign-in.failed", detail: { equals: { reason: "two-factor code" } } } });
    expect(failures).toBeGreaterThanOrEqual(6);
  });

  it("takes each recovery code once", async () => {
    const a = await withTwoFactor();
    const [first, second] = a.recoveryCodes;
    expect(await attempt(db.ctx(), a.user.email, a.password, first!.toUpperCase())).toBe("signed in");
    expect(await attempt(db.ctx(), a.user.email, a.password, first)).toBe("wrongTwoFactorCode");
    expect(await attempt(db.ctx(), a.user.email, a.password, second!.replace("-", ""))).toBe("signed in");
    expect((await call(status, { path: "/dashboard/me/two-factor", headers: { cookie: a.cookie } })).body.recoveryCodesLeft).toBe(8);
    const used = await db.ctx().db.auditEvent.findMany({ where: { accountId: a.account.id, action: "two-factor.recovery-code-used" } });
    expect(used.map((e) => e.detail)).toEqual(expect.arrayContaining([{ left: 9 }, { left: 8 }]));
  });

  it("gets ten new recovery codes with the password; the old ones stop working", async () => {
    const a = await withTwoFactor();
    const renewCodes = (password: string, cookie = a.cookie) => call(renew, { method: "POST", path: "/dashboard/me/two-factor/recovery-codes", headers: { cookie }, body: { password } });
    expect(await attempt(db.ctx(), a.user.email, a.password, a.recoveryCodes[0])).toBe("signed in");
    const wrong = await renewCodes("not my password");
    expect(wrong.status).toBe(400);
    expect(wrong.body.properties).toHaveProperty("password");
    const renewed = await renewCodes(a.password);
    expect(renewed.status).toBe(200);
    expect(renewed.headers.get("cache-control")).toMatch(/\bno-store\b/);
    const codes = renewed.body.recoveryCodes as string[];
    expect(new Set(codes).size).toBe(10);
    expect(codes.some((c) => a.recoveryCodes.includes(c))).toBe(false);
    expect((await call(status, { path: "/dashboard/me/two-factor", headers: { cookie: a.cookie } })).body.recoveryCodesLeft).toBe(10);
    expect(await attempt(db.ctx(), a.user.email, a.password, a.recoveryCodes[1])).toBe("wrongTwoFactorCode");
    expect(await attempt(db.ctx(), a.user.email, a.password, codes[0])).toBe("signed in");
    expect(await auditActions(a.account.id)).toContain("two-factor.recovery-codes-renewed");
    // Without two-factor sign-in there are no codes to renew.
    const b = await makeAccount(db.ctx());
    const off = await renewCodes(b.password, await sessionCookie(b.user.id));
    expect(off.status).toBe(409);
    expect(off.body.code).toBe("409001015");
  });
});

describe("an owner", () => {
  it("requires two-factor sign-in of every user: one without it must set it up first", async () => {
    const a = await makeAccount(db.ctx());
    const cookie = await sessionCookie(a.user.id);
    const added = await call(users.POST, { method: "POST", path: "/dashboard/users", headers: { cookie }, body: { email: `colleague-${Date.now()}@example.com`, role: "marketer" } });
    const colleague = { id: added.body.id as string, accountId: a.account.id };
    expect(await mustSetUpTwoFactor(db.ctx(), colleague)).toBe(false);
    const colleagueCookie = await sessionCookie(colleague.id);
    // Not theirs to decide.
    expect((await call(policy, { method: "PUT", path: "/dashboard/two-factor-policy", headers: { cookie: colleagueCookie }, body: { required: true } })).status).toBe(403);
    expect((await call(policy, { method: "PUT", path: "/dashboard/two-factor-policy", headers: { cookie }, body: { required: true } })).body).toEqual({ required: true });
    expect(await mustSetUpTwoFactor(db.ctx(), colleague)).toBe(true);
    // Until then the dashboard's JSON answers only their own settings (the owner's too: they have none yet).
    const refused = await call(users.GET, { path: "/dashboard/users", headers: { cookie } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "403001016" });
    expect((await call(status, { path: "/dashboard/me/two-factor", headers: { cookie: colleagueCookie } })).body).toMatchObject({ enabled: false, required: true });

    const started = await call(setup, { method: "POST", path: "/dashboard/me/two-factor/setup", headers: { cookie: colleagueCookie } });
    expect(await mustSetUpTwoFactor(db.ctx(), colleague)).toBe(true); // set-up begun is not set-up done
    await call(confirm, { method: "POST", path: "/dashboard/me/two-factor/confirm", headers: { cookie: colleagueCookie }, body: { code: await totpCode(started.body.secret, new Date()) } });
    expect(await mustSetUpTwoFactor(db.ctx(), colleague)).toBe(false);
  });

  it("clears a user's two-factor sign-in (a lost phone), which the audit log records", async () => {
    const owner = await makeAccount(db.ctx());
    const ownerCookie = await sessionCookie(owner.user.id);
    const added = await call(users.POST, { method: "POST", path: "/dashboard/users", headers: { cookie: ownerCookie }, body: { email: `phone-lost-${Date.now()}@example.com`, role: "support" } });
    const cookie = await sessionCookie(added.body.id);
    const started = await call(setup, { method: "POST", path: "/dashboard/me/two-factor/setup", headers: { cookie } });
    await call(confirm, { method: "POST", path: "/dashboard/me/two-factor/confirm", headers: { cookie }, body: { code: await totpCode(started.body.secret, new Date()) } });
    expect(await attempt(db.ctx(), added.body.email, added.body.password)).toBe("secondFactorNeeded");

    const other = await makeAccount(db.ctx());
    const across = await call(reset, {
      method: "POST",
      path: `/dashboard/users/${added.body.id}/two-factor/reset`,
      headers: { cookie: await sessionCookie(other.user.id) },
      params: { id: added.body.id },
    });
    expect(across.status).toBe(404);
    const self = await call(reset, { method: "POST", path: `/dashboard/users/${owner.user.id}/two-factor/reset`, headers: { cookie: ownerCookie }, params: { id: owner.user.id } });
    expect(self.status).toBe(409);

    const r = await call(reset, { method: "POST", path: `/dashboard/users/${added.body.id}/two-factor/reset`, headers: { cookie: ownerCookie }, params: { id: added.body.id } });
    expect(r.status).toBe(200);
    expect(await attempt(db.ctx(), added.body.email, added.body.password)).toBe("signed in");
    expect(await db.ctx().db.twoFactorRecoveryCode.count({ where: { userId: added.body.id } })).toBe(0);
    const event = await db.ctx().db.auditEvent.findFirst({ where: { accountId: owner.account.id, action: "user.two-factor-reset" } });
    expect(event).toMatchObject({ actorId: owner.user.id, target: added.body.id });
  });
});

describe("the command line", () => {
  it("clears a user's two-factor sign-in by email for the operator, in the account's audit log", async () => {
    const a = await withTwoFactor();
    const run = async (...args: string[]) => {
      const r = await answer(db.ctx(), args);
      return r.code === 0 ? JSON.parse(r.stdout) : { code: r.code, err: r.stderr };
    };
    expect(await run("user", "2fa", "reset", a.user.email.toUpperCase())).toEqual({ userId: a.user.id, email: a.user.email, twoFactor: "reset" });
    expect(await attempt(db.ctx(), a.user.email, a.password)).toBe("signed in");
    expect(await run("user", "2fa", "reset", a.user.email)).toMatchObject({ twoFactor: "was not on" });
    expect((await run("user", "2fa", "reset", "nobody@example.com")).code).not.toBe(0);
    const event = await db.ctx().db.auditEvent.findFirst({ where: { accountId: a.account.id, action: "user.two-factor-reset" } });
    expect(event).toMatchObject({ actorKind: "system", actorName: "command line", target: a.user.id });
  });
});
