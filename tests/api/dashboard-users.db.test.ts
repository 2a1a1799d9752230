// Settings › Users: owners list, add (password shown once and working), change roles and remove
// users; nobody changes or removes themselves, the account keeps an owner, other accounts'
// users are out of reach, and only owners get in. Also the CLI's `user create`.
import { describe, expect, it } from "vitest";
import * as users from "../../app/api/dashboard/users/route.ts";
import * as user from "../../app/api/dashboard/users/[id]/route.ts";
import { GET as me } from "../../app/api/dashboard/me/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount, sessionCookie } from "../support/factories.ts";
import { call } from "../support/http.ts";
import { authenticateUser } from "../../lib/core/users/authenticate-user.ts";
import { createUser } from "../../lib/core/users/create-user.ts";
import { changeUserRole } from "../../lib/core/users/change-user-role.ts";
import { runCommand } from "../../scripts/cli/run-command.ts";

const db = useTestDatabase();

async function owner() {
  const a = await makeAccount(db.ctx());
  return { ...a, cookie: { cookie: await sessionCookie(a.user.id) } };
}

const add = (cookie: Record<string, string>, body: unknown) => call(users.POST, { method: "POST", path: "/dashboard/users", headers: cookie, body });
const patch = (cookie: Record<string, string>, id: string, role: unknown) => call(user.PATCH, { method: "PATCH", path: `/dashboard/users/${id}`, headers: cookie, params: { id }, body: { role } });
const remove = (cookie: Record<string, string>, id: string) => call(user.DELETE, { method: "DELETE", path: `/dashboard/users/${id}`, headers: cookie, params: { id } });

describe("dashboard users", () => {
  it("adds a user whose generated password is shown once and signs in", async () => {
    const a = await owner();
    const r = await add(a.cookie, { email: " Maria@Example.com ", name: "Maria Papadopoulou", role: "marketer" });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ email: "maria@example.com", name: "Maria Papadopoulou", role: "marketer", lastLoginAt: "" });
    expect(r.body.password).toMatch(/^[\w-]{16}$/);
    expect(await authenticateUser(db.ctx(), "maria@example.com", r.body.password)).toBeTruthy();

    const list = await call(users.GET, { path: "/dashboard/users", headers: a.cookie });
    expect(list.status).toBe(200);
    expect(list.body.content.map((u: any) => [u.email, u.role])).toEqual([
      [a.user.email, "owner"],
      ["maria@example.com", "marketer"],
    ]);
    expect(list.text).not.toContain(r.body.password);
    expect(list.text).not.toContain("passwordHash");
  });

  it("refuses a taken email and bad input with 4xx envelopes", async () => {
    const a = await owner();
    const taken = await add(a.cookie, { email: a.user.email.toUpperCase(), role: "support" });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe("409001002");
    for (const body of [{ email: "not-an-email", role: "support" }, { email: "x@example.com", role: "admin" }, { email: "x@example.com" }, {}]) {
      const r = await add(a.cookie, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code).toBe("400000000");
    }
    expect((await patch(a.cookie, a.user.id, "god")).status).toBe(400);
  });

  it("changes a role, which takes effect on the user's next request", async () => {
    const a = await owner();
    const added = await add(a.cookie, { email: `s-${a.account.id}@example.com`, role: "support" });
    const r = await patch(a.cookie, added.body.id, "marketer");
    expect(r.status).toBe(200);
    expect(r.body.role).toBe("marketer");
    const seen = await call(me, { path: "/dashboard/me", headers: { cookie: await sessionCookie(added.body.id) } });
    expect(seen.body.user.role).toBe("marketer");
  });

  it("removes a user, whose session stops working at once", async () => {
    const a = await owner();
    const added = await add(a.cookie, { email: `gone-${a.account.id}@example.com`, role: "owner" });
    const theirCookie = { cookie: await sessionCookie(added.body.id) };
    expect((await call(me, { path: "/dashboard/me", headers: theirCookie })).status).toBe(200);
    const r = await remove(a.cookie, added.body.id);
    expect(r.status).toBe(200);
    expect(r.body.email).toBe(`gone-${a.account.id}@example.com`);
    expect((await call(me, { path: "/dashboard/me", headers: theirCookie })).status).toBe(401);
    expect((await remove(a.cookie, added.body.id)).status).toBe(404);
  });

  it("never lets an owner demote or remove themselves, nor leaves the account without an owner", async () => {
    const a = await owner();
    const self = await patch(a.cookie, a.user.id, "support");
    expect(self.status).toBe(409);
    expect(self.body.code).toBe("409001005");
    expect((await remove(a.cookie, a.user.id)).body.code).toBe("409001005");
    // The last owner cannot lose the role even through the core (e.g. another owner's stale page).
    const second = await add(a.cookie, { email: `o2-${a.account.id}@example.com`, role: "owner" });
    expect((await patch(a.cookie, second.body.id, "support")).status).toBe(200);
    await expect(changeUserRole(db.ctx(), { accountId: a.account.id, actorId: second.body.id, userId: a.user.id, role: "marketer" })).rejects.toMatchObject({ kind: "lastOwner" });
    const owners = await db.ctx().db.user.count({ where: { accountId: a.account.id, role: "owner" } });
    expect(owners).toBe(1);
  });

  it("lets only owners in, and never reaches another account's users", async () => {
    const a = await owner();
    const theirs = await owner();
    expect((await patch(a.cookie, theirs.user.id, "support")).status).toBe(404);
    expect((await remove(a.cookie, theirs.user.id)).status).toBe(404);
    expect((await remove(a.cookie, "not-a-uuid")).status).toBe(404);
    const list = await call(users.GET, { path: "/dashboard/users", headers: a.cookie });
    expect(list.body.content.map((u: any) => u.id)).not.toContain(theirs.user.id);
    for (const role of ["marketer", "support"] as const) {
      const u = await createUser(db.ctx(), { accountId: a.account.id, email: `${role}-${a.account.id}@example.com`, password: "long enough pw", role });
      const cookie = { cookie: await sessionCookie(u.id) };
      for (const r of [
        await call(users.GET, { path: "/dashboard/users", headers: cookie }),
        await add(cookie, { email: `x-${role}-${a.account.id}@example.com`, role: "owner" }),
        await patch(cookie, u.id, "owner"),
        await remove(cookie, a.user.id),
      ]) {
        expect(r.status).toBe(403);
        expect(r.body.code).toBe("403000001");
      }
      expect((await db.ctx().db.user.findUnique({ where: { id: u.id } }))!.role).toBe(role);
    }
    expect((await call(users.GET, { path: "/dashboard/users" })).status).toBe(401);
  });

  it("creates a user from the command line, printing a generated password", async () => {
    const a = await owner();
    const out = await runCommand(db.ctx(), ["user", "create", "--account", a.account.id, "--email", `cli-${a.account.id}@example.com`, "--role", "support", "--name", "Kostas"]);
    expect(out).toMatchObject({ accountId: a.account.id, email: `cli-${a.account.id}@example.com`, role: "support", name: "Kostas" });
    expect(await authenticateUser(db.ctx(), `cli-${a.account.id}@example.com`, String((out as { password?: string }).password))).toBeTruthy();
    const given = await runCommand(db.ctx(), ["user", "create", "--account", a.account.id, "--email", `cli2-${a.account.id}@example.com`, "--password", "my own password"]);
    expect(given).not.toHaveProperty("password");
    await expect(runCommand(db.ctx(), ["user", "create", "--account", a.account.id, "--email", `cli3-${a.account.id}@example.com`, "--role", "admin"])).rejects.toMatchObject({ kind: "validation" });
  });
});
