// PUT /pools/my/{poolId}: changes what is given — the name, smsSettings fields, and with
// `numbers` the whole membership (numbers left out leave the pool and its sticky choices).
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { isForeignKeyViolation, isRecordGone, isUniqueViolation } from "../../db/errors.ts";
import { poolColumns, type SmsSettingsInput } from "./pool-settings.ts";
import { checkJoinable, poolNumberList, requireNotInOtherPool } from "./pool-numbers.ts";
import { poolResource } from "../../schemas/pools-serializers.ts";
import { findPool } from "./get-pool.ts";
import { normalizeMsisdn } from "../numbers/normalize-msisdn.ts";

export interface UpdatePoolInput {
  accountId: string;
  poolId: string;
  poolName?: string;
  smsSettings?: SmsSettingsInput;
  numbers?: string[];
}

export async function updatePool(ctx: Ctx, input: UpdatePoolInput) {
  const pool = await findPool(ctx, input);
  const columns = input.smsSettings ? poolColumns(input.smsSettings, "update", ctx.config.allowPrivateCallbackUrls) : {};
  const numbers = input.numbers ? await checkJoinable(ctx.db, input.accountId, pool.id, input.numbers) : null;
  const now = ctx.now();
  try {
    const updated = await ctx.db.$transaction(async (tx) => {
      const p = await tx.numberPool.update({
        where: { id: pool.id },
        data: { ...(input.poolName !== undefined ? { name: input.poolName.trim() } : {}), ...columns, updatedAt: now },
      });
      if (numbers) {
        await tx.poolNumber.deleteMany({ where: { poolId: pool.id, msisdn: { notIn: numbers } } });
        await tx.poolStickySender.deleteMany({ where: { poolId: pool.id, msisdn: { notIn: numbers } } });
        await tx.poolNumber.createMany({ data: numbers.map((msisdn) => ({ poolId: pool.id, msisdn, accountId: input.accountId, addedAt: now })), skipDuplicates: true });
        await requireNotInOtherPool(tx, pool.id, numbers);
      }
      return p;
    });
    return poolResource(updated, await poolNumberList(ctx.db, pool.id));
  } catch (err) {
    if (isUniqueViolation(err)) fail(input.poolName !== undefined ? "poolNameTaken" : "numberInOtherPool");
    if (isForeignKeyViolation(err)) numberCancelled();
    if (isRecordGone(err)) poolGone();
    throw err;
  }
}

/** POST /pools/my/{poolId}/numbers: adds rented numbers to the pool. */
export async function addPoolNumbers(ctx: Ctx, input: { accountId: string; poolId: string; numbers: string[] }) {
  const pool = await findPool(ctx, input);
  const numbers = await checkJoinable(ctx.db, input.accountId, pool.id, input.numbers);
  const now = ctx.now();
  try {
    await ctx.db.$transaction(async (tx) => {
      await tx.poolNumber.createMany({ data: numbers.map((msisdn) => ({ poolId: pool.id, msisdn, accountId: input.accountId, addedAt: now })), skipDuplicates: true });
      await requireNotInOtherPool(tx, pool.id, numbers);
      await tx.numberPool.update({ where: { id: pool.id }, data: { updatedAt: now } });
    });
  } catch (err) {
    if (isUniqueViolation(err)) fail("numberInOtherPool", { property: "numbers" });
    if (isForeignKeyViolation(err)) numberCancelled();
    if (isRecordGone(err)) poolGone();
    throw err;
  }
  return poolResource({ ...pool, updatedAt: now }, await poolNumberList(ctx.db, pool.id));
}

/** DELETE /pools/my/{poolId}/numbers/{msisdn}: the number leaves the pool (it stays rented). */
export async function removePoolNumber(ctx: Ctx, input: { accountId: string; poolId: string; msisdn: string }) {
  const pool = await findPool(ctx, input);
  const msisdn = normalizeMsisdn(input.msisdn) ?? "";
  const now = ctx.now();
  const [removed] = await ctx.db
    .$transaction([
      ctx.db.poolNumber.deleteMany({ where: { poolId: pool.id, msisdn } }),
      ctx.db.poolStickySender.deleteMany({ where: { poolId: pool.id, msisdn } }),
      ctx.db.numberPool.update({ where: { id: pool.id }, data: { updatedAt: now } }),
    ])
    .catch((err: unknown) => (isRecordGone(err) ? poolGone() : Promise.reject(err)));
  if (removed.count === 0) fail("numberNotFound", { message: `${msisdn} is not in this pool.`, property: "msisdn" });
  return poolResource({ ...pool, updatedAt: now }, await poolNumberList(ctx.db, pool.id));
}

/** DELETE /pools/my/{poolId}: the pool goes; its numbers stay rented. */
export async function deletePool(ctx: Ctx, input: { accountId: string; poolId: string }) {
  const pool = await findPool(ctx, input);
  // Two deletes at once: only the one that removed the row answers it.
  const { count } = await ctx.db.numberPool.deleteMany({ where: { id: pool.id } });
  if (count === 0) poolGone();
  return { poolId: pool.id, deleted: true };
}

/** A number was cancelled between the check and the insert (pool_numbers → rented_numbers). */
function numberCancelled(): never {
  fail("numberNotFound", { message: "A number was cancelled meanwhile; you do not rent it any more.", property: "numbers" });
}

/** The pool was deleted by another request meanwhile. */
function poolGone(): never {
  fail("poolNotFound", { property: "poolId" });
}
