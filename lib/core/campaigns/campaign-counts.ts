// A campaign's live numbers: messages per status (recipients not yet turned into messages count
// as Queued) and its cost so far (what was charged, less what failed and was refunded).
import type { Tx } from "../context.ts";
import { smsStatuses } from "../sms/statuses.ts";

export interface CampaignCounts {
  statuses: Record<(typeof smsStatuses)[number], number>;
  costMicros: bigint;
  messages: number;
}

export async function campaignCounts(db: Tx, c: { id: string; totalMessages: number; costMicros: bigint; state: string }): Promise<CampaignCounts> {
  const statuses = Object.fromEntries(smsStatuses.map((s) => [s, 0])) as CampaignCounts["statuses"];
  if (c.state === "Scheduled") return { statuses: { ...statuses, Queued: c.totalMessages }, costMicros: c.costMicros, messages: 0 };
  const rows = await db.$queryRawUnsafe<{ status: string; n: number; refunded: bigint | null }[]>(
    `SELECT status, count(*)::int AS n,
            sum(CASE WHEN status IN ('Failed', 'Unsent') THEN price_micros ELSE 0 END)::bigint AS refunded
     FROM messages WHERE campaign_id = $1::uuid GROUP BY status`,
    c.id,
  );
  let messages = 0;
  let refunded = 0n;
  for (const r of rows) {
    if (r.status in statuses) statuses[r.status as keyof typeof statuses] += Number(r.n);
    messages += Number(r.n);
    refunded += BigInt(r.refunded ?? 0);
  }
  statuses.Queued += Math.max(0, c.totalMessages - messages);
  return { statuses, costMicros: c.costMicros - refunded, messages };
}
