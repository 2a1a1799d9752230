// A page of one campaign's messages for its dashboard page, in the order they were written,
// optionally of one status or matching a number; with the name of the contact who has that
// number (the contacts' unique (account, mobile) index makes the join cheap).
import type { Ctx } from "../context.ts";
import { findOwnCampaign } from "./update-campaign.ts";

export interface ListCampaignMessagesInput {
  page: number;
  size: number;
  status?: string;
  /** Digits of the destination number. */
  search?: string;
}

export interface CampaignMessageRow {
  id: string;
  to: string;
  contactName: string;
  status: string;
  detailedStatus: string;
  statusDescription: string;
  parts: number;
  priceMicros: bigint;
  currency: string;
  body: string;
  createdAt: Date;
  statusAt: Date;
  finalAt: Date | null;
}

export async function listCampaignMessages(ctx: Ctx, accountId: string, campaignId: string, input: ListCampaignMessagesInput) {
  const campaign = await findOwnCampaign(ctx, accountId, campaignId);
  const params: unknown[] = [campaign.id];
  const where = ["m.campaign_id = $1::uuid"];
  if (input.status) {
    params.push(input.status);
    where.push(`m.status = $${params.length}`);
  }
  const digits = input.search?.replace(/\D/g, "");
  if (digits) {
    params.push(`%${digits}%`);
    where.push(`m."to" LIKE $${params.length}`);
  }
  const filter = where.join(" AND ");
  const [count, page] = await Promise.all([
    ctx.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM messages m WHERE ${filter}`, params),
    ctx.sql.query<Omit<CampaignMessageRow, "priceMicros"> & { priceMicros: string }>(
      `SELECT m.id::text, m."to", trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')) AS "contactName",
              m.status, m.detailed_status AS "detailedStatus", m.status_description AS "statusDescription", m.parts,
              m.price_micros::text AS "priceMicros", m.currency, left(m.body, 200) AS body,
              m.created_at AS "createdAt", m.status_at AS "statusAt", m.final_at AS "finalAt"
       FROM messages m LEFT JOIN contacts c ON c.account_id = m.account_id AND c.mobile = m."to"
       WHERE ${filter} ORDER BY m.created_at, m.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, input.size, input.page * input.size],
    ),
  ]);
  return {
    campaign,
    total: Number(count.rows[0]?.n ?? 0),
    rows: page.rows.map(
      (r): CampaignMessageRow => ({ ...r, priceMicros: BigInt(r.priceMicros), createdAt: new Date(r.createdAt), statusAt: new Date(r.statusAt), finalAt: r.finalAt ? new Date(r.finalAt) : null }),
    ),
  };
}
