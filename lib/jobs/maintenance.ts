// Housekeeping: access tokens that expired a day ago are of no further use; drop them.
import { z } from "zod";
import { defineJob } from "./job.ts";

export const purgeExpiredTokens = defineJob({
  name: "maintenance.purge-expired-tokens",
  payload: z.object({}).passthrough(),
  cron: "17 * * * *",
  retryLimit: 2,
  async handler(ctx) {
    const cutoff = new Date(ctx.now().getTime() - 24 * 3600 * 1000);
    await ctx.db.accessToken.deleteMany({ where: { OR: [{ expiresAt: { lt: cutoff } }, { revokedAt: { lt: cutoff } }] } });
  },
});
