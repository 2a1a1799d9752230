// An application's request rate limit (requests per second), for lib/http/rate-limit.ts.
import type { Ctx } from "../context.ts";

export const DEFAULT_RATE_LIMIT = 100;
export const MAX_RATE_LIMIT = 100_000;

export async function readRateLimit(ctx: Ctx, applicationId: string): Promise<number> {
  const { rows } = await ctx.sql.query<{ rate_limit_per_second: number }>("SELECT rate_limit_per_second FROM applications WHERE id = $1", [applicationId]);
  return rows[0]?.rate_limit_per_second ?? DEFAULT_RATE_LIMIT;
}
