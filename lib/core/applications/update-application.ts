// Changes an active application's request rate limit.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";

export async function updateApplication(ctx: Ctx, input: { accountId: string; applicationId: string; rateLimitPerSecond: number }) {
  const { count } = await ctx.db.application.updateMany({
    where: { id: input.applicationId, accountId: input.accountId, revokedAt: null },
    data: { rateLimitPerSecond: input.rateLimitPerSecond },
  });
  if (count === 0) fail("notFound", { message: "Application not found (or revoked).", property: "applicationId" });
  return ctx.db.application.findUniqueOrThrow({ where: { id: input.applicationId } });
}
