// DELETE /numbers/my/{msisdn}: gives the number up (nothing is refunded; the month paid is
// lost). A number in a pool is refused: the pool would silently lose a sender.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { getRentedNumber } from "./get-rented-number.ts";
import { isForeignKeyViolation, isRecordGone } from "../../db/errors.ts";

export async function cancelNumber(ctx: Ctx, input: { accountId: string; msisdn: string }) {
  const { rented, poolId } = await getRentedNumber(ctx, input);
  if (poolId) {
    const pool = await ctx.db.numberPool.findUnique({ where: { id: poolId }, select: { name: true } });
    fail("numberInPool", { message: `The number is in pool "${pool?.name ?? poolId}" (${poolId}): remove it from the pool before cancelling it.`, property: "msisdn" });
  }
  const at = ctx.now();
  await ctx.db
    .$transaction([
      ctx.db.poolStickySender.deleteMany({ where: { msisdn: rented.msisdn } }),
      ctx.db.rentedNumber.delete({ where: { id: rented.id } }),
      ctx.db.numberEvent.create({ data: { accountId: rented.accountId, msisdn: rented.msisdn, kind: "Cancelled", description: "Cancelled by the account", at } }),
    ])
    .catch((err: unknown) => {
      // Added to a pool since the check above: the pool's row holds the number (ON DELETE RESTRICT).
      if (isForeignKeyViolation(err)) fail("numberInPool", { message: "The number was just added to a pool: remove it from the pool before cancelling it.", property: "msisdn" });
      // Cancelled by another request meanwhile (Prisma: the record to delete does not exist).
      if (isRecordGone(err)) fail("numberNotFound", { property: "msisdn" });
      throw err;
    });
  return { msisdn: rented.msisdn, cancelledAt: at.toISOString() };
}
