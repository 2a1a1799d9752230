// Dashboard sessions: next-auth signs a JWT into a cookie; each request re-reads the user so a
// removed user or a changed role takes effect at once.
import { getToken } from "next-auth/jwt";
import type { Ctx } from "../core/context.ts";
import { env } from "../env.ts";
import type { UserPrincipal } from "../http/principal.ts";
import { isUuid } from "../ids.ts";

export async function readSession(req: Request, ctx: Ctx): Promise<UserPrincipal | null> {
  const token = await getToken({
    req: { headers: req.headers, cookies: cookieMap(req.headers.get("cookie")) } as never,
    secret: env().AUTH_SECRET,
    secureCookie: env().PUBLIC_URL.startsWith("https://"),
  });
  return token?.sub ? principalForUser(ctx, token.sub) : null;
}

export async function principalForUser(ctx: Ctx, userId: string): Promise<UserPrincipal | null> {
  if (!isUuid(userId)) return null;
  // Every dashboard request asks: one small statement through the driver, not Prisma.
  const { rows } = await ctx.sql.query<{ id: string; account_id: string; email: string; name: string; role: UserPrincipal["role"] }>(
    `SELECT id::text, account_id::text, email, name, role::text AS role FROM users WHERE id = $1::uuid`,
    [userId],
  );
  const user = rows[0];
  if (!user) return null;
  return { kind: "user", accountId: user.account_id, userId: user.id, email: user.email, name: user.name, role: user.role };
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
