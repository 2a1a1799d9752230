// One pool of the account, or 404.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { isUuid } from "../../ids.ts";
import { poolNumberList } from "./pool-numbers.ts";
import { poolResource } from "../../schemas/pools-serializers.ts";

export async function findPool(ctx: Ctx, input: { accountId: string; poolId: string }) {
  const pool = isUuid(input.poolId) ? await ctx.db.numberPool.findUnique({ where: { id: input.poolId } }) : null;
  if (!pool || pool.accountId !== input.accountId) fail("poolNotFound", { property: "poolId" });
  return pool;
}

export async function getPool(ctx: Ctx, input: { accountId: string; poolId: string }) {
  const pool = await findPool(ctx, input);
  return poolResource(pool, await poolNumberList(ctx.db, pool.id));
}
