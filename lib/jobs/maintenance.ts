// Housekeeping: access tokens that expired a day ago are of no further use; drop them.
import { vacuumDue } from "../db/autovacuum.ts";
import { defineCronJob } from "./job-shorthands.ts";

export const purgeExpiredTokens = defineCronJob("maintenance.purge-expired-tokens", "17 * * * *", { retryLimit: 2 }, async (ctx) => {
  const cutoff = new Date(ctx.now().getTime() - 24 * 3600 * 1000);
  await ctx.db.accessToken.deleteMany({ where: { OR: [{ expiresAt: { lt: cutoff } }, { revokedAt: { lt: cutoff } }] } });
});

// Where no autovacuum launcher runs (PostgreSQL with autovacuum off; embedded PGlite has none,
// and its database also does this every 10 s, lib/db/autovacuum.ts), the tables past
// autovacuum's thresholds are vacuumed and analyzed here. Without it dead rows pile up and the
// planner keeps the statistics of empty tables, which turn a 40 ms search into seconds. Where the
// launcher runs (PostgreSQL's default), it does this and the job does nothing.
export const analyzeTables = defineCronJob("maintenance.analyze", "*/10 * * * *", { retryLimit: 1 }, async (ctx) => {
  const { rows } = await ctx.sql.query<{ launcher: boolean }>(`SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE backend_type = 'autovacuum launcher') AS launcher`);
  if (rows[0]?.launcher) return;
  await vacuumDue(ctx.sql);
});
