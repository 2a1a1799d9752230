// next-auth configuration: email + password against the users table, JWT sessions.
import type { NextAuthOptions } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { getDatabase } from "../db/index.ts";
import { contextFor } from "../server/context.ts";
import { authenticateUser } from "../core/users/authenticate-user.ts";
import { env } from "../env.ts";
import { DomainError } from "../core/errors.ts";
import { clientAddress } from "../http/client-address.ts";

export function authOptions(): NextAuthOptions {
  const e = env();
  process.env.NEXTAUTH_URL ??= e.PUBLIC_URL;
  return {
    secret: e.AUTH_SECRET,
    session: { strategy: "jwt", maxAge: 12 * 60 * 60 },
    pages: { signIn: "/login" },
    useSecureCookies: e.PUBLIC_URL.startsWith("https://"),
    callbacks: {
      // The token carries the user's session version at sign-in: raising it ends the session.
      jwt: ({ token, user }) => (user ? { ...token, sv: (user as { sv?: number }).sv ?? 0 } : token),
      // The session names the user by id: an email can be reused after a user is removed.
      session: ({ session, token }) => ({ ...session, user: { ...session.user, id: token.sub, sv: token.sv ?? 0 } }),
    },
    providers: [
      Credentials({
        name: "Email and password",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" }, code: { label: "Two-factor code", type: "text" } },
        async authorize(credentials, req) {
          if (!credentials?.email || !credentials.password) return null;
          const ctx = contextFor(await getDatabase());
          const headers = new Headers(req?.headers as Record<string, string> | undefined);
          const user = await authenticateUser(ctx, credentials.email, credentials.password, clientAddress(headers), headers.get("user-agent") ?? "", credentials.code || undefined).catch(
            (e: unknown) => {
              // next-auth hands the error's message to the sign-in form: it says why (login-form.tsx).
              if (e instanceof DomainError && e.kind === "accountSuspended") throw new Error(`AccountSuspended: ${e.message}`);
              if (e instanceof DomainError && e.kind === "tooManySignInAttempts") throw new Error(`TooManyAttempts: ${e.details.value}`);
              // The sign-in form asks for the code (or tells it was wrong) and sends the same email and password with it.
              if (e instanceof DomainError && e.kind === "secondFactorNeeded") throw new Error("TwoFactorRequired");
              if (e instanceof DomainError && e.kind === "wrongTwoFactorCode") throw new Error("TwoFactorInvalid");
              throw e;
            },
          );
          return user ? { id: user.id, email: user.email, name: user.name || user.email, sv: user.sessionVersion } : null;
        },
      }),
    ],
  };
}
