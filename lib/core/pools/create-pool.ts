// POST /pools/my: a pool with its smsSettings (defaults: sticky and geomatch on) and, optionally,
// the rented numbers it starts with.
import crypto from "node:crypto";
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { isForeignKeyViolation, isUniqueViolation } from "../../db/errors.ts";
import { poolColumns, type SmsSettingsInput } from "./pool-settings.ts";
import { checkJoinable } from "./pool-numbers.ts";
import { poolResource } from "../../schemas/pools-serializers.ts";

export interface CreatePoolInput {
  accountId: string;
  poolName: string;
  smsSettings: SmsSettingsInput;
  numbers?: string[];
}

export async function createPool(ctx: Ctx, input: CreatePoolInput) {
  const name = input.poolName.trim();
  const columns = poolColumns(input.smsSettings, "create", ctx.config.allowPrivateCallbackUrls);
  const numbers = await checkJoinable(ctx.db, input.accountId, null, input.numbers ?? []);
  const now = ctx.now();
  const id = crypto.randomUUID();
  try {
    const pool = await ctx.db.$transaction(async (tx) => {
      const p = await tx.numberPool.create({ data: { id, accountId: input.accountId, name, ...columns, createdAt: now, updatedAt: now } });
      if (numbers.length) await tx.poolNumber.createMany({ data: numbers.map((msisdn) => ({ poolId: id, msisdn, accountId: input.accountId, addedAt: now })) });
      return p;
    });
    return poolResource(pool, numbers);
  } catch (err) {
    if (isUniqueViolation(err)) {
      const named = await ctx.db.numberPool.findFirst({ where: { accountId: input.accountId, name }, select: { id: true } });
      if (named) fail("poolNameTaken", { property: "poolName" });
      fail("numberInOtherPool", { property: "numbers" });
    }
    if (isForeignKeyViolation(err)) fail("numberNotFound", { message: "A number was cancelled meanwhile; you do not rent it any more.", property: "numbers" });
    throw err;
  }
}
