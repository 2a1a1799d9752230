// A page of a campaign's resolved recipients, each with its own (personalised) text, parts and
// price: what a Scheduled campaign will send, before any message exists.
import type { Ctx } from "../context.ts";
import { findOwnCampaign } from "./update-campaign.ts";

export interface CampaignRecipientRow {
  seq: number;
  mobile: string;
  country: string;
  contactId: string;
  contactName: string;
  text: string;
  parts: number;
  encoding: string;
  /** Price of the whole text (every part). */
  priceMicros: bigint;
}

export async function listCampaignRecipients(ctx: Ctx, accountId: string, campaignId: string, input: { page: number; size: number; search?: string }) {
  const campaign = await findOwnCampaign(ctx, accountId, campaignId);
  const params: unknown[] = [campaign.id];
  let filter = "r.campaign_id = $1::uuid";
  const digits = input.search?.replace(/\D/g, "");
  if (digits) {
    params.push(`%${digits}%`);
    filter += ` AND r.mobile LIKE $${params.length}`;
  }
  const [count, page] = await Promise.all([
    ctx.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM campaign_recipients r WHERE ${filter}`, params),
    ctx.sql.query<Omit<CampaignRecipientRow, "priceMicros"> & { priceMicros: string }>(
      `SELECT r.seq, r.mobile, r.country, coalesce(r.contact_id::text, '') AS "contactId",
              trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')) AS "contactName",
              r.text, r.parts, r.encoding, (r.price_micros * r.parts)::text AS "priceMicros"
       FROM campaign_recipients r LEFT JOIN contacts c ON c.id = r.contact_id
       WHERE ${filter} ORDER BY r.seq LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, input.size, input.page * input.size],
    ),
  ]);
  return {
    campaign,
    total: Number(count.rows[0]?.n ?? 0),
    rows: page.rows.map((r): CampaignRecipientRow => ({ ...r, seq: Number(r.seq), parts: Number(r.parts), priceMicros: BigInt(r.priceMicros) })),
  };
}
