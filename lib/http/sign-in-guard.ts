// What runs before next-auth on /api/auth/*: a sign-in or sign-out sent by another site is
// refused (403), and a sign-in whose email or client address must still wait after repeated
// failures gets a 429 with Retry-After at once, without a password hash (nor a gzip stream). Its body is what
// next-auth's signIn() reads: a URL whose ?error= the sign-in page turns into a sentence.
// A wait found in the database is remembered here until it ends, so a flood from an address that
// waits is answered without a query, or even reading the request's body (B9 in npm run bench).
// A running wait is never shortened (but for the one a right password's attempt begins and ends
// in the same breath), so what is remembered is what the database says.
import crypto from "node:crypto";
import { getDatabase } from "../db/index.ts";
import { contextFor } from "../server/context.ts";
import type { Ctx } from "../core/context.ts";
import { DomainError } from "../core/errors.ts";
import { blocksOf, secondsLeft, type Block, type ThrottleKey } from "../core/throttle/failure-throttle.ts";
import { signInAddressKey, signInKeys } from "../core/users/authenticate-user.ts";
import { env } from "../env.ts";
import { clientAddress } from "./client-address.ts";
import { markNoTransform } from "./compress.ts";
import { crossSiteReason } from "./cross-site.ts";
import { errorResponse, json } from "./render-error.ts";
import { transportSecurity } from "./security-headers.ts";

/** `ctx`: the context to count in (a test's, with its clock); the server's by default. */
export async function guardSignIn(req: Request, ctx?: Ctx): Promise<Response | null> {
  if (req.method !== "POST") return null;
  const reason = crossSiteReason(req, env().PUBLIC_URL);
  if (reason) return errorResponse(new DomainError("crossSiteRequest", { message: `Signing in or out was refused: ${reason}.` }), crypto.randomUUID());
  if (!new URL(req.url).pathname.endsWith("/callback/credentials")) return null;
  const c = ctx ?? contextFor(await getDatabase());
  const address = clientAddress(req.headers);
  let wait = address ? remembered(c, [signInAddressKey(address)]) : 0;
  if (wait === 0) {
    const keys = signInKeys(new URLSearchParams(await req.clone().text()).get("email") ?? "", address);
    wait = remembered(c, keys) || remember(c, await blocksOf(c, keys));
  }
  if (wait === 0) return null;
  return tooManySignIns(wait);
}

/**
 * The 429 for a sign-in from an address already known to wait, decided from the request line and
 * headers alone (no database, no body): the server sends it before Next reads the request
 * (lib/server/peer-address.ts), so a flood of guesses costs the thread that serves the API little
 * more than its sockets. null: the request goes on to Next (and to guardSignIn).
 */
export function knownWaitRefusal(ctx: Ctx, method: string, url: string, headersOf: () => Headers): Response | null {
  if (method !== "POST" || !url.split("?")[0]!.endsWith("/api/auth/callback/credentials")) return null;
  const headers = headersOf();
  const address = clientAddress(headers);
  const wait = address ? remembered(ctx, [signInAddressKey(address)]) : 0;
  if (wait === 0) return null;
  // A cross-site sign-in gets guardSignIn's 403 instead, as it would without the wait.
  if (crossSiteReason(new Request(new URL(url, env().PUBLIC_URL), { method, headers }), env().PUBLIC_URL)) return null;
  return finishSignInAnswer(tooManySignIns(wait));
}

/** The 429 next-auth's signIn() reads: a URL whose ?error= the sign-in page turns into a sentence. */
function tooManySignIns(wait: number): Response {
  const error = new DomainError("tooManySignInAttempts", { message: `Too many failed sign-ins; try again in ${wait} s.` });
  const body = { url: `${env().PUBLIC_URL}/login?error=${encodeURIComponent(`TooManyAttempts: ${wait}`)}`, code: error.code, developerMessage: error.message };
  return json(429, body, { "Retry-After": String(wait), "Cache-Control": "no-store" });
}

const maxRemembered = 10_000;
/**
 * Per database (a test process has several): key → the end of its wait, in ms. One per process,
 * not per bundle: Next bundles the routes (which fill it) apart from instrumentation.ts (whose
 * server hook reads it).
 */
const waitsKey = Symbol.for("switchboard.signInWaits");
const waits = ((globalThis as { [waitsKey]?: WeakMap<object, Map<string, number>> })[waitsKey] ??= new WeakMap());

function remembered(ctx: Ctx, keys: readonly ThrottleKey[]): number {
  const known = waits.get(ctx.db);
  if (!known) return 0;
  const now = ctx.now();
  return secondsLeft(
    now,
    keys.flatMap((k) => {
      const until = known.get(k.key) ?? 0;
      return until > now.getTime() ? [{ key: k.key, until: new Date(until) }] : [];
    }),
  );
}

/** Keeps the blocks; the wait they make, in seconds. */
function remember(ctx: Ctx, blocks: readonly Block[]): number {
  if (blocks.length === 0) return 0;
  let known = waits.get(ctx.db);
  if (!known) waits.set(ctx.db, (known = new Map()));
  if (known.size >= maxRemembered) {
    const now = ctx.now().getTime();
    for (const [key, until] of known) if (until <= now) known.delete(key);
    if (known.size >= maxRemembered) known.clear();
  }
  for (const b of blocks) known.set(b.key, b.until.getTime());
  return secondsLeft(ctx.now(), blocks);
}

/** next-auth's answer with the headers every answer carries; its answers are small (not gzipped). */
export function finishSignInAnswer(res: Response): Response {
  try {
    transportSecurity(res.headers);
    markNoTransform(res.headers);
  } catch {
    // A redirect made by Response.redirect() has headers that cannot change; it goes as it is.
  }
  return res;
}
