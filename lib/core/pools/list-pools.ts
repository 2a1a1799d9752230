// GET /pools/my: the account's pools, newest first, with their numbers.
import type { Ctx } from "../context.ts";
import { poolResource } from "../../schemas/pools-serializers.ts";

export async function listPools(ctx: Ctx, input: { accountId: string; page: number; size: number }) {
  const where = { accountId: input.accountId };
  const [total, pools] = await Promise.all([
    ctx.db.numberPool.count({ where }),
    ctx.db.numberPool.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "asc" }], skip: input.page * input.size, take: input.size }),
  ]);
  const members = await ctx.db.poolNumber.findMany({ where: { poolId: { in: pools.map((p) => p.id) } }, orderBy: { addedAt: "asc" } });
  return {
    total,
    content: pools.map((p) =>
      poolResource(
        p,
        members.filter((m) => m.poolId === p.id).map((m) => m.msisdn),
      ),
    ),
  };
}
