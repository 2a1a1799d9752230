// Dashboard sessions: next-auth signs a JWT into a cookie; each request re-reads the user so a
// removed user, a changed role or platform administrator flag, the suspension of the user's
// account (403 accountSuspended) and a raised session version (the user's sessions ended: a
// password change, "sign out everywhere") take effect at once.
import { getToken } from "next-auth/jwt";
import type { Ctx } from "../core/context.ts";
import { env } from "../env.ts";
import type { UserPrincipal } from "../http/principal.ts";
import { isUuid } from "../ids.ts";
import { refuseSuspended } from "../core/accounts/suspension.ts";

export async function readSession(req: Request, ctx: Ctx): Promise<UserPrincipal | null> {
  const token = await sessionToken(req.headers);
  return token?.sub ? principalForUser(ctx, token.sub, Number(token.sv ?? 0)) : null;
}

interface SessionToken {
  sub?: string;
  sv?: unknown;
  /** Seconds since the epoch. */
  exp?: unknown;
}

// next-auth's getToken derives its key (HKDF) and decrypts the cookie's JWE on every call, each
// a trip through the thread pool: about 1 ms of every dashboard request (B4 in
// docs/performance.md). What a cookie decrypts to depends on its text alone, so a token that
// decrypted and verified is kept by the text that carried it, until the token's own expiry; the
// user is still read on every request (principalForUser). Only verified tokens are kept, a few
// hundred at most.
const MAX_KEPT = 500;
const verified = new Map<string, SessionToken>();

async function sessionToken(headers: Headers): Promise<SessionToken | null> {
  const cookie = headers.get("cookie");
  const key = `${cookie ?? ""}\n${headers.get("authorization") ?? ""}`;
  const kept = verified.get(key);
  if (kept && Number(kept.exp) * 1000 > Date.now()) return kept;
  const token = (await getToken({
    req: { headers, cookies: cookieMap(cookie) } as never,
    secret: env().AUTH_SECRET,
    secureCookie: env().PUBLIC_URL.startsWith("https://"),
  })) as SessionToken | null;
  if (kept) verified.delete(key);
  if (token && Number.isFinite(Number(token.exp))) {
    if (verified.size >= MAX_KEPT) verified.clear();
    verified.set(key, token);
  }
  return token;
}

/** The user of a session signed in under `sessionVersion`, or null when that session has ended. */
export async function principalForUser(ctx: Ctx, userId: string, sessionVersion = 0): Promise<UserPrincipal | null> {
  if (!isUuid(userId)) return null;
  // Every dashboard request asks: one small statement through the driver, not Prisma.
  const { rows } = await ctx.sql.query<{
    id: string;
    account_id: string;
    email: string;
    name: string;
    role: UserPrincipal["role"];
    platform_admin: boolean;
    suspended_at: Date | null;
    suspended_reason: string;
    session_version: number;
    two_factor_pending: boolean;
  }>(
    `SELECT u.id::text, u.account_id::text, u.email, u.name, u.role::text AS role, u.platform_admin, a.suspended_at, a.suspended_reason, u.session_version,
            (COALESCE(p.required, false) AND t.enabled_at IS NULL) AS two_factor_pending
       FROM users u JOIN accounts a ON a.id = u.account_id
       LEFT JOIN two_factor_policies p ON p.account_id = u.account_id LEFT JOIN user_two_factor t ON t.user_id = u.id
      WHERE u.id = $1::uuid`,
    [userId],
  );
  const user = rows[0];
  if (!user || user.session_version !== sessionVersion) return null;
  refuseSuspended({ suspendedAt: user.suspended_at, suspendedReason: user.suspended_reason }, "Its users are signed out");
  const pending = user.two_factor_pending ? { twoFactorPending: true } : {};
  return { kind: "user", accountId: user.account_id, userId: user.id, email: user.email, name: user.name, role: user.role, platformAdmin: user.platform_admin, ...pending };
}

function cookieMap(header: string | null): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const i = part.indexOf("=");
    if (i <= 0) continue;
    const raw = part.slice(i + 1).trim();
    try {
      map.set(part.slice(0, i).trim(), decodeURIComponent(raw));
    } catch {
      map.set(part.slice(0, i).trim(), raw);
    }
  }
  return map;
}
