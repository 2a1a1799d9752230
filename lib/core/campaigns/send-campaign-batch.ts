// One batch of a campaign (about a thousand recipients). Its messages are built from the
// campaign's recipients (ids derived from the campaign and the recipient's position, so a run
// after a crash builds the same ones), their parts are handed to the carrier in recipient order
// (the carrier spreads them over its binds and windows), and each message is written once, when
// the SMSC has answered for it: Sent, with the SMSC's id, a few hundred per statement. Until then
// a recipient has no message, and the campaign counts it as Queued. That is one write per message
// where a Queued row then its Sent update took three (and on PostgreSQL's freshly filled pages
// the update rewrote every index of both tables). Each answer is first logged in a small table
// (campaign_answer_groups), which is what lets the next part go (AnswerRecorder). Campaigns whose
// callbacks report every change write their messages Queued first, with the Queued reports, and
// record each answer on its own.
//
// Duplicates after a crash are bounded and marked. A worker process never has more than
// 2 × binds × window parts handed to the carrier and not yet settled (answered and logged, or
// refused): all that a crash can leave at the SMSC unrecorded, to be sent again; what was logged
// is stored as Sent by the next run, not sent again. Before a part is handed over, the job's
// checkpoint (lib/jobs: one small UPDATE of the job row every binds × window parts, which also
// renews its lease) says how far this run may have gone; when a run dies or stalls past its
// lease, the next one flags every part below that mark that is neither Sent nor logged as
// possible_duplicate, writing it Queued at once so the flag outlives that run too, before sending
// it again (a superset of those that really reach the SMSC twice). A run that has lost its lease
// hands nothing more over, and the carrier drops what of it still waits for a window slot.
//
// The steps live beside it: plan-batch.ts (the messages and what earlier runs did),
// hand-over-slots.ts (the process-wide bound), answer-log.ts and record-answers.ts (the answers),
// store-batch-messages.ts (the rows).
import type { Ctx } from "../context.ts";
import type { Campaign } from "../../db/generated/client.ts";
import type { RoutedResult, SubmitResult } from "../ports/carrier.ts";
import { leaseHeld, type JobMeta } from "../../jobs/job.ts";
import { deliverCallback } from "../callbacks/deliver-callback.ts";
import { recordPartStatus } from "../sms/record-part-status.ts";
import { submitPartOf } from "../sms/submit-part.ts";
import { routeOf } from "../sms/route-of.ts";
import { rejected, unsent } from "../sms/statuses.ts";
import { handOverSlotsOf } from "./hand-over-slots.ts";
import type { BatchMessage, BatchPart, BatchPlan } from "./plan-batch.ts";
import { AnswerRecorder } from "./record-answers.ts";
import { storeMessages, storeQueuedWithReports } from "./store-batch-messages.ts";

/** What a run of the batch job brings: when to stop handing parts over, and its job (lease, checkpoint). */
export interface BatchRun {
  deadline?: number;
  meta?: JobMeta;
  /** Told, once parts are being handed over, how to ask how many this run has left to hand over. */
  progress?: (left: () => number) => void;
  /** Asked before each part: true stops handing parts over (the account was suspended); what went out is recorded. */
  paused?: () => boolean;
}

/** The checkpoint a batch run leaves on its job: parts of recipients below `handedOver` may have been handed to the carrier. */
interface BatchCheckpoint {
  handedOver: number;
}

/**
 * Hands the batch's parts to the carrier and writes its messages as the SMSC answers. Answers
 * how many parts were accepted, whether some must be retried, whether the run stopped early
 * because it lost its lease (or could not store its checkpoint), and whether it paused.
 */
