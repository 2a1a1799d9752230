import type { Ctx } from "../context.ts";

export async function listApplications(ctx: Ctx, input: { accountId: string; page: number; size: number; includeRevoked?: boolean }) {
  const where = { accountId: input.accountId, ...(input.includeRevoked ? {} : { revokedAt: null }) };
  const [total, rows] = await Promise.all([
    ctx.db.application.count({ where }),
    ctx.db.application.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: input.page * input.size,
      take: input.size,
    }),
  ]);
  return { total, rows };
}
