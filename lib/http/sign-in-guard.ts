// What runs before next-auth on /api/auth/*: a sign-in or sign-out sent by another site is
// refused (403), and a sign-in whose email or client address must still wait after repeated
// failures gets a 429 with Retry-After at once, without a password hash (nor a gzip stream). Its body is what
// next-auth's signIn() reads: a URL whose ?error= the sign-in page turns into a sentence.
import crypto from "node:crypto";
import { getDatabase } from "../db/index.ts";
import { contextFor } from "../server/context.ts";
import type { Ctx } from "../core/context.ts";
import { DomainError } from "../core/errors.ts";
import { throttledFor } from "../core/throttle/failure-throttle.ts";
import { signInKeys } from "../core/users/authenticate-user.ts";
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
  const email = new URLSearchParams(await req.clone().text()).get("email") ?? "";
  const wait = await throttledFor(ctx ?? contextFor(await getDatabase()), signInKeys(email, clientAddress(req.headers)));
  if (wait === 0) return null;
  const error = new DomainError("tooManySignInAttempts", { message: `Too many failed sign-ins; try again in ${wait} s.` });
  const body = { url: `${env().PUBLIC_URL}/login?error=${encodeURIComponent(`TooManyAttempts: ${wait}`)}`, code: error.code, developerMessage: error.message };
  return json(429, body, { "Retry-After": String(wait), "Cache-Control": "no-store" });
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
