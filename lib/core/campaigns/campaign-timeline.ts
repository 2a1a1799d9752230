// A campaign's history for its dashboard page: the state changes (campaign_events) and how many
// of its messages were in each status over time, from its messages' status events.
//
// A message moves Queued → Sent → one final status (Delivered, Undelivered, Failed, Unsent), and
// may skip Sent. It leaves Queued at its first event that is not Queued (a part handed to the
// carrier, or refused), and it is final at final_at with the status it has now. The database
// sums those moves per time bucket and per status; here they are added up bucket by bucket.
// Recipients not yet written as messages count as Queued from the campaign's start, as the
// campaign's counts do.
import type { Ctx } from "../context.ts";
import type { Campaign } from "../../db/generated/client.ts";
import { smsStatuses, type SmsStatus } from "../sms/statuses.ts";

export interface CampaignEventItem {
  state: string;
  description: string;
  at: Date;
}

export type SeriesPoint = { at: Date } & Record<SmsStatus, number>;

export interface CampaignTimeline {
  events: CampaignEventItem[];
  /** Width of a bucket; each point holds the counts at the end of its bucket. */
  bucketSeconds: number;
  series: SeriesPoint[];
}

/** Bucket widths that read well on an axis, in seconds. */
const STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200, 86_400, 172_800, 604_800];
export const MAX_POINTS = 90;

/** The smallest step that covers `spanMs` in at most MAX_POINTS buckets. */
export function bucketSecondsFor(spanMs: number): number {
  const seconds = Math.max(1, spanMs / 1000);
  return STEPS.find((s) => seconds / s <= MAX_POINTS) ?? Math.ceil(seconds / MAX_POINTS / 86_400) * 86_400;
}

export async function campaignTimeline(ctx: Ctx, c: Campaign): Promise<CampaignTimeline> {
  const events = await ctx.db.campaignEvent.findMany({
    where: { campaignId: c.id },
    orderBy: [{ at: "asc" }, { id: "asc" }],
    select: { state: true, description: true, at: true },
  });
  if (c.state === "Scheduled" || c.state === "Queued" || !c.startedAt) return { events, bucketSeconds: 0, series: [] };

  const origin = c.startedAt;
  const end = c.endedAt ?? ctx.now();
  // Receipts can land a little after the campaign's final state; the series runs to the last move.
  const last = await ctx.sql.query<{ at: Date | null }>(`SELECT max(coalesce(final_at, status_at)) AS at FROM messages WHERE campaign_id = $1::uuid`, [c.id]);
  const lastMove = last.rows[0]?.at ? new Date(last.rows[0].at) : null;
  const until = new Date(Math.max(end.getTime(), lastMove?.getTime() ?? 0, origin.getTime() + 1000));
  const bucketSeconds = bucketSecondsFor(until.getTime() - origin.getTime());

  const { rows } = await ctx.sql.query<{ bucket: number; status: string; delta: number }>(
    `WITH m AS (
       SELECT m.created_at, m.status, m.final_at,
              coalesce((SELECT min(e.at) FROM message_events e WHERE e.message_id = m.id AND e.status <> 'Queued'), m.final_at) AS left_queue
       FROM messages m WHERE m.campaign_id = $1::uuid
     ), moves AS (
       SELECT created_at AS at, 'Queued' AS status, 1 AS delta FROM m
       UNION ALL SELECT created_at, 'written', 1 FROM m
       UNION ALL SELECT left_queue, 'Queued', -1 FROM m WHERE left_queue IS NOT NULL
       UNION ALL SELECT left_queue, 'Sent', 1 FROM m WHERE left_queue IS NOT NULL AND (final_at IS NULL OR left_queue < final_at)
       UNION ALL SELECT final_at, 'Sent', -1 FROM m WHERE final_at IS NOT NULL AND left_queue < final_at
       UNION ALL SELECT final_at, status, 1 FROM m WHERE final_at IS NOT NULL
     )
     SELECT greatest(0, floor(extract(epoch FROM (at - $2::timestamptz)) / $3))::int AS bucket, status, sum(delta)::int AS delta
     FROM moves GROUP BY 1, 2 ORDER BY 1`,
    [c.id, origin, bucketSeconds],
  );

  const buckets = Math.max(1, Math.ceil((until.getTime() - origin.getTime()) / 1000 / bucketSeconds));
  const deltas = new Map<number, { status: string; delta: number }[]>();
  for (const r of rows) {
    const b = Math.min(Number(r.bucket), buckets - 1);
    deltas.set(b, [...(deltas.get(b) ?? []), { status: r.status, delta: Number(r.delta) }]);
  }
  const running = Object.fromEntries(smsStatuses.map((s) => [s, 0])) as Record<SmsStatus, number>;
  let written = 0;
  const series: SeriesPoint[] = [{ at: origin, ...running, Queued: c.totalMessages }];
  for (let b = 0; b < buckets; b++) {
    for (const d of deltas.get(b) ?? []) {
      if (d.status === "written") written += d.delta;
      else if (d.status in running) running[d.status as SmsStatus] += d.delta;
    }
    const at = new Date(Math.min(origin.getTime() + (b + 1) * bucketSeconds * 1000, until.getTime()));
    series.push({ at, ...running, Queued: running.Queued + Math.max(0, c.totalMessages - written) });
  }
  return { events, bucketSeconds, series };
}
