// PUT /sms/{trackingId}: replaces a Scheduled campaign's parameters and recipients. With a
// scheduledDate it stays Scheduled (start and reminder move with it); without one it is charged
// and sent now. Any other state answers 400009002.
import type { Ctx } from "../context.ts";
import { Prisma, type Campaign } from "../../db/generated/client.ts";
import { fail } from "../errors.ts";
import { txSql } from "../../db/tx-sql.ts";
import { isUuid } from "../../ids.ts";
import { deliverCallback } from "../callbacks/deliver-callback.ts";
import type { CampaignBody } from "../../schemas/campaigns.ts";
import { campaignColumns, insertRecipients, prepareCampaign, type CampaignOwner } from "./prepare-campaign.ts";
import { startCampaign } from "./campaign-jobs.ts";
import { campaignEntered, chargeCampaignNow, nameTaken } from "./create-campaign.ts";

export async function findOwnCampaign(ctx: Ctx, accountId: string, id: string): Promise<Campaign> {
  const c = isUuid(id) ? await ctx.db.campaign.findFirst({ where: { id, accountId, state: { not: "Draft" } } }) : null;
  if (!c) fail("campaignNotFound", { property: "trackingId", entity: "campaign", value: id });
  return c;
}

export async function updateCampaign(ctx: Ctx, owner: CampaignOwner, id: string, body: CampaignBody): Promise<Campaign> {
  const current = await findOwnCampaign(ctx, owner.accountId, id);
  if (current.state !== "Scheduled") fail("campaignNotScheduled", { message: `The campaign is ${current.state}; only a Scheduled campaign can be changed.` });
  const prepared = await prepareCampaign(ctx, owner, body, id);
  await ctx.enqueue.ready();
  const now = ctx.now();
  const state = prepared.scheduledDate ? "Scheduled" : "Queued";
  const updated = await ctx.db
    .$transaction(
      async (tx) => {
        const [row] = (await txSql(tx).query<{ state: string }>(`SELECT state FROM campaigns WHERE id = $1::uuid FOR UPDATE`, [id])).rows;
        if (row?.state !== "Scheduled") fail("campaignNotScheduled", { message: `The campaign is ${row?.state ?? "gone"}; only a Scheduled campaign can be changed.` });
        if (state === "Queued") await chargeCampaignNow(tx, owner.accountId, id, prepared, now);
        await tx.campaignRecipient.deleteMany({ where: { campaignId: id } });
        const c = await tx.campaign.update({
          where: { id },
          data: { state, stateAt: now, version: { increment: 1 }, ...campaignColumns(body, prepared), utm: body.trackLinks && body.utm ? body.utm : Prisma.DbNull },
        });
        await insertRecipients(txSql(tx), id, prepared.built.recipients);
        await campaignEntered(ctx, tx, c, state === "Queued" ? "Updated and sent now" : `Updated; scheduled for ${prepared.scheduledDate!.toISOString()}`);
        return c;
      },
      { timeout: 60_000, maxWait: 30_000 },
    )
    .catch(nameTaken(body.campaignName));
  ctx.wake(startCampaign);
  ctx.wake(deliverCallback);
  return updated;
}
