// POST /sms/campaign: checks and resolves the campaign (prepareCampaign), then in one
// transaction stores it with its recipients, charges an immediate one, and schedules its start
// (now or at scheduledDate) and its reminder. The answer comes before any message is written.
import crypto from "node:crypto";
import type { Ctx, Tx } from "../context.ts";
import type { Sql } from "../../db/connection.ts";
import type { Campaign, Prisma } from "../../db/generated/client.ts";
import { fail } from "../errors.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { chargeAccount } from "../accounts/charge-account.ts";
import { scheduleCallback } from "../callbacks/schedule-callback.ts";
import { deliverCallback } from "../callbacks/deliver-callback.ts";
import type { CampaignBody } from "../../schemas/campaigns.ts";
import { campaignColumns, copyRecipients, prepareCampaign, type CampaignOwner, type PreparedCampaign } from "./prepare-campaign.ts";
import { campaignReminder, startCampaign } from "./campaign-jobs.ts";
import { campaignCounts } from "./campaign-counts.ts";
import { campaignProgressPayload } from "./campaign-state.ts";
import { removeCampaigns } from "./remove-campaigns.ts";
import { bulkyColumns } from "./lean-campaign.ts";

export async function createCampaign(ctx: Ctx, owner: CampaignOwner, body: CampaignBody): Promise<Campaign> {
  const prepared = await prepareCampaign(ctx, owner, body);
  await ctx.enqueue.ready();
  const id = crypto.randomUUID();
  const now = ctx.now();
  const state = prepared.scheduledDate ? "Scheduled" : "Queued";
  // Phase 1, outside any transaction: the campaign as a Draft (invisible to every reader) with
  // its recipients, written straight through the driver — tens of thousands of rows.
  await insertDraft(ctx, { id, owner, body, prepared, now }).catch(nameTaken(body.campaignName));
  // Phase 2, one short transaction: charge, Draft → Queued or Scheduled, event, callback, jobs.
  // A failure here (or a crash between the phases) leaves a Draft the sweep job deletes.
  try {
    const campaign = await ctx.db.$transaction(async (tx) => {
      if (state === "Queued") await chargeCampaignNow(tx, owner.accountId, id, prepared, now);
      // Read back without the columns that grow with the recipients (0.9 MB for 30k): this request has them.
      const [lean] = await tx.campaign.updateManyAndReturn({ where: { id, state: "Draft" }, data: { state, stateAt: now }, omit: bulkyColumns });
      if (!lean) throw new Error(`campaign ${id} left Draft unexpectedly`);
      const { toNumbers, contactIds, errors, smsAnalysis } = campaignColumns(body, prepared);
      // The analysis and errors are plain JSON already (numbers, strings, arrays and objects of them).
      const c: Campaign = { ...lean, toNumbers, contactIds, errors: errors as Prisma.JsonArray, smsAnalysis: smsAnalysis as Prisma.JsonObject };
      await campaignEntered(ctx, tx, c, state === "Queued" ? "Created and queued" : `Created; scheduled for ${prepared.scheduledDate!.toISOString()}`);
      return c;
    });
    ctx.wake(startCampaign);
    ctx.wake(deliverCallback);
    return campaign;
  } catch (e) {
    await removeCampaigns(ctx.sql, `id = $1 AND state = 'Draft'`, [id]).catch(() => undefined);
    throw e;
  }
}

interface Draft {
  id: string;
  owner: CampaignOwner;
  body: CampaignBody;
  prepared: PreparedCampaign;
  now: Date;
}

/**
 * Writes the Draft row and its recipients. On PostgreSQL the two go at once on two connections
 * (the row's 1-2 MB of arrays and analysis take PostgreSQL about as long as the COPY): the
 * recipients in a transaction that commits only after the row has, so a failure or a crash
 * leaves either nothing or a Draft row, which the sweep removes with its recipients.
 */
async function insertDraft(ctx: Ctx, d: Draft) {
  const recipients = d.prepared.built.recipients;
  if (!ctx.sql.concurrent) {
    await insertDraftRow(ctx.sql, d);
    try {
      await copyRecipients(ctx.sql, d.id, recipients);
    } catch (e) {
      await removeCampaigns(ctx.sql, `id = $1`, [d.id]).catch(() => undefined);
      throw e;
    }
    return;
  }
  // The row asks the pool for its connection before the COPY's session asks for one: a session
  // holds its connection while it waits for its row, so it must never be what keeps that row (or
  // another create's) from getting one. The pool serves requests in order.
  const row = insertDraftRow(ctx.sql, d).then(
    () => null,
    (error: unknown) => ({ error }),
  );
  try {
    await ctx.sql.session(async (s) => {
      await s.query("BEGIN");
      try {
        await copyRecipients(s, d.id, recipients);
        const refused = await row;
        if (refused) throw refused.error;
        await s.query("COMMIT");
      } catch (e) {
        await s.query("ROLLBACK").catch(() => undefined);
        throw e;
      }
    });
  } catch (e) {
    const refused = await row;
    if (!refused) await removeCampaigns(ctx.sql, `id = $1`, [d.id]).catch(() => undefined);
    throw refused ? refused.error : e;
  }
}

function insertDraftRow(sql: Sql, d: Draft) {
  const c = campaignColumns(d.body, d.prepared);
  return sql.query(
    `INSERT INTO campaigns (id, account_id, application_id, application_name, state, currency, created_at, state_at,
       name, "from", body, to_numbers, contact_ids, groups, fallback_values, flash, transcode, ttl, respect_quiet_hours, allow_invalid,
       callback_url, callback_strategy, campaign_callback_url, campaign_callback_strategy, reminder_minutes_before, reminder_to,
       scheduled_date, sms_analysis, errors, total_messages, total_parts, cost_micros, reminder_minutes_after, track_links, utm, link_ttl_days)
     VALUES ($1, $2, $3, $4, 'Draft', $5, $6, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $31, $32, $33, $34)`,
    [
      d.id,
      d.owner.accountId,
      d.owner.application?.id ?? null,
      d.owner.application?.name ?? "",
      d.owner.currency,
      d.now,
      c.name,
      c.from,
      c.body,
      c.toNumbers,
      c.contactIds,
      c.groups,
      JSON.stringify(c.fallbackValues),
      c.flash,
      c.transcode,
      c.ttl,
      c.respectQuietHours,
      c.allowInvalid,
      c.callbackUrl,
      c.callbackStrategy,
      c.campaignCallbackUrl,
      c.campaignCallbackStrategy,
      c.reminderMinutesBefore,
      c.reminderTo,
      c.scheduledDate,
      JSON.stringify(c.smsAnalysis),
      JSON.stringify(c.errors),
      c.totalMessages,
      c.totalParts,
      c.costMicros.toString(),
      c.reminderMinutesAfter,
      c.trackLinks,
      c.utm ? JSON.stringify(c.utm) : null,
      c.linkTtlDays,
    ],
  );
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
  } else if (!c.scheduledDate && c.reminderTo.length) {
    // A campaign that starts now: its reminder goes minutesAfter the start.
    await ctx.enqueue(tx, campaignReminder, job, c.reminderMinutesAfter > 0 ? { startAfter: new Date(c.stateAt.getTime() + c.reminderMinutesAfter * 60_000) } : {});
  }
}

/** The unique index on (account, lower(name)) catches two creates racing past the check. */
export function nameTaken(name: string | undefined) {
  return (e: unknown): never => {
    if (name && isUniqueViolation(e)) fail("campaignNameTaken", { property: "campaignName", entity: "campaign", value: name });
    throw e;
  };
}
