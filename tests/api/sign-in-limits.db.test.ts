// Guessing passwords and secrets: failed dashboard sign-ins are counted per email and per client
// address, failed token requests per application and per address, in the database (so every web
// instance counts them); past a few, each waits longer (429 with Retry-After), and while it waits
// nothing is hashed. A bcrypt hash of before is replaced by scrypt at the next sign-in.
import bcrypt from "bcryptjs";
import { describe, expect, it } from "vitest";
import { POST as tokenRoute } from "../../app/api/oauth/token/route.ts";
import { useTestDatabase } from "../support/test-db.ts";
import { makeAccount } from "../support/factories.ts";
import { basic, call, form } from "../support/http.ts";
import { authenticateUser } from "../../lib/core/users/authenticate-user.ts";
import { guardSignIn, knownWaitRefusal } from "../../lib/http/sign-in-guard.ts";
import { contextFor } from "../../lib/server/context.ts";
import { DomainError } from "../../lib/core/errors.ts";

const db = useTestDatabase();

/** A context whose clock the test moves. */
function clocked() {
  let now = Date.now();
  return { ctx: contextFor(db.database(), () => new Date(now)), advance: (ms: number) => (now += ms) };
}

/** What a sign-in attempt comes to: the user, null (wrong), or the 429's wait in seconds. */
async function attempt(ctx: ReturnType<typeof clocked>["ctx"], email: string, password: string, address = "") {
  try {
    return (await authenticateUser(ctx, email, password, address)) ? "signed in" : "wrong";
  } catch (e) {
    if (e instanceof DomainError && e.kind === "tooManySignInAttempts") return { wait: Number(e.details.headers?.["Retry-After"]) };
    throw e;
  }
}

const signInRequest = (email: string, address: string) =>
  new Request("http://localhost:3999/api/auth/callback/credentials", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": address },
    body: new URLSearchParams({ email, password: "whatever", csrfToken: "x", json: "true" }),
  });

