// The nightly retention run: for each account, what is older than its retention goes, a small
// batch per statement on the (account_id, created_at) indexes with a pause between batches, so no
// statement holds locks for long and the API beside it keeps its latency. A message's parts go in
// the same statement (they have no foreign key: 20261122160000_parts_without_fk), its events, a
// callback's attempts and an email's links and events by ON DELETE CASCADE. The reporting home's
// hourly rollups are not touched: their aggregates stay. SMS short links that have expired go too
// (lib/core/links/prune-short-links.ts).
import type { Ctx } from "../context.ts";
import { defineCronJob } from "../../jobs/job-shorthands.ts";
import { pruneShortLinks } from "../links/prune-short-links.ts";

export interface PruneOptions {
  /** Rows per statement (default 1,000). */
  batchSize?: number;
  /** Pause between statements, in ms (default 20). */
  pauseMs?: number;
}

/** What a run deleted, per table (the rows deleted with them by cascade not counted). */
export interface Pruned {
  messages: number;
  callbacks: number;
  emails: number;
  /** SMS short links (expired ones only), with their clicks. */
  shortLinks: number;
}

// The tables a retention covers, each deleted by its account and creation time, with what the
// statement must delete beside them.
const TABLES = {
  messages: `, parts AS (DELETE FROM message_parts p USING doomed WHERE p.message_id = doomed.id)`,
  callbacks: "",
  emails: "",
} as const;

export async function pruneExpired(ctx: Ctx, options: PruneOptions = {}): Promise<Pruned> {
  const batchSize = options.batchSize ?? 1000;
  const pauseMs = options.pauseMs ?? 20;
  const now = ctx.now();
  const { rows: accounts } = await ctx.sql.query<{ id: string; days: number }>(
    `SELECT a.id::text, COALESCE(r.days, $1)::int AS days FROM accounts a LEFT JOIN retention_policies r ON r.account_id = a.id ORDER BY a.id`,
    [ctx.config.retentionDays],
  );
  const pruned: Pruned = { messages: 0, callbacks: 0, emails: 0, shortLinks: 0 };
  for (const account of accounts) {
    const before = new Date(now.getTime() - account.days * 86_400_000);
    for (const [table, beside] of Object.entries(TABLES) as [keyof typeof TABLES, string][])
      for (;;) {
        const { rows } = await ctx.sql.query<{ n: number }>(
          `WITH doomed AS (SELECT id FROM ${table} WHERE account_id = $1::uuid AND created_at < $2 LIMIT $3)${beside},
                gone AS (DELETE FROM ${table} t USING doomed WHERE t.id = doomed.id RETURNING 1)
           SELECT count(*)::int AS n FROM gone`,
          [account.id, before, batchSize],
        );
        const n = rows[0]?.n ?? 0;
        pruned[table] += n;
        if (n < batchSize) break;
        if (pauseMs > 0) await new Promise((r) => setTimeout(r, pauseMs));
      }
    pruned.shortLinks += await pruneShortLinks(ctx, account.id, before, { batchSize, pauseMs });
  }
  return pruned;
}

export const pruneExpiredJob = defineCronJob("retention.prune", "17 3 * * *", { retryLimit: 2, expireInSeconds: 6 * 3600 }, (ctx) => pruneExpired(ctx));
