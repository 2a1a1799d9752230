// A rented number as the dashboard shows it: the resource, its pool and its recent history.
import type { Ctx } from "../context.ts";
import { getRentedNumber } from "./get-rented-number.ts";
import { rentedNumberResource } from "../../schemas/numbers-serializers.ts";
import { fromMicros } from "../../money.ts";

export async function numberDetails(ctx: Ctx, input: { accountId: string; msisdn: string }) {
  const { rented, row, poolId } = await getRentedNumber(ctx, input);
  const [pool, events] = await Promise.all([
    poolId ? ctx.db.numberPool.findUnique({ where: { id: poolId }, select: { id: true, name: true } }) : null,
    ctx.db.numberEvent.findMany({ where: { accountId: input.accountId, msisdn: rented.msisdn }, orderBy: { at: "desc" }, take: 20 }),
  ]);
  return {
    ...rentedNumberResource(rented, row),
    pool: pool ? { poolId: pool.id, poolName: pool.name } : null,
    events: events.map((e) => ({ kind: e.kind, description: e.description, amount: fromMicros(e.amountMicros), at: e.at.toISOString() })),
  };
}
