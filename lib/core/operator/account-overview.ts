// One account as the operator console shows it: the account, its users, its traffic, and what a
// suspension holds back (campaigns not done sending, parked jobs).
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { usageOf } from "./list-accounts.ts";

export async function accountOverview(ctx: Ctx, accountId: string) {
  const account = await ctx.db.account.findUnique({
    where: { id: accountId },
    include: { users: { select: { id: true, email: true, name: true, role: true, platformAdmin: true, lastLoginAt: true }, orderBy: [{ createdAt: "asc" }, { email: "asc" }] } },
  });
  if (!account) fail("accountNotFound");
  const [usage, openCampaigns, parkedJobs] = await Promise.all([
    usageOf(ctx, [accountId]),
    ctx.db.campaign.count({ where: { accountId, state: { in: ["Scheduled", "Queued", "Running"] } } }),
    ctx.db.parkedJob.count({ where: { accountId } }),
  ]);
  return { account, users: account.users, ...usage(accountId), openCampaigns, parkedJobs };
}
