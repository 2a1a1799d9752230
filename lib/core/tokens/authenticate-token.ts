// Resolves a bearer token to the application and account it acts for.
import type { Ctx } from "../context.ts";
import { digest } from "../../auth/hashing.ts";
import { isScope, type Scope } from "../../auth/scopes.ts";

export interface ApplicationPrincipal {
  kind: "application";
  accountId: string;
  applicationId: string;
  applicationName: string;
  scopes: Scope[];
}

export async function authenticateToken(ctx: Ctx, token: string): Promise<ApplicationPrincipal | null> {
  if (!token || token.length > 200) return null;
  const row = await ctx.db.accessToken.findUnique({
    where: { tokenHash: digest(token) },
    include: { application: { select: { name: true, revokedAt: true } } },
  });
  if (!row || row.revokedAt || row.application.revokedAt || row.expiresAt <= ctx.now()) return null;
  return {
    kind: "application",
    accountId: row.accountId,
    applicationId: row.applicationId,
    applicationName: row.application.name,
    scopes: row.scopes.filter(isScope),
  };
}
