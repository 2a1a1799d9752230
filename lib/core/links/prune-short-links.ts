// Retention of SMS short links: an account's links that no longer work (past expires_at) and are
// older than its retention window go, with their visits (link_clicks), in small batches like the
// rest of the retention run (lib/core/retention/prune-expired.ts). A link still working stays,
// even past the window (trackLinksTtlDays longer than the retention), and answers until its end;
// then the next run deletes it. Its campaign's click totals go with it.
import type { Ctx } from "../context.ts";

const statement = `
WITH doomed AS (
  SELECT code, message_id FROM short_links
   WHERE account_id = $1::uuid AND created_at < $2 AND expires_at <= $3
   LIMIT $4
), clicks AS (
  DELETE FROM link_clicks c USING doomed WHERE c.message_id = doomed.message_id AND c.code = doomed.code
), gone AS (
  DELETE FROM short_links s USING doomed WHERE s.code = doomed.code RETURNING 1
)
SELECT count(*)::int AS n FROM gone`;

/** Deletes the account's expired links created before `before`; answers how many went. */
export async function pruneShortLinks(ctx: Pick<Ctx, "sql" | "now">, accountId: string, before: Date, options: { batchSize: number; pauseMs: number }): Promise<number> {
  const now = ctx.now();
  let total = 0;
  for (;;) {
    const { rows } = await ctx.sql.query<{ n: number }>(statement, [accountId, before, now, options.batchSize]);
    const n = rows[0]?.n ?? 0;
    total += n;
    if (n < options.batchSize) return total;
    if (options.pauseMs > 0) await new Promise((r) => setTimeout(r, options.pauseMs));
  }
}
