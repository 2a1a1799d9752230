// Route and connector writes take one transaction-scoped lock, so a route never comes to name a
// connector that a concurrent delete removes, and positions are renumbered one writer at a time.
// They are operator actions, a few a minute: one lock costs nothing.
import type { Tx } from "../context.ts";
import { txSql } from "../../db/tx-sql.ts";

const ROUTING_LOCK = 0x526f7574; // "Rout"

export async function lockRouting(tx: Tx): Promise<void> {
  await txSql(tx).query("SELECT pg_advisory_xact_lock($1::bigint)::text", [ROUTING_LOCK]);
}
