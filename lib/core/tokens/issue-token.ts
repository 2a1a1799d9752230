// OAuth 2.0 client-credentials grant (RFC 6749 §4.4). The caller has already decoded the
// client credentials from Basic auth or the form body.
import type { Ctx } from "../context.ts";
import { DomainError } from "../errors.ts";
import { digest, randomSecret, safeEqual } from "../secrets/hashing.ts";
import { isScope, permissionsFor, splitScopes, type Scope } from "./scopes.ts";
import { applicationUuid } from "../applications/client-id.ts";
import { refuseSuspended } from "../accounts/suspension.ts";
import { noteFailure, refuseThrottled, type ThrottleKey } from "../throttle/failure-throttle.ts";

export interface IssueTokenInput {
  clientId: string;
  clientSecret: string;
  grantType: string | undefined;
  /** undefined or "" means every scope the application holds. */
  scope: string | undefined;
  /** The client's address: wrong secrets are counted per application and per address. */
  address?: string;
}

export interface TokenAnswer {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  scope: string;
  permissions: string[];
}

export async function issueToken(ctx: Ctx, input: IssueTokenInput): Promise<TokenAnswer> {
  if (!input.grantType) throw oauthError("invalidRequest", "invalid_request", "grant_type is required.");
  if (input.grantType !== "client_credentials") throw oauthError("unsupportedGrantType", "unsupported_grant_type", `grant_type ${input.grantType} is not supported; use client_credentials.`);

  // Guessing secrets: past 10 wrong ones for an application, or 20 from an address, they wait.
  // Checked first and counted after a wrong secret (not counted ahead, as sign-ins are): the check
  // is one SHA-256, a secret of 256 random bits is not found by a burst, and counting ahead would
  // make a fleet of clients starting at once wait for each other's right secrets.
  const keys: ThrottleKey[] = [{ key: `token-app:${input.clientId.slice(0, 64)}`, free: 10 }, ...(input.address ? [{ key: `token-address:${input.address}`, free: 20 }] : [])];
  await refuseThrottled(ctx, keys, "token requests", "slow_down");
  const appId = applicationUuid(input.clientId);
  const app = appId ? await ctx.db.application.findUnique({ where: { id: appId }, include: { account: { select: { suspendedAt: true, suspendedReason: true } } } }) : null;
  if (!app || app.revokedAt || !safeEqual(digest(input.clientSecret), app.secretHash)) {
    await noteFailure(ctx, keys);
    throw oauthError("invalidClient", "invalid_client", "Unknown application or wrong secret.", {
      "WWW-Authenticate": 'Basic realm="switchboard"',
    });
  }
  // Only once the secret is right: a suspension is not told to whoever guesses an application id.
  refuseSuspended(app.account, "No token is issued to its applications");

  const held = app.scopes.filter(isScope);
  const requested = splitScopes(input.scope ?? "");
  let granted: Scope[];
  if (requested.length === 0) granted = held;
  else {
    const unknown = requested.filter((s) => !isScope(s));
    if (unknown.length) throw oauthError("invalidScope", "invalid_scope", `Unknown scope: ${unknown.join(", ")}.`);
    const notAllowed = requested.filter((s) => !held.includes(s as Scope));
    if (notAllowed.length) throw oauthError("invalidScope", "invalid_scope", `Scope not allowed to this application: ${notAllowed.join(", ")}.`);
    granted = [...new Set(requested as Scope[])];
  }

  const token = randomSecret();
  const now = ctx.now();
  await ctx.db.$transaction([
    ctx.db.accessToken.create({
      data: {
        tokenHash: digest(token),
        applicationId: app.id,
        accountId: app.accountId,
        scopes: granted,
        createdAt: now,
        expiresAt: new Date(now.getTime() + app.tokenTtl * 1000),
      },
    }),
    ctx.db.application.update({ where: { id: app.id }, data: { lastUsedAt: now } }),
  ]);
  return {
    access_token: token,
    token_type: "bearer",
    expires_in: app.tokenTtl,
    scope: granted.join(" "),
    permissions: permissionsFor(granted),
  };
}

function oauthError(kind: "invalidRequest" | "unsupportedGrantType" | "invalidScope" | "invalidClient", error: string, description: string, headers?: Record<string, string>) {
  return new DomainError(kind, { message: description, value: error, headers });
}
