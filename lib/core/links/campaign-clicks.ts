// A campaign's clicks: totals, unique clickers, click-through rate and per link, from its short
// links' counters (one grouped read over the campaign's index), and clicks over time from the
// clicks themselves. Prefetches (link previews, HEAD) are counted apart, never as clicks.
import type { Ctx } from "../context.ts";

export interface CampaignClicks {
  total: number;
  uniqueClickers: number;
  clickThroughRate: number;
  prefetches: number;
  links: { position: number; url: string; clicks: number; uniqueClickers: number }[];
}

export const noClicks = (): CampaignClicks => ({ total: 0, uniqueClickers: 0, clickThroughRate: 0, prefetches: 0, links: [] });

export async function campaignClicks(ctx: Pick<Ctx, "sql">, campaignId: string): Promise<CampaignClicks> {
  const [perLink, people] = await Promise.all([
    ctx.sql.query<{ position: number; url: string; clicks: number; unique_clickers: number; prefetches: number }>(
      `SELECT position, min(url) AS url, sum(clicks)::int AS clicks, (count(*) FILTER (WHERE clicks > 0))::int AS unique_clickers,
              sum(prefetches)::int AS prefetches
       FROM short_links WHERE campaign_id = $1::uuid GROUP BY position ORDER BY position`,
      [campaignId],
    ),
    ctx.sql.query<{ clickers: number; recipients: number }>(
      `SELECT (count(DISTINCT message_id) FILTER (WHERE clicks > 0))::int AS clickers, count(DISTINCT message_id)::int AS recipients
       FROM short_links WHERE campaign_id = $1::uuid`,
      [campaignId],
    ),
  ]);
  const { clickers = 0, recipients = 0 } = people.rows[0] ?? {};
  return {
    total: perLink.rows.reduce((n, r) => n + r.clicks, 0),
    uniqueClickers: clickers,
    clickThroughRate: recipients ? Math.round((clickers / recipients) * 10_000) / 10_000 : 0,
    prefetches: perLink.rows.reduce((n, r) => n + r.prefetches, 0),
    links: perLink.rows.map((r) => ({ position: r.position, url: r.url, clicks: r.clicks, uniqueClickers: r.unique_clickers })),
  };
}

/** Clicks per hour (per minute within the first two hours of clicks), prefetches left out. */
export async function campaignClicksOverTime(ctx: Pick<Ctx, "sql">, campaignId: string): Promise<{ unit: "minute" | "hour"; points: { at: Date; clicks: number }[] }> {
  const span = await ctx.sql.query<{ first: Date | null; last: Date | null }>(`SELECT min(at) AS first, max(at) AS last FROM link_clicks WHERE campaign_id = $1::uuid AND NOT prefetch`, [campaignId]);
  const { first, last } = span.rows[0] ?? { first: null, last: null };
  if (!first || !last) return { unit: "hour", points: [] };
  const unit = new Date(last).getTime() - new Date(first).getTime() <= 2 * 3_600_000 ? "minute" : "hour";
  const { rows } = await ctx.sql.query<{ at: Date; clicks: number }>(
    `SELECT date_trunc('${unit}', at) AS at, count(*)::int AS clicks FROM link_clicks
     WHERE campaign_id = $1::uuid AND NOT prefetch GROUP BY 1 ORDER BY 1`,
    [campaignId],
  );
  return { unit, points: rows.map((r) => ({ at: new Date(r.at), clicks: r.clicks })) };
}
