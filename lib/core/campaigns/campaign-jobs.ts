// The jobs that run a campaign: campaign.start (at once, or at scheduledDate) charges a
// scheduled campaign and fans its recipients out into campaign.batch jobs of about a thousand;
// campaign.reminder sends the test SMS before a scheduled start; campaign.sweep moves running
// campaigns on every minute in case the process that should have done it died. While the platform
// operator has the account suspended, a start or batch parks itself (accounts/park-job.ts) and is
// enqueued again, to go on where it stopped, when the account is reactivated.
import { z } from "zod";
import type { Ctx, Tx } from "../context.ts";
import type { Campaign } from "../../db/generated/client.ts";
import { defineJob, LeaseLost, leaseHeld, type JobMeta } from "../../jobs/job.ts";
import { DomainError } from "../errors.ts";
import { chargeAccount } from "../accounts/charge-account.ts";
import { parkIfSuspended } from "../accounts/park-job.ts";
import { watchSuspension } from "../accounts/suspension-watch.ts";
import { deliverCallback } from "../callbacks/deliver-callback.ts";
import { sendSms } from "../sms/send-sms.ts";
import { advanceCampaign } from "./advance-campaign.ts";
import { removeCampaigns } from "./remove-campaigns.ts";
import { setCampaignState } from "./campaign-state.ts";
import { personalize } from "./personalize.ts";
import { analyzeBody } from "../sms/analyze-body.ts";
import { carrierRate } from "../sms/carrier-rate.ts";
import { quietUntil } from "./quiet-hours.ts";
import { planBatch } from "./plan-batch.ts";
import { submitBatchParts } from "./send-campaign-batch.ts";
import { bulkyColumns, withoutBulk } from "./lean-campaign.ts";
import { formatMoney } from "../../money.ts";
import { txSql } from "../../db/tx-sql.ts";
import { defineCronJob } from "../../jobs/job-shorthands.ts";

export const BATCH_SIZE = 1000;
const BATCH_SECONDS = 30;

const versioned = z.object({ campaignId: z.uuid(), version: z.number().int() });

/**
 * The campaign as a batch needs it: without its bulky columns (lean-campaign.ts) but with the
 * body analysis its messages store, worked out again from the body (as the campaign's analysis
 * was) rather than read out of sms_analysis: that column holds every recipient's country too,
 * and each batch detoasted its megabyte (≈ 3 ms of PostgreSQL, thirty times per 30k campaign).
 */
async function campaignForBatch(ctx: Ctx, id: string): Promise<Campaign | null> {
  const c = await ctx.db.campaign.findUnique({ where: { id }, omit: bulkyColumns });
  return c && { ...withoutBulk(c), smsAnalysis: { bodyAnalysis: { ...analyzeBody(c.body) } } };
}

export const campaignBatch = defineJob({
  name: "campaign.batch",
  // resumed: an earlier job of the range may have sent part of it (it paused, or it was retried
  // and then waited for quiet hours): read what was stored, as a retry does.
  payload: z.object({ campaignId: z.uuid(), from: z.number().int(), to: z.number().int(), resumed: z.boolean().optional() }),
  retryLimit: 10,
  retryDelaySeconds: 2,
  retryBackoff: true,
  // A worker that dies or stalls mid-batch stops renewing the job's lease; within about 12 s
  // another worker takes the batch over, flags what the first may have left in flight
  // (send-campaign-batch.ts) and sends the rest. A batch runs at most expireInSeconds and stops
  // handing parts to the carrier after BATCH_SECONDS.
  leaseSeconds: 10,
  expireInSeconds: 45,
  // Several batches at once, so one reads its recipients while the others keep the binds busy;
  // each in its own claim loop, so a batch that ends makes room for the next at once.
  batchSize: 1,
  lanes: 4,
  // A worker whose SMSC account is held to a rate claims the next batch only when what its
  // batches still have to hand over is less than half a second of its rate (time enough to
  // prepare the next batch), and leaves the rest of the campaign to other workers
  // rather than sending several batches side by side at its own pace.
  maxInHand: async (held, ctx) => {
    const perSecond = await carrierRate(ctx);
    if (!Number.isFinite(perSecond)) return 4;
    // Batches claimed but not handing parts over yet (being claimed, or reading their recipients)
    // count as a whole batch of work ahead; the others as what they have left to hand over.
    let ahead = (held - batchesRunning.size) * BATCH_SIZE;
    for (const r of batchesRunning) ahead += r.left ? r.left() : BATCH_SIZE;
    return ahead < perSecond / 2 ? Math.min(4, held + 1) : held;
  },
  async handler(ctx, payload, meta) {
    const run: RunningBatch = { left: null };
    batchesRunning.add(run);
    try {
      await runBatch(ctx, payload, meta, run);
    } finally {
      batchesRunning.delete(run);
    }
  },
});

