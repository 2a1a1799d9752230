// Retargeting: a contact group of the recipients of a campaign who clicked one of its short
// links (or of those who did not), ready for the next campaign. Recipients named by number only
// become contacts first (country from their message), so the group holds every one of them.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { isUuid } from "../../ids.ts";
import { groupExists, tagNewGroup } from "../contacts/create-group.ts";
import { isVirtualGroup, groupSize, type GroupSize } from "../contacts/model.ts";

/** The campaign's messages with short links whose recipients clicked (or not); $1 is the campaign. */
const recipients = (clicked: boolean) =>
  `SELECT m."to", min(m.country) AS country FROM messages m
    WHERE m.campaign_id = $1::uuid AND EXISTS (SELECT 1 FROM short_links s WHERE s.message_id = m.id)
      AND ${clicked ? "" : "NOT "}EXISTS (SELECT 1 FROM short_links s WHERE s.message_id = m.id AND s.clicks > 0)
    GROUP BY m."to"`;

export async function groupClickers(ctx: Ctx, accountId: string, input: { campaignId: string; name: string; clicked: boolean }): Promise<GroupSize> {
  const campaign = isUuid(input.campaignId) ? await ctx.db.campaign.findFirst({ where: { id: input.campaignId, accountId, state: { not: "Draft" } }, select: { id: true } }) : null;
  if (!campaign) fail("campaignNotFound", { property: "campaignId", entity: "campaign", value: input.campaignId });
  const name = input.name.trim();
  if (isVirtualGroup(name) || (await ctx.db.contactGroup.findUnique({ where: { accountId_name: { accountId, name } }, select: { id: true } }))) groupExists(name);
  const now = ctx.now();
  await ctx.sql.query(
    `INSERT INTO contacts (id, account_id, mobile, country, created_at, updated_at)
     SELECT gen_random_uuid(), $2::uuid, r."to", r.country, $3, $3 FROM (${recipients(input.clicked)}) r
     ON CONFLICT (account_id, mobile) DO NOTHING`,
    [campaign.id, accountId, now],
  );
  const size = await tagNewGroup(ctx, accountId, name, `mobile IN (SELECT r."to" FROM (${recipients(input.clicked).replaceAll("$1", "$5")}) r)`, [campaign.id]);
  return groupSize(name, size);
}
