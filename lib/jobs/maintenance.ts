// Housekeeping: access tokens that expired a day ago are of no further use; drop them.
import { defineCronJob } from "./job-shorthands.ts";

export const purgeExpiredTokens = defineCronJob("maintenance.purge-expired-tokens", "17 * * * *", { retryLimit: 2 }, async (ctx) => {
  const cutoff = new Date(ctx.now().getTime() - 24 * 3600 * 1000);
  await ctx.db.accessToken.deleteMany({ where: { OR: [{ expiresAt: { lt: cutoff } }, { revokedAt: { lt: cutoff } }] } });
});

// Planner statistics for the tables that grow by the thousand. Embedded PGlite has no
// autovacuum, and without statistics its planner picks nested loops that turn a 40 ms search
// into seconds. ANALYZE samples, but on millions of rows it still takes seconds of a core: where
// an autovacuum launcher runs (PostgreSQL's default), it keeps the statistics and this does not.
export const analyzeTables = defineCronJob("maintenance.analyze", "*/10 * * * *", { retryLimit: 1 }, async (ctx) => {
  const { rows } = await ctx.sql.query<{ launcher: boolean }>(`SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE backend_type = 'autovacuum launcher') AS launcher`);
  if (rows[0]?.launcher) return;
  await ctx.sql.exec("ANALYZE messages, message_parts, message_events, campaign_recipients, contacts, callbacks");
});