/** A campaign.batch handler running in this process: how many parts it has left to hand over, once it hands them over. */
interface RunningBatch {
  left: (() => number) | null;
}
const batchesRunning = new Set<RunningBatch>();

async function runBatch(ctx: Ctx, { campaignId, from, to, resumed }: z.output<typeof campaignBatch.payload>, meta: JobMeta, running: RunningBatch) {
  const deadline = Date.now() + BATCH_SECONDS * 1000;
  const c = await campaignForBatch(ctx, campaignId);
  if (!c || (c.state !== "Running" && c.state !== "Sent")) return;
  const runsBefore = meta.retryCount + (resumed ? 1 : 0);
  const park = () => parkIfSuspended(ctx, { accountId: c.accountId, job: campaignBatch, key: `${campaignId}:${from}`, payload: { campaignId, from, to, resumed: true } });
  // A suspended account's batch parks before it reads anything; unless the previous run was lost
  // mid-way: what it may have left in flight is flagged first (submitBatchParts), then it pauses.
  if (!meta.previousLost && (await park())) return;
  if (c.respectQuietHours) {
    const first = await ctx.sql.query<{ country: string }>(`SELECT country FROM campaign_recipients WHERE campaign_id = $1::uuid AND seq = $2`, [campaignId, from]);
    const until = first.rows[0] && quietUntil(first.rows[0].country, ctx.now());
    if (until) {
      await ctx.enqueue(null, campaignBatch, { campaignId, from, to, ...(runsBefore ? { resumed: true } : {}) }, { startAfter: until });
      return;
    }
  }
  const plan = await planBatch(ctx, c, from, to, runsBefore);
  // Parking just read the state; a run after a lost one reads it now.
  const watch = watchSuspension(ctx, c.accountId, meta.previousLost ? undefined : false);
  if (meta.previousLost) await watch.check();
  const { retry, stopped, paused } = await submitBatchParts(ctx, c, plan, { deadline, meta, progress: (left) => (running.left = left), paused: watch.suspended });
  // Another worker has the batch now: count nothing, touch nothing more.
  if (!leaseHeld(meta)) throw new LeaseLost(campaignBatch.name);
  if (stopped) throw new Error("the batch could not record its progress; it is retried");
  // The account was suspended mid-way: what went out is recorded, the rest waits parked.
  if (paused) {
    if (await park()) return;
    throw new Error("the account was reactivated while the batch paused; it is retried");
  }
  if (retry) throw new Error(`carrier asked to retry part of the batch: ${retry}`);
  // Only the campaign's last batches look at whether it is all sent (a count over its
  // messages): a batch run twice after a crash counts twice, which only makes that look
  // earlier; receipts and the sweep look again anyway.
  const done = await ctx.sql.query<{ batches_done: number; batches: number }>(`UPDATE campaigns SET batches_done = batches_done + 1 WHERE id = $1::uuid RETURNING batches_done, batches`, [campaignId]);
  const d = done.rows[0];
  if (!d || d.batches_done >= d.batches) await advanceCampaign(ctx, campaignId);
}

/** Ranges of recipients for the batches; with quiet hours, never across two countries. */
async function batchRanges(ctx: Ctx, c: Campaign): Promise<{ from: number; to: number; startAfter?: Date }[]> {
  const ranges: { from: number; to: number; startAfter?: Date }[] = [];
  if (!c.respectQuietHours) {
    for (let from = 0; from < c.totalMessages; from += BATCH_SIZE) ranges.push({ from, to: Math.min(c.totalMessages, from + BATCH_SIZE) });
    return ranges;
  }
  const { rows } = await ctx.sql.query<{ country: string; lo: number; hi: number }>(
    `SELECT country, min(seq) AS lo, max(seq) AS hi FROM campaign_recipients WHERE campaign_id = $1::uuid GROUP BY country ORDER BY lo`,
    [c.id],
  );
  const now = ctx.now();
  for (const r of rows) {
    const startAfter = quietUntil(r.country, now) ?? undefined;
    for (let from = r.lo; from <= r.hi; from += BATCH_SIZE) ranges.push({ from, to: Math.min(r.hi + 1, from + BATCH_SIZE), startAfter });
  }
  return ranges;
}

/** Charges a campaign that was only priced when it was scheduled; false when the balance is short. */
export async function chargeCampaign(tx: Tx, c: Campaign, at: Date): Promise<boolean> {
  try {
    await chargeAccount(tx, {
      accountId: c.accountId,
      amountMicros: c.costMicros,
      description: `Campaign ${c.name || c.id}: ${c.totalMessages} messages`,
      reference: c.id,
      at,
    });
    return true;
  } catch (e) {
    if (e instanceof DomainError && e.kind === "insufficientBalance") return false;
    throw e;
  }
}