describe("dashboard sign-in", () => {
  it("answers 20 wrong passwords in a row with 429s after the first few, even for the right one, until the wait is over", async () => {
    const a = await makeAccount(db.ctx());
    const { ctx, advance } = clocked();
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await attempt(ctx, a.user.email, "a wrong guess", "198.51.100.1"));
    expect(answers.slice(0, 6)).toEqual(Array(6).fill("wrong"));
    expect(answers.slice(6)).toEqual(Array(14).fill({ wait: 1 }));
    // The right password waits too: otherwise waiting would tell a guesser nothing.
    expect(await attempt(ctx, a.user.email, a.password, "198.51.100.1")).toEqual({ wait: 1 });
    // The email is blocked, from any address; the page gets the 429 before next-auth runs.
    const refused = await guardSignIn(signInRequest(a.user.email.toUpperCase(), "203.0.113.50"), ctx);
    expect(refused?.status).toBe(429);
    expect(refused?.headers.get("retry-after")).toBe("1");
    expect(new URL((await refused!.json()).url).searchParams.get("error")).toBe("TooManyAttempts: 1");

    advance(1_001);
    expect(await attempt(ctx, a.user.email, "another wrong guess", "198.51.100.1")).toBe("wrong");
    // Each further failure doubles the wait.
    expect(await attempt(ctx, a.user.email, a.password, "198.51.100.1")).toEqual({ wait: 2 });
    advance(2_001);
    expect(await attempt(ctx, a.user.email, a.password, "198.51.100.1")).toBe("signed in");
    // A success forgets the email's failures.
    for (let i = 0; i < 5; i++) expect(await attempt(ctx, a.user.email, "wrong again", "198.51.100.1")).toBe("wrong");
  });

  it("counts an address's failures over every email it tries, and leaves other addresses alone", async () => {
    const a = await makeAccount(db.ctx());
    const { ctx } = clocked();
    for (let i = 0; i < 21; i++) expect(await attempt(ctx, `nobody-${i}@example.com`, "guess", "192.0.2.77")).toBe("wrong");
    expect(await attempt(ctx, "someone-else@example.com", "guess", "192.0.2.77")).toEqual({ wait: 1 });
    expect(await attempt(ctx, a.user.email, a.password, "192.0.2.77")).toEqual({ wait: 1 });
    expect(await attempt(ctx, a.user.email, a.password, "192.0.2.78")).toBe("signed in");
    expect(await guardSignIn(signInRequest(a.user.email, "192.0.2.78"), ctx)).toBeNull();
  });

  it("lets through only the free failures of a burst of 50 wrong sign-ins sent at once; the rest wait without a hash", async () => {
    const { ctx } = clocked();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => attempt(ctx, `burst-${i}@example.com`, "guess", "192.0.2.90")));
    // 20 free failures, and the 21st, which begins the wait.
    expect(answers.filter((a) => a === "wrong")).toHaveLength(21);
    expect(answers.filter((a) => typeof a === "object")).toHaveLength(29);
  });

  it("does not make an address wait for a right password that comes after its free failures", async () => {
    const a = await makeAccount(db.ctx());
    const b = await makeAccount(db.ctx());
    const { ctx } = clocked();
    for (let i = 0; i < 20; i++) expect(await attempt(ctx, `typo-${i}@example.com`, "guess", "192.0.2.91")).toBe("wrong");
    expect(await attempt(ctx, a.user.email, a.password, "192.0.2.91")).toBe("signed in");
    // The office behind that address signs in next, at once.
    expect(await attempt(ctx, b.user.email, b.password, "192.0.2.91")).toBe("signed in");
    expect(await attempt(ctx, "one-more-typo@example.com", "guess", "192.0.2.91")).toBe("wrong");
    expect(await attempt(ctx, "and-another@example.com", "guess", "192.0.2.91")).toEqual({ wait: 1 });
  });

  it("refuses an address that waits from its headers alone, as guardSignIn does, but leaves other addresses and other sites' requests to it", async () => {
    const { ctx } = clocked();
    for (let i = 0; i < 21; i++) expect(await attempt(ctx, `flood-${i}@example.com`, "guess", "192.0.2.92")).toBe("wrong");
    const early = (address: string, extra: Record<string, string> = {}) => knownWaitRefusal(ctx, "POST", "/api/auth/callback/credentials", () => new Headers({ "x-forwarded-for": address, ...extra }));
    // Not known yet in this process: the first refusal comes from the database, through guardSignIn.
    expect(early("192.0.2.92")).toBeNull();
    const fromGuard = await guardSignIn(signInRequest("flood-22@example.com", "192.0.2.92"), ctx);
    expect(fromGuard?.status).toBe(429);
    const refused = early("192.0.2.92");
    expect(refused?.status).toBe(429);
    expect(refused?.headers.get("retry-after")).toBe(fromGuard?.headers.get("retry-after"));
    expect(await refused?.json()).toEqual(await fromGuard?.json());
    expect(early("192.0.2.93")).toBeNull();
    expect(early("192.0.2.92", { origin: "http://evil.example" })).toBeNull();
    expect(knownWaitRefusal(ctx, "GET", "/api/auth/csrf", () => new Headers({ "x-forwarded-for": "192.0.2.92" }))).toBeNull();
  });

  it("replaces a bcrypt hash with scrypt at the next successful sign-in", async () => {
    const a = await makeAccount(db.ctx());
    await db.ctx().db.user.update({ where: { id: a.user.id }, data: { passwordHash: bcrypt.hashSync(a.password, 4) } });
    expect(await attempt(db.ctx(), a.user.email, a.password)).toBe("signed in");
    const { passwordHash } = await db.ctx().db.user.findUniqueOrThrow({ where: { id: a.user.id } });
    expect(passwordHash).toMatch(/^scrypt\$/);
    expect(await attempt(db.ctx(), a.user.email, a.password)).toBe("signed in");
  });
});

describe("POST /api/oauth/token", () => {
  const token = (headers: Record<string, string>) => call(tokenRoute, { method: "POST", path: "/oauth/token", headers: { ...form, ...headers }, raw: "grant_type=client_credentials" });

  it("answers wrong secrets for one application with 429 slow_down after ten, the right one too, and other applications as before", async () => {
    const a = await makeAccount(db.ctx());
    const b = await makeAccount(db.ctx());
    const statuses = [];
    for (let i = 0; i < 12; i++) statuses.push((await token({ ...basic(a.application.id, "wrong"), "x-forwarded-for": `203.0.113.${i}` })).status);
    expect(statuses).toEqual([...Array(11).fill(401), 429]);
    const right = await token(basic(a.application.id, a.secret));
    expect(right.status).toBe(429);
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(right.body).toMatchObject({ error: "slow_down", code: "429000001" });
    expect((await token(basic(b.application.id, b.secret))).status).toBe(200);
  });

  it("counts an address's wrong secrets over every application it tries", async () => {
    const a = await makeAccount(db.ctx());
    for (let i = 0; i < 21; i++) expect((await token({ ...basic(crypto.randomUUID(), "guess"), "x-forwarded-for": "198.51.100.99" })).status).toBe(401);
    expect((await token({ ...basic(a.application.id, a.secret), "x-forwarded-for": "198.51.100.99" })).status).toBe(429);
    expect((await token({ ...basic(a.application.id, a.secret), "x-forwarded-for": "198.51.100.98" })).status).toBe(200);
  });
});
