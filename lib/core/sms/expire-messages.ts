// Job sms.expire (every minute): parts still waiting when their message's ttl has passed become
// Undelivered with detailed status Expired, as the spec's state table says.
import type { Ctx } from "../context.ts";
import { defineCronJob } from "../../jobs/job-shorthands.ts";
import { recordPartStatus } from "./record-part-status.ts";
import { expired } from "./statuses.ts";

export async function expireMessages(ctx: Ctx, limit = 1000): Promise<number> {
  const due = await ctx.db.message.findMany({
    where: { finalAt: null, expiresAt: { lte: ctx.now() } },
    select: { id: true, messageParts: { where: { status: { in: ["Queued", "Sent"] } }, select: { id: true } } },
    take: limit,
  });
  let count = 0;
  for (const m of due)
    await ctx.db.$transaction(async (tx) => {
      for (const p of m.messageParts) if (await recordPartStatus(ctx, tx, p.id, expired)) count += 1;
    });
  return count;
}

export const expireSms = defineCronJob("sms.expire", "* * * * *", { retryLimit: 1 }, async (ctx) => {
  while ((await expireMessages(ctx)) > 0) {
    /* drain in batches */
  }
});