export const startCampaign = defineJob({
  name: "campaign.start",
  payload: versioned,
  retryLimit: 10,
  retryDelaySeconds: 2,
  expireInSeconds: 60,
  batchSize: 5,
  async handler(ctx, { campaignId, version }) {
    // Without its recipient list (0.9 MB for 30k): the batches read their recipients themselves.
    const lean = await ctx.db.campaign.findUnique({ where: { id: campaignId }, omit: bulkyColumns });
    const c = lean && withoutBulk(lean);
    if (!c || c.version !== version || (c.state !== "Scheduled" && c.state !== "Queued")) return;
    // Due while the account is suspended: neither charged nor started until it is reactivated.
    if (await parkIfSuspended(ctx, { accountId: c.accountId, job: startCampaign, key: campaignId, payload: { campaignId, version } })) return;
    const ranges = await batchRanges(ctx, c);
    await ctx.enqueue.ready();
    await ctx.db.$transaction(async (tx) => {
      const [row] = (await txSql(tx).query<{ state: string; version: number }>(`SELECT state, version FROM campaigns WHERE id = $1::uuid FOR UPDATE`, [campaignId])).rows;
      if (!row || row.version !== version || (row.state !== "Scheduled" && row.state !== "Queued")) return;
      const at = ctx.now();
      let queuedAt: Date | undefined;
      if (row.state === "Scheduled") {
        if (!(await chargeCampaign(tx, c, at))) {
          await setCampaignState(ctx, tx, campaignId, ["Scheduled"], "Failed", `Not enough balance when the campaign was due (${formatMoney(c.costMicros, c.currency)} needed)`);
          return;
        }
        queuedAt = (await setCampaignState(ctx, tx, campaignId, ["Scheduled"], "Queued", "The scheduled time came; charged and queued"))?.stateAt;
      }
      await ctx.enqueue.many(
        tx,
        campaignBatch,
        ranges.map((r) => ({ payload: { campaignId, from: r.from, to: r.to }, startAfter: r.startAfter })),
      );
      const waiting = ranges.filter((r) => r.startAfter).length;
      await setCampaignState(
        ctx,
        tx,
        campaignId,
        ["Queued"],
        "Running",
        waiting ? `Sending started; ${waiting} of ${ranges.length} batches wait for the end of quiet hours` : `Sending started in ${ranges.length} ${ranges.length === 1 ? "batch" : "batches"}`,
        {
          startedAt: at,
          batches: ranges.length,
        },
        queuedAt,
      );
    });
    ctx.wake(campaignBatch);
    ctx.wake(deliverCallback);
  },
});

export const campaignReminder = defineJob({
  name: "campaign.reminder",
  payload: versioned,
  retryLimit: 3,
  async handler(ctx, { campaignId, version }) {
    const c = await ctx.db.campaign.findUnique({ where: { id: campaignId } });
    // Before a scheduled start, while still Scheduled; after an immediate start, in any state.
    if (!c || c.version !== version || (c.scheduledDate && c.state !== "Scheduled") || c.reminderSentAt) return;
    const claimed = await ctx.db.campaign.updateMany({ where: { id: campaignId, version, reminderSentAt: null }, data: { reminderSentAt: ctx.now() } });
    if (claimed.count === 0) return;
    const fallback = (c.fallbackValues ?? {}) as Record<string, string>;
    for (const to of c.reminderTo)
      await sendSms(ctx, {
        accountId: c.accountId,
        currency: c.currency,
        from: c.from,
        to,
        body: personalize(c.body, {}, fallback),
        label: `Reminder: ${c.name || c.id} ${c.scheduledDate ? `starts at ${c.scheduledDate.toISOString()}` : `started at ${c.createdAt.toISOString()}`}`,
        transcode: c.transcode,
        flash: c.flash,
      }).catch(() => undefined);
  },
});

export const campaignSweep = defineCronJob("campaign.sweep", "* * * * *", { retryLimit: 1 }, async (ctx) => {
  // Drafts whose creation died between its two phases.
  await removeCampaigns(ctx.sql, `state = 'Draft' AND created_at < $1`, [new Date(ctx.now().getTime() - 10 * 60_000)]);
  // Answers a batch logged and never cleared (it failed for good, or its campaign went): an
  // hour is far beyond any batch's retries.
  await ctx.sql.query(`DELETE FROM campaign_answer_groups WHERE at < $1`, [new Date(ctx.now().getTime() - 60 * 60_000)]);
  const open = await ctx.db.campaign.findMany({ where: { state: { in: ["Running", "Sent"] } }, select: { id: true }, take: 500, orderBy: { stateAt: "asc" } });
  for (const c of open) await advanceCampaign(ctx, c.id);
});

export const campaignJobs = [startCampaign, campaignBatch, campaignReminder, campaignSweep];
