// What a pool's delivery reports add to the SMS report: the pool that sent the message. Two
// lookups by primary key (a deleted pool leaves its messages' pool_id), made only for messages
// that have callbacks.
import type { Tx } from "../context.ts";

export async function poolCallbackFields(tx: Tx, messageId: string): Promise<{ poolId: string; poolName: string; poolStrategy: string } | null> {
  const m = await tx.message.findUnique({ where: { id: messageId }, select: { poolId: true, from: true } });
  const pool = m?.poolId ? await tx.numberPool.findUnique({ where: { id: m.poolId }, select: { id: true, name: true } }) : null;
  return m && pool ? { poolId: pool.id, poolName: pool.name, poolStrategy: /^\d+$/.test(m.from) ? "Numeric" : "Alphanumeric" } : null;
}
