// Who fetched a tracking URL: the client address as far as trusted proxies vouch for it; and
// whether that address may have another (a few visits per second each, counted across instances).
import { clientAddress } from "@/lib/http/client-address";
import { limiter } from "@/lib/http/rate-limit";
import type { Ctx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";

/** Visits per second one client address may make to /t/. */
export const VISITS_PER_SECOND = 20;

export function visitorOf(req: Request): { ip: string; userAgent: string } {
  return { ip: clientAddress(req.headers), userAgent: req.headers.get("user-agent") ?? "" };
}

/** Seconds to wait when the address is over its visits, or 0. */
export async function visitWait(ctx: Ctx, ip: string): Promise<number> {
  try {
    await limiter.takeFor(ctx, `visitor:${ip}`, VISITS_PER_SECOND);
    return 0;
  } catch (e) {
    if (e instanceof DomainError && e.kind === "rateLimited") return Number(e.details.headers?.["Retry-After"] ?? 1);
    throw e;
  }
}
