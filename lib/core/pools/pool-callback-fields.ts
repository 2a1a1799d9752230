// What a pool's delivery reports add to the SMS report: the pool that sent the message. One
// lookup by the message's primary key, made only for messages that have callbacks.
import type { Tx } from "../context.ts";

export async function poolCallbackFields(tx: Tx, messageId: string): Promise<{ poolId: string; poolName: string; poolStrategy: string } | null> {
  const rows = await tx.$queryRaw<{ id: string; name: string; from: string }[]>`
    SELECT p.id::text AS id, p.name, m."from" FROM messages m JOIN number_pools p ON p.id = m.pool_id WHERE m.id = ${messageId}::uuid`;
  const r = rows[0];
  return r ? { poolId: r.id, poolName: r.name, poolStrategy: /^\d+$/.test(r.from) ? "Numeric" : "Alphanumeric" } : null;
}
