// Resolves a bearer token to the application and account it acts for.
//
// Every API request goes through here, so it is one raw SQL statement (the token, its
// application and the account's currency in one round trip) instead of a Prisma query, which
// cost ≈ 1.5 ms of CPU and three statements per request (docs/performance.md). Nothing is
// cached across requests; requests with the same token that arrive while its lookup is running
// share that lookup's answer ("single flight": under load most of a client's requests do). So a
// revoked application, a revoked or expired token, or a changed application default (callback,
// transcode) takes effect for every request that arrives after the change plus at most one
// lookup's time (a few milliseconds), also when another process made the change. So does the
// suspension of the account (the token is refused with 403 accountSuspended, not 401: it is
// valid, and works again once the operator reactivates the account).
import type { Ctx } from "../context.ts";
import type { Sql } from "../../db/connection.ts";
import { refuseSuspended } from "../accounts/suspension.ts";
import { digest } from "../secrets/hashing.ts";
import { isScope, type Scope } from "./scopes.ts";

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

interface TokenRow {
  account_id: string;
  application_id: string;
  scopes: string[];
  expires_at: Date;
  name: string;
  callback_url: string;
  callback_strategy: string;
  transcode: boolean;
  currency: string;
  suspended_at: Date | null;
  suspended_reason: string;
}

// Revoked tokens and tokens of revoked applications match no row; expiry is compared with
// ctx.now() below, so a context with its own clock decides.
const lookup = `
  SELECT t.account_id, t.application_id, t.scopes, t.expires_at,
         a.name, a.callback_url, a.callback_strategy, a.transcode, c.currency,
         c.suspended_at, c.suspended_reason
    FROM access_tokens t
    JOIN applications a ON a.id = t.application_id
    JOIN accounts c ON c.id = t.account_id
   WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND a.revoked_at IS NULL`;

const running = new WeakMap<Sql, Map<string, Promise<TokenRow | undefined>>>();

function lookUp(sql: Sql, hash: string): Promise<TokenRow | undefined> {
  let byHash = running.get(sql);
  if (!byHash) running.set(sql, (byHash = new Map()));
  let row = byHash.get(hash);
  if (!row) {
    const mine = sql.query<TokenRow>(lookup, [hash]).then((r) => r.rows[0]);
    row = mine.finally(() => byHash.get(hash) === row && byHash.delete(hash));
    byHash.set(hash, row);
  }
  return row;
}

export async function authenticateToken(ctx: Ctx, token: string): Promise<ApplicationPrincipal | null> {
  if (!token || token.length > 200) return null;
  const row = await lookUp(ctx.sql, digest(token));
  if (!row || new Date(row.expires_at) <= ctx.now()) return null;
  refuseSuspended({ suspendedAt: row.suspended_at, suspendedReason: row.suspended_reason }, "Its API tokens are refused");
  return {
    kind: "application",
    accountId: row.account_id,
    currency: row.currency,
    applicationId: row.application_id,
    applicationName: row.name,
    defaults: { callbackUrl: row.callback_url, callbackStrategy: row.callback_strategy, transcode: row.transcode },
    scopes: row.scopes.filter(isScope),
  };
}
