// How fast this worker's carrier may submit: what the send jobs weigh a claim of more work against.
import type { Ctx } from "../context.ts";

/**
 * submit_sm per second over the carrier's binds (counted as at least `minBinds`); Infinity when its
 * SMSC sets no rate, NaN when it sets none and no bind is up.
 */
export async function carrierRate(ctx: Ctx, minBinds = 0): Promise<number> {
  const { binds, submitsPerSecond = Infinity } = (await ctx.carrier()).stats();
  return Math.max(minBinds, binds) * submitsPerSecond;
}
