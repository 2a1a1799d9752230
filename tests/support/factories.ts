// Test data with sensible defaults: an account with an owner, an application and a token.
import crypto from "node:crypto";
import { encode } from "next-auth/jwt";
import type { Ctx } from "../../lib/core/context.ts";
import { createAccount } from "../../lib/core/accounts/create-account.ts";
import { createUser } from "../../lib/core/users/create-user.ts";
import { createApplication, type TokenLifetime } from "../../lib/core/applications/create-application.ts";
import { issueToken } from "../../lib/core/tokens/issue-token.ts";
import { allScopes, type Scope } from "../../lib/core/tokens/scopes.ts";
import { env } from "../../lib/env.ts";
import type { Role } from "../../lib/db/generated/enums.ts";

export async function makeAccount(ctx: Ctx, opts: { balance?: number; currency?: string; role?: Role; scopes?: Scope[]; tokenTtl?: TokenLifetime; rateLimitPerSecond?: number } = {}) {
  const tag = crypto.randomBytes(4).toString("hex");
  const account = await createAccount(ctx, { name: `Account ${tag}`, balance: opts.balance ?? 50, currency: opts.currency });
  const password = "correct horse battery";
  const user = await createUser(ctx, { accountId: account.id, email: `owner-${tag}@example.com`, password, role: opts.role ?? "owner" });
  const { application, secret, clientId } = await createApplication(ctx, {
    accountId: account.id,
    name: `App ${tag}`,
    scopes: opts.scopes ?? allScopes,
    tokenTtl: opts.tokenTtl,
    rateLimitPerSecond: opts.rateLimitPerSecond,
  });
  const token = async (scope?: string) => (await issueToken(ctx, { clientId: application.id, clientSecret: secret, grantType: "client_credentials", scope })).access_token;
  return { account, user, password, application, clientId, secret, token };
}

export async function sessionCookie(userId: string): Promise<string> {
  const jwt = await encode({ token: { sub: userId }, secret: env().AUTH_SECRET });
  return `next-auth.session-token=${jwt}`;
}
