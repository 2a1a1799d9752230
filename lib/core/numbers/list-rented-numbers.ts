// GET /numbers/my: the account's rented numbers, newest first, with their pool.
import type { Ctx } from "../context.ts";
import { catalogueColumns, fixRow } from "./list-available-numbers.ts";
import { rentedNumberResource, type CatalogueRow } from "../../schemas/numbers-serializers.ts";

export async function listRentedNumbers(ctx: Ctx, input: { accountId: string; page: number; size: number }) {
  const where = { accountId: input.accountId };
  const [total, rented] = await Promise.all([
    ctx.db.rentedNumber.count({ where }),
    ctx.db.rentedNumber.findMany({ where, orderBy: [{ rentedAt: "desc" }, { msisdn: "asc" }], skip: input.page * input.size, take: input.size }),
  ]);
  const msisdns = rented.map((r) => r.msisdn);
  const [catalogue, pools] = await Promise.all([
    ctx.sql.query<CatalogueRow>(`SELECT ${catalogueColumns} FROM available_numbers WHERE msisdn = ANY($1::text[])`, [msisdns]),
    ctx.db.poolNumber.findMany({ where: { msisdn: { in: msisdns } }, select: { msisdn: true, poolId: true } }),
  ]);
  const rows = new Map(catalogue.rows.map((r) => [r.msisdn, fixRow(r)]));
  const poolOf = new Map(pools.map((p) => [p.msisdn, p.poolId]));
  const content = rented.flatMap((r) => {
    const row = rows.get(r.msisdn);
    return row ? [{ ...rentedNumberResource(r, row), poolId: poolOf.get(r.msisdn) ?? "" }] : [];
  });
  return { total, content };
}
