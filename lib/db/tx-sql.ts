// The Sql executor's query() on a Prisma transaction's connection: a row lock (SELECT … FOR
// UPDATE) or a set-based statement that must commit with the model-API writes around it. The
// one place lib/ sends raw SQL through Prisma: a pg pool or PGlite connection (ctx.sql) would
// run it outside the transaction.
import type { Sql } from "./connection.ts";

/** What a Prisma client or transaction client offers for raw SQL. */
type RawClient = { $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T> };

/** `tx`'s connection as an Sql executor for single statements (values as Prisma returns them: int8 as bigint). */
export function txSql(tx: RawClient): Pick<Sql, "query"> {
  return {
    query: async <R>(text: string, values: unknown[] = []) => ({ rows: await tx.$queryRawUnsafe<R[]>(text, ...values) }),
  };
}
