// A campaign's history for its dashboard page: the state changes (campaign_events) and how many
// of its messages were in each status over time, from its messages' status events.
//
// A message moves Queued → Sent → one final status (Delivered, Undelivered, Failed, Unsent), and
// may skip Sent. It leaves Queued at its first event that is not Queued (a part handed to the
// carrier, or refused), and it is final at final_at with the status it has now. The database
// counts messages per (bucket written, bucket left Queued, bucket final, status) in one pass;
// here those moves are added up bucket by bucket.
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

  // One row per group of messages that moved alike: the buckets in which each was written,
  // left Queued and became final, whether it was Sent in between, and its status now.
  const bucket = (col: string) => `CASE WHEN ${col} IS NULL THEN NULL ELSE greatest(0, floor(extract(epoch FROM (${col} - $2::timestamptz)) / $3))::int END`;
  const { rows } = await ctx.sql.query<{ written: number; left_queue: number | null; final: number | null; via_sent: boolean; status: string; n: number }>(
    // A message leaves Queued when its first part is submitted (campaign messages keep that in
    // the parts' submitted_at, not as events), or when it becomes final without being sent.
    // (Aggregating the parts once is 2–3× faster than a lookup per message.)
    `WITH first_move AS (
       SELECT p.message_id, min(p.submitted_at) AS at FROM message_parts p JOIN messages x ON x.id = p.message_id
       WHERE x.campaign_id = $1::uuid GROUP BY p.message_id
     ), m AS (
       SELECT m.created_at, m.status, m.final_at, coalesce(f.at, m.final_at) AS left_queue
       FROM messages m LEFT JOIN first_move f ON f.message_id = m.id WHERE m.campaign_id = $1::uuid
     )
     SELECT ${bucket("created_at")} AS written, ${bucket("left_queue")} AS left_queue, ${bucket("final_at")} AS final,
            (left_queue IS NOT NULL AND (final_at IS NULL OR left_queue < final_at)) AS via_sent, status, count(*)::int AS n
     FROM m GROUP BY 1, 2, 3, 4, 5`,
    [c.id, origin, bucketSeconds],
  );

  const buckets = Math.max(1, Math.ceil((until.getTime() - origin.getTime()) / 1000 / bucketSeconds));
  const deltas = Array.from({ length: buckets }, () => ({ written: 0, moves: new Map<string, number>() }));
  const move = (b: number, status: string, n: number) => {
    const d = deltas[Math.min(b, buckets - 1)].moves;
    d.set(status, (d.get(status) ?? 0) + n);
  };
  for (const r of rows) {
    const n = Number(r.n);
    deltas[Math.min(Number(r.written), buckets - 1)].written += n;
    move(Number(r.written), "Queued", n);
    if (r.left_queue !== null) move(Number(r.left_queue), "Queued", -n);
    if (r.via_sent) move(Number(r.left_queue), "Sent", n);
    if (r.final !== null) {
      if (r.via_sent) move(Number(r.final), "Sent", -n);
      move(Number(r.final), r.status, n);
    }
  }
  const running = Object.fromEntries(smsStatuses.map((s) => [s, 0])) as Record<SmsStatus, number>;
  let written = 0;
  const series: SeriesPoint[] = [{ at: origin, ...running, Queued: c.totalMessages }];
  for (let b = 0; b < buckets; b++) {
    written += deltas[b].written;
    for (const [status, n] of deltas[b].moves) if (status in running) running[status as SmsStatus] += n;
    const at = new Date(Math.min(origin.getTime() + (b + 1) * bucketSeconds * 1000, until.getTime()));
    series.push({ at, ...running, Queued: running.Queued + Math.max(0, c.totalMessages - written) });
  }
  return { events, bucketSeconds, series };
}
