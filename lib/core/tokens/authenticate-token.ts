// Resolves a bearer token to the application and account it acts for.
import type { Ctx } from "../context.ts";
import { digest } from "../../auth/hashing.ts";
import { isScope, type Scope } from "../../auth/scopes.ts";

export interface ApplicationPrincipal {
  kind: "application";
  accountId: string;
  /** The account's currency, read with the token: prices are looked up in it. */
  currency: string;
  applicationId: string;
  applicationName: string;
  /** The application's defaults for messages that do not say otherwise. */
  defaults: { callbackUrl: string; callbackStrategy: string; transcode: boolean };
  scopes: Scope[];
}

export async function authenticateToken(ctx: Ctx, token: string): Promise<ApplicationPrincipal | null> {
  if (!token || token.length > 200) return null;
  const row = await ctx.db.accessToken.findUnique({
    where: { tokenHash: digest(token) },
    include: {
      application: { select: { name: true, revokedAt: true, callbackUrl: true, callbackStrategy: true, transcode: true } },
      account: { select: { currency: true } },
    },
  });
  if (!row || row.revokedAt || row.application.revokedAt || row.expiresAt <= ctx.now()) return null;
  return {
    kind: "application",
    accountId: row.accountId,
    currency: row.account.currency,
    applicationId: row.applicationId,
    applicationName: row.application.name,
    defaults: { callbackUrl: row.application.callbackUrl, callbackStrategy: row.application.callbackStrategy, transcode: row.application.transcode },
    scopes: row.scopes.filter(isScope),
  };
}
