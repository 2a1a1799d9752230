// Clicks per message (its short links' counters summed) for the messages a tracking answer shows:
// one grouped read by message id.
import type { Ctx } from "../context.ts";

export interface MessageClicks {
  count: number;
  firstClickAt: Date | null;
}

export async function messageClicks(ctx: Pick<Ctx, "sql">, messageIds: readonly string[]): Promise<Map<string, MessageClicks>> {
  const ids = [...new Set(messageIds)];
  if (ids.length === 0) return new Map();
  const { rows } = await ctx.sql.query<{ message_id: string; count: number; first: Date | null }>(
    `SELECT message_id::text, sum(clicks)::int AS count, min(first_click_at) AS first FROM short_links
     WHERE message_id = ANY($1::uuid[]) GROUP BY message_id`,
    [ids],
  );
  return new Map(rows.map((r) => [r.message_id, { count: r.count, firstClickAt: r.first ? new Date(r.first) : null }]));
}