export async function submitBatchParts(ctx: Ctx, c: Campaign, plan: BatchPlan, run: BatchRun = {}): Promise<{ accepted: number; retry: string; stopped: boolean; paused: boolean }> {
  const { deadline = Infinity, meta, progress } = run;
  // Nothing to send may still leave answers an earlier run logged and did not store.
  if (plan.parts.length === 0 && plan.answered.length === 0) return { accepted: 0, retry: "", stopped: false, paused: false };
  const bulk = !(c.callbackUrl && c.callbackStrategy === "OnChange");
  const store = (messages: readonly BatchMessage[]) =>
    storeMessages(async (text, values) => (await ctx.sql.prepared<{ id: string }>("campaign_store_messages", text, values)).rows, c, plan.createdAt, messages, ctx.now());
  if (!bulk) await storeQueuedWithReports(ctx, c, plan);
  const carrier = await ctx.carrier();
  const handOver = handOverSlotsOf(carrier);
  // The database answered this run: answers can be recorded again (see recordingFailed).
  handOver.recordingFailed = false;
  // What an earlier run logged as accepted and did not store: stored now, not sent again.
  if (plan.answered.length) await store(plan.answered);
  // An earlier run died or stalled with parts handed over: those below its mark that it did not
  // log may be at the SMSC. They are flagged, and written with the flag, before anything goes out
  // again.
  const before = meta?.previousLost ? (meta.checkpoint as BatchCheckpoint | null | undefined)?.handedOver : undefined;
  if (before !== undefined) {
    const flagged = plan.parts.filter((p) => p.message.seq < before && !p.possibleDuplicate);
    for (const p of flagged) p.possibleDuplicate = true;
    await store([...new Set(flagged.map((p) => p.message))]);
  }
  const now = ctx.now();
  const live = plan.parts.filter((p) => p.message.expiresAt > now);
  const dead = plan.parts.filter((p) => p.message.expiresAt <= now);
  if (dead.length) await store([...new Set(dead.map((p) => p.message))].filter((m) => !m.stored));
  for (const p of dead) await ctx.db.$transaction((tx) => recordPartStatus(ctx, tx, p.id, unsent("The ttl passed before the message could be sent")));

  const held = () => (meta ? leaseHeld(meta) : true);
  const { binds, window = 10 } = carrier.stats();
  const slots = 2 * binds * window;
  const answers = new AnswerRecorder(ctx, c.id, store, bulk, handOver);
  let retry = "";
  let accepted = 0;
  let stopped = false;
  let paused = false;
  // A bounded feed rather than everything at once (each lane holds at most one slot): the
  // carrier's queue stays short, and when the deadline passes (a slow SMSC), no new part is handed
  // over, so the job ends before the job engine would hand it to another worker; the rest goes on
  // a retry. A checkpoint every slots / 2 parts: what a crash leaves flagged stays within a few
  // windows.
  const mark = new HandOverMark(meta, live, Math.max(10, Math.floor(slots / 2)));
  let next = 0;
  let fed = false;
  progress?.(() => (fed ? 0 : live.length - next));
  const submitOne = async (part: BatchPart) => {
    const m = part.message;
    const result: SubmitResult & RoutedResult = await carrier.submit(
      submitPartOf(
        { id: part.id, text: part.text, partNumber: part.number },
        { from: c.from, to: m.to, encoding: m.encoding, parts: m.parts.length, flash: c.flash, expiresAt: m.expiresAt },
        m.ref,
        new Date(),
      ),
      {
        cancelled: () => !held(),
        route: { accountId: c.accountId, kind: "campaign", country: m.country, ...(m.mnc ? { network: `${m.mcc}${m.mnc}` } : {}) },
      },
    );
    if (result.connectorId || result.hops?.length)
      part.route = { connectorId: result.connectorId, costMicros: (result.costMicros ?? 0n).toString(), ...(result.hops?.length ? { hops: result.hops } : {}) };
    if (result.ok) {
      accepted += 1;
      // Answered after this run lost its lease: the run that took over may have sent it again.
      if (result.possibleDuplicate || !held()) part.possibleDuplicate = true;
      await answers.sent(part, result.smscMessageId);
      return;
    }
    if (result.retryable) {
      retry = result.description;
      // It may have reached the SMSC: written Queued with the flag, for the retry to send.
      if (result.maybeAccepted) {
        part.possibleDuplicate = true;
        answers.queued(part);
      } else handOver.free(1);
      return;
    }
    try {
      if (!m.stored) await store([m]);
      await ctx.db.$transaction((tx) => recordPartStatus(ctx, tx, part.id, rejected(result.description), routeOf(result)));
    } finally {
      handOver.free(1);
    }
  };
  const lane = async () => {
    while (next < live.length) {
      if (paused || run.paused?.()) {
        paused = true;
        return;
      }
      if (Date.now() > deadline) {
        retry ||= `the batch ran past its time; ${live.length - next} parts wait for the retry`;
        return;
      }
      const i = next++;
      if (!held() || !(await mark.cover(i))) {
        stopped = true;
        return;
      }
      await handOver.take(slots);
      if (!held()) {
        handOver.free(1);
        stopped = true;
        return;
      }
      if (handOver.recordingFailed) {
        handOver.free(1);
        retry ||= `the SMSC's answers could not be recorded; ${live.length - i} parts wait for the retry`;
        return;
      }
      await submitOne(live[i]!);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(slots, live.length) }, lane));
  } finally {
    fed = true;
  }
  ctx.metrics.campaignParts(accepted);
  await answers.done();
  ctx.wake(deliverCallback);
  return { accepted, retry, stopped, paused };
}

/**
 * The job's checkpoint of how far this run has handed parts over, kept ahead of the feed: before
 * part i goes to the carrier, a stored checkpoint covers its recipient (and the lease is renewed
 * with it). The next one is written while the feed is half way through the current step, so the
 * feed seldom waits for it: a few statements per thousand recipients.
 */
class HandOverMark {
  private covered = -1; // index of the last part a stored checkpoint covers
  private writing: Promise<boolean> | null = null;
  constructor(
    private readonly meta: JobMeta | undefined,
    private readonly parts: BatchPart[],
    private readonly step: number,
  ) {}

  /** Resolves false when the lease is lost or the checkpoint cannot be stored. */
  async cover(i: number): Promise<boolean> {
    const meta = this.meta;
    if (!meta?.saveCheckpoint) return true;
    while (i > this.covered) if (!(await (this.writing ?? this.write(meta)))) return false;
    if (!this.writing && i > this.covered - this.step / 2 && this.covered < this.parts.length - 1) void this.write(meta);
    return true;
  }

  private write(meta: JobMeta): Promise<boolean> {
    const upTo = Math.min(this.parts.length - 1, this.covered + this.step);
    const mark: BatchCheckpoint = { handedOver: this.parts[upTo]!.message.seq + 1 };
    const w = meta.saveCheckpoint!(mark).then(
      (ok) => {
        if (ok) this.covered = Math.max(this.covered, upTo);
        return ok;
      },
      () => false,
    );
    this.writing = w;
    void w.finally(() => {
      if (this.writing === w) this.writing = null;
    });
    return w;
  }
}
