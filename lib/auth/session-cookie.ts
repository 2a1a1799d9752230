// A new dashboard session cookie for a user whose session version was just raised by their own
// hand (a password change): their other sessions end, the one they are using goes on. Written
// as next-auth writes its own (the same name, lifetime and flags), so next-auth reads it.
import { encode } from "next-auth/jwt";
import { env } from "../env.ts";

const maxAge = 12 * 60 * 60;

export function sessionCookieName(): string {
  return env().PUBLIC_URL.startsWith("https://") ? "__Secure-next-auth.session-token" : "next-auth.session-token";
}

export async function renewedSessionCookie(user: { id: string; email: string; name: string; sessionVersion: number }): Promise<string> {
  const jwt = await encode({ token: { sub: user.id, email: user.email, name: user.name || user.email, sv: user.sessionVersion }, secret: env().AUTH_SECRET, maxAge });
  return `${sessionCookieName()}=${jwt}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${env().PUBLIC_URL.startsWith("https://") ? "; Secure" : ""}`;
}

/** Clears the session cookie (the user ended every session, this one too). */
export function clearedSessionCookie(): string {
  return `${sessionCookieName()}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${env().PUBLIC_URL.startsWith("https://") ? "; Secure" : ""}`;
}
