// Outbound parts each of many accounts sent in a span (the operator's account list: the last 24
// hours and 7 days), on tables of any size: the whole hours the hourly rollup has computed come
// from report_hours (report-rollup.ts), and the rest (the span's partial first and last hours,
// the current hour, hours not rolled up yet) is counted live through the parts' (account_id,
// created_at) index, as the reporting home does (overview.ts).
import type { Ctx } from "../context.ts";
import { floorHour, HOUR_MS } from "./report-rollup.ts";

/** Parts sent by each account in [from, to]; every account asked for is in the answer. */
export async function partsSent(ctx: Ctx, accountIds: readonly string[], from: Date, to: Date): Promise<Map<string, number>> {
  const out = new Map(accountIds.map((id) => [id, 0]));
  if (accountIds.length === 0 || to < from) return out;
  const firstFull = Math.ceil(from.getTime() / HOUR_MS) * HOUR_MS;
  const fullEnd = floorHour(to.getTime());
  const rolled =
    firstFull < fullEnd
      ? (
          await ctx.sql.query<{ hour: Date | string }>(`SELECT hour FROM report_rollups WHERE hour >= $1 AND hour < $2 AND computed_at >= hour + interval '1 hour' ORDER BY hour`, [
            new Date(firstFull),
            new Date(fullEnd),
          ])
        ).rows.map((r) => new Date(r.hour).getTime())
      : [];
  // The span minus the rolled-up hours; the last piece includes `to` itself.
  const live: [Date, Date][] = [];
  let cursor = from.getTime();
  for (const h of rolled) {
    if (h > cursor) live.push([new Date(cursor), new Date(h)]);
    cursor = h + HOUR_MS;
  }
  if (cursor <= to.getTime()) live.push([new Date(cursor), new Date(to.getTime() + 1)]);
  const add = (rows: { account_id: string; n: string | number }[]) => {
    for (const r of rows) out.set(r.account_id, (out.get(r.account_id) ?? 0) + Number(r.n));
  };
  await Promise.all([
    rolled.length
      ? ctx.sql
          .query<{ account_id: string; n: string }>(
            `SELECT account_id::text, sum(parts)::bigint AS n FROM report_hours WHERE account_id = ANY($1::uuid[]) AND hour = ANY($2::timestamptz[]) GROUP BY account_id`,
            [accountIds, rolled.map((h) => new Date(h))],
          )
          .then((r) => add(r.rows))
      : null,
    live.length
      ? ctx.sql
          .query<{ account_id: string; n: string }>(
            `SELECT a.id::text AS account_id, sum(c.n)::bigint AS n
               FROM unnest($1::uuid[]) a(id)
               CROSS JOIN unnest($2::timestamptz[], $3::timestamptz[]) r(lo, hi)
               CROSS JOIN LATERAL (SELECT count(*) AS n FROM message_parts p JOIN messages m ON m.id = p.message_id
                                    WHERE p.account_id = a.id AND p.created_at >= r.lo AND p.created_at < r.hi AND m.direction = 'Outbound') c
              GROUP BY a.id`,
            [accountIds, live.map((r) => r[0]), live.map((r) => r[1])],
          )
          .then((r) => add(r.rows))
      : null,
  ]);
  return out;
}
