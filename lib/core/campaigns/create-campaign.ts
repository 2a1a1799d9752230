// POST /sms/campaign: checks and resolves the campaign (prepareCampaign), then in one
// transaction stores it with its recipients, charges an immediate one, and schedules its start
// (now or at scheduledDate) and its reminder. The answer comes before any message is written.
import crypto from "node:crypto";
import type { Ctx, Tx } from "../context.ts";
import type { Campaign } from "../../db/generated/client.ts";
import { fail } from "../errors.ts";
import { wakeWorkers } from "../../jobs/wake.ts";
import { chargeAccount } from "../accounts/charge-account.ts";
import { scheduleCallback } from "../callbacks/schedule-callback.ts";
import { deliverCallback } from "../callbacks/deliver-callback.ts";
import type { CampaignBody } from "../../schemas/campaigns.ts";
import { campaignColumns, insertRecipients, prepareCampaign, type CampaignOwner, type PreparedCampaign } from "./prepare-campaign.ts";
import { campaignReminder, startCampaign } from "./campaign-jobs.ts";
import { campaignCounts } from "./campaign-counts.ts";
import { campaignProgressPayload } from "./campaign-state.ts";

export async function createCampaign(ctx: Ctx, owner: CampaignOwner, body: CampaignBody): Promise<Campaign> {
  const prepared = await prepareCampaign(ctx, owner, body);
  await ctx.enqueue.prepare([startCampaign, campaignReminder, deliverCallback]);
  const id = crypto.randomUUID();
  const now = ctx.now();
  const state = prepared.scheduledDate ? "Scheduled" : "Queued";
  const campaign = await ctx.db
    .$transaction(
      async (tx) => {
        if (state === "Queued") await chargeCampaignNow(tx, owner.accountId, id, prepared, now);
        const c = await tx.campaign.create({
          data: {
            id,
            accountId: owner.accountId,
            applicationId: owner.application?.id,
            applicationName: owner.application?.name ?? "",
            state,
            currency: owner.currency,
            createdAt: now,
            stateAt: now,
            ...campaignColumns(body, prepared),
          },
        });
        await insertRecipients(tx, id, prepared.built.recipients);
        await campaignEntered(ctx, tx, c, state === "Queued" ? "Created and queued" : `Created; scheduled for ${prepared.scheduledDate!.toISOString()}`);
        return c;
      },
      { timeout: 60_000, maxWait: 30_000 },
    )
    .catch(nameTaken(body.campaignName));
  wakeWorkers(startCampaign.name);
  wakeWorkers(deliverCallback.name);
  return campaign;
}

export async function chargeCampaignNow(tx: Tx, accountId: string, id: string, p: PreparedCampaign, at: Date) {
  await chargeAccount(tx, {
    accountId,
    amountMicros: p.built.costMicros,
    description: `Campaign ${p.name || id}: ${p.built.recipients.length} messages`,
    reference: id,
    at,
  });
}

/**
 * A campaign that has just entered Scheduled or Queued (created, or replaced by PUT): its event,
 * its callback, its start job (at scheduledDate, or now) and its reminder, each bound to the
 * campaign's version so an older schedule does nothing.
 */
export async function campaignEntered(ctx: Ctx, tx: Tx, c: Campaign, description: string) {
  await tx.campaignEvent.create({ data: { campaignId: c.id, state: c.state, description, at: c.stateAt } });
  if (c.campaignCallbackUrl && c.campaignCallbackStrategy === "OnChange")
    await scheduleCallback(ctx, tx, {
      accountId: c.accountId,
      kind: "campaign.state",
      url: c.campaignCallbackUrl,
      campaignId: c.id,
      payload: campaignProgressPayload(c, await campaignCounts(tx, c), c.stateAt),
    });
  const job = { campaignId: c.id, version: c.version };
  await ctx.enqueue(tx, startCampaign, job, c.state === "Scheduled" && c.scheduledDate ? { startAfter: c.scheduledDate } : {});
  if (c.state === "Scheduled" && c.scheduledDate && c.reminderTo.length && c.reminderMinutesBefore > 0) {
    const at = new Date(c.scheduledDate.getTime() - c.reminderMinutesBefore * 60_000);
    await ctx.enqueue(tx, campaignReminder, job, at > ctx.now() ? { startAfter: at } : {});
  }
}

/** The unique index on (account, lower(name)) catches two creates racing past the check. */
export function nameTaken(name: string | undefined) {
  return (e: unknown): never => {
    if (name && /campaigns_account_id_name_key|23505|Unique constraint/i.test(String((e as Error)?.message ?? e)))
      fail("campaignNameTaken", { property: "campaignName", entity: "campaign", value: name });
    throw e;
  };
}
