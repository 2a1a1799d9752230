// A rented number of the account with its catalogue row (the path's msisdn may lack the '+').
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { normalizeMsisdn } from "./normalize-msisdn.ts";
import { catalogueRow } from "./rent-number.ts";

export async function getRentedNumber(ctx: Ctx, input: { accountId: string; msisdn: string }) {
  const msisdn = normalizeMsisdn(input.msisdn);
  const rented = msisdn ? await ctx.db.rentedNumber.findUnique({ where: { msisdn } }) : null;
  if (!rented || rented.accountId !== input.accountId) fail("numberNotFound", { property: "msisdn" });
  const row = await catalogueRow(ctx, rented.msisdn);
  if (!row) fail("numberNotFound", { property: "msisdn" });
  const pool = await ctx.db.poolNumber.findUnique({ where: { msisdn: rented.msisdn }, select: { poolId: true } });
  return { rented, row, poolId: pool?.poolId ?? null };
}
