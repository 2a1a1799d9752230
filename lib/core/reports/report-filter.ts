// What a report covers: an account's message parts created in a window, optionally narrowed to
// a country, a network (mcc, mnc) or one campaign. Builds the SQL conditions for the report
// queries; a campaign is found among the account's campaigns that left Draft.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { isUuid } from "../../ids.ts";

export interface ReportFilter {
  accountId: string;
  start?: Date;
  end?: Date;
  mcc?: string;
  mnc?: string;
  country?: string;
  campaignId?: string;
}

export function reportConditions(f: ReportFilter): { where: string; values: unknown[] } {
  const values: unknown[] = [f.accountId];
  const add = (v: unknown) => `$${values.push(v)}`;
  const conditions = ["p.account_id = $1", "m.account_id = $1"];
  if (f.start) conditions.push(`p.created_at >= ${add(f.start)}`);
  if (f.end) conditions.push(`p.created_at <= ${add(f.end)}`);
  if (f.mcc !== undefined) conditions.push(`m.mcc = ${add(f.mcc)}`);
  if (f.mnc !== undefined) conditions.push(`m.mnc = ${add(f.mnc)}`);
  if (f.country !== undefined) conditions.push(`m.country = ${add(f.country.toUpperCase())}`);
  if (f.campaignId !== undefined) conditions.push(`m.campaign_id = ${add(f.campaignId)}::uuid`);
  return { where: conditions.join(" AND "), values };
}

/**
 * The campaign's first and last SMS (its report's span). A campaign id that names none of the
 * account's campaigns with messages (unknown, another account's, a Draft) matches nothing, as
 * every other report filter: no span, an empty report.
 */
export async function campaignSpan(ctx: Ctx, accountId: string, campaignId: string): Promise<{ first: Date | null; last: Date | null }> {
  if (!isUuid(campaignId)) fail("reportParameter", { message: "campaignId is not a campaign id.", property: "campaignId" });
  const { rows } = await ctx.sql.query<{ first: Date | null; last: Date | null }>(
    `SELECT min(created_at) AS first, max(created_at) AS last FROM messages WHERE campaign_id = $1::uuid AND account_id = $2`,
    [campaignId, accountId],
  );
  const r = rows[0];
  return { first: r?.first ? new Date(r.first) : null, last: r?.last ? new Date(r.last) : null };
}
