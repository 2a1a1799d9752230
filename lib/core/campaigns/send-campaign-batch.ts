// One batch of a campaign (about a thousand recipients): their messages and parts are written
// with one INSERT each (ids derived from the campaign and the recipient's position, so a batch
// that runs again after a crash writes nothing twice), then every part still Queued is handed to
// the carrier in recipient order; the carrier spreads them over its binds and windows. Accepted
// parts are recorded in bulk as the SMSC answers.
//
// Duplicates after a crash are bounded and marked. A worker process never has more than
// 2 × binds × window parts handed to the carrier and not yet settled (answered and recorded, or
// refused): all that a crash can leave at the SMSC unrecorded, to be sent again. Before a part is
// handed over, the job's checkpoint (lib/jobs: one small UPDATE of the job row every binds ×
// window parts, which also renews its lease) says how far this run may have gone; when a run
// dies or stalls past its lease, the next one flags every part below that mark that is still
// Queued as possible_duplicate before sending them again (a superset of those that really reach
// the SMSC twice). A run that has lost its lease hands nothing more over, and the carrier drops
// what of it still waits for a window slot.
import type { Ctx, Tx } from "../context.ts";
import type { Campaign, Message, MessagePart } from "../../db/generated/client.ts";
import { uuidFrom } from "../../ids.ts";
import { getCarrier } from "../../carrier/registry.ts";
import type { SubmitResult } from "../../carrier/types.ts";
import { leaseHeld, UncertainOutcome, type JobMeta } from "../../jobs/job.ts";
import { wakeWorkers } from "../../jobs/wake.ts";
import { deliverCallback } from "../callbacks/deliver-callback.ts";
import { splitBody } from "../sms/analyze-body.ts";
import { parseRecipient } from "../sms/parse-recipient.ts";
import { recordPartStatus } from "../sms/record-part-status.ts";
import { submitPartOf } from "../sms/submit-part.ts";
import { markPossibleDuplicates } from "../sms/mark-possible-duplicates.ts";
import { smsReportPayload } from "../sms/report-payload.ts";
import { scheduleCallback } from "../callbacks/schedule-callback.ts";
import { queued, rejected, sentToCarrier, unsent } from "../sms/statuses.ts";

interface RecipientRow {
  seq: number;
  mobile: string;
  country: string;
  contact_id: string | null;
  text: string;
  parts: number;
  encoding: string;
  price_micros: string;
  mcc: string;
  mnc: string;
  operator: string;
}

interface QueuedPart {
  /** The recipient's position in the campaign (the order parts are handed over in). */
  seq: number;
  id: string;
  message_id: string;
  part_number: number;
  text: string;
  to: string;
  from: string;
  encoding: string;
  parts: number;
  flash: boolean;
  expires_at: Date;
}

export const messageIdFor = (campaignId: string, seq: number) => uuidFrom(`campaign:${campaignId}:${seq}`);
const partIdFor = (messageId: string, part: number) => uuidFrom(`part:${messageId}:${part}`);

export interface WrittenBatch {
  /** Every message id of the batch, in recipient order. */
  ids: string[];
  /** Their recipients' positions. */
  seqs: number[];
  /** The batch's parts, when this run wrote every message (so all are Queued); null after an earlier run. */
  parts: QueuedPart[] | null;
}

/** Writes the batch's messages (those not written by an earlier run). */
export async function writeBatchMessages(ctx: Ctx, c: Campaign, from: number, to: number): Promise<WrittenBatch> {
  const { rows } = await ctx.sql.query<RecipientRow>(
    `SELECT seq, mobile, country, contact_id::text, text, parts, encoding, price_micros::text, mcc, mnc, operator
     FROM campaign_recipients WHERE campaign_id = $1::uuid AND seq >= $2 AND seq < $3 ORDER BY seq`,
    [c.id, from, to],
  );
  if (rows.length === 0) return { ids: [], seqs: [], parts: null };
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + c.ttl * 60_000);
  const ids = rows.map((r) => messageIdFor(c.id, r.seq));
  const m = { id: ids, to: [] as string[], country: [] as string[], operator: [] as string[], mcc: [] as string[], mnc: [] as string[], type: [] as string[], enc: [] as string[], parts: [] as number[], price: [] as string[], analysis: [] as string[] };
  const p = { id: [] as string[], message: [] as string[], n: [] as number[], text: [] as string[], price: [] as string[] };
  const parts: QueuedPart[] = [];
  rows.forEach((r, i) => {
    const split = splitBody(r.text);
    m.to.push(r.mobile);
    m.country.push(r.country);
    m.operator.push(r.operator);
    m.mcc.push(r.mcc);
    m.mnc.push(r.mnc);
    m.type.push(parseRecipient(r.mobile)?.numberType ?? "UNKNOWN");
    m.enc.push(split.encoding);
    m.parts.push(split.parts.length);
    m.price.push((BigInt(r.price_micros) * BigInt(split.parts.length)).toString());
    split.parts.forEach((text, k) => {
      parts.push({ seq: r.seq, id: partIdFor(ids[i], k + 1), message_id: ids[i], part_number: k + 1, text, to: r.mobile, from: c.from, encoding: split.encoding, parts: split.parts.length, flash: c.flash, expires_at: expiresAt });
      p.id.push(partIdFor(ids[i], k + 1));
      p.message.push(ids[i]);
      p.n.push(k + 1);
      p.text.push(text);
      p.price.push(r.price_micros);
    });
  });
  const bodyText = rows.map((r) => r.text);
  const analysis = JSON.stringify(c.smsAnalysis && typeof c.smsAnalysis === "object" ? (c.smsAnalysis as { bodyAnalysis?: unknown }).bodyAnalysis ?? {} : {});
  const onChange = c.callbackUrl && c.callbackStrategy === "OnChange";
  if (onChange) await ctx.enqueue.prepare([deliverCallback]);

  // One statement: messages and their parts commit together (the parts' foreign keys are
  // checked at the end of the statement, when the messages exist). A campaign message's Queued
  // and Sent steps are not written as events: its creation and its parts' submitted_at say
  // when, and the message's timeline shows them from there (getMessage) — two rows fewer per
  // message on the campaign's hot path.
  const write = async (run: (text: string, values: unknown[]) => Promise<{ id: string }[]>) =>
    run(
      `WITH m AS (
         INSERT INTO messages (id, account_id, application_id, application_name, campaign_id, campaign_name, direction, originating_service,
                               "from", "to", body, label, country, operator, mcc, mnc, number_type, encoding, parts, flash, ttl, transcode,
                               body_analysis, callback_url, callback_strategy, status, status_at, price_micros, currency, created_at, expires_at)
         SELECT u.id, $1::uuid, $2::uuid, $3, $4::uuid, $5, 'Outbound', 'Sms', $6, u.dest, u.body, '', u.country, u.operator, u.mcc, u.mnc, u.type,
                u.enc, u.parts, $7, $8, $9, $10::jsonb, $11, $12, 'Queued', $13, u.price, $14, $13, $15
         FROM unnest($16::uuid[], $17::text[], $18::text[], $19::text[], $20::text[], $21::text[], $22::text[], $23::text[], $24::text[], $25::int[], $26::bigint[])
              AS u(id, dest, body, country, operator, mcc, mnc, type, enc, parts, price)
         ON CONFLICT (id) DO NOTHING RETURNING id),
       p AS (
         INSERT INTO message_parts (id, message_id, account_id, part_number, text, status, status_at, price_micros, created_at)
         SELECT u.id, u.message_id, $1::uuid, u.n, u.text, 'Queued', $13, u.price, $13
         FROM unnest($27::uuid[], $28::uuid[], $29::int[], $30::text[], $31::bigint[]) AS u(id, message_id, n, text, price)
         WHERE u.message_id IN (SELECT id FROM m))
       SELECT id::text FROM m`,
      [
        c.accountId, c.applicationId, c.applicationName, c.id, c.name, c.from, c.flash, c.ttl, c.transcode, analysis,
        c.callbackUrl, c.callbackStrategy, now, c.currency, expiresAt,
        m.id, m.to, bodyText, m.country, m.operator, m.mcc, m.mnc, m.type, m.enc, m.parts, m.price,
        p.id, p.message, p.n, p.text, p.price,
      ],
    );
  if (!onChange) {
    const inserted = await write(async (text, values) => (await ctx.sql.query<{ id: string }>(text, values)).rows);
    return { ids, seqs: rows.map((r) => r.seq), parts: inserted.length === ids.length ? parts : null };
  }
  // Reports on every change: the Queued reports commit with the messages.
  await ctx.db.$transaction(
    async (tx) => {
      const inserted = await write((text, values) => tx.$queryRawUnsafe<{ id: string }[]>(text, ...values));
      if (inserted.length === 0) return;
      const messages = await tx.message.findMany({ where: { id: { in: inserted.map((r) => r.id) } }, include: { messageParts: true } });
      for (const msg of messages) await scheduleQueuedReports(ctx, tx, msg);
    },
    { timeout: 60_000 },
  );
  if (onChange) wakeWorkers(deliverCallback.name);
  return { ids, seqs: rows.map((r) => r.seq), parts: null };
}

/** Queued reports for a message whose Queued event was written in bulk (strategy OnChange). */
async function scheduleQueuedReports(ctx: Ctx, tx: Tx, msg: Message & { messageParts: MessagePart[] }) {
  for (const part of msg.messageParts)
    await scheduleCallback(ctx, tx, {
      accountId: msg.accountId,
      kind: "sms.status",
      url: msg.callbackUrl,
      messageId: msg.id,
      payload: smsReportPayload(msg, { ...part, doneAt: null }, { ...queued, at: msg.createdAt }),
    });
}

/** What a run of the batch job brings: when to stop handing parts over, and its job (lease, checkpoint). */
export interface BatchRun {
  deadline?: number;
  meta?: JobMeta;
  /** Told, once parts are being handed over, how to ask how many this run has left to hand over. */
  progress?: (left: () => number) => void;
}

/** The checkpoint a batch run leaves on its job: parts of recipients below `handedOver` may have been handed to the carrier. */
interface BatchCheckpoint {
  handedOver: number;
}

/**
 * Hands every Queued part of these messages to the carrier. Answers how many were accepted,
 * whether some must be retried, and whether the run stopped early because it lost its lease (or
 * could not store its checkpoint).
 */
export async function submitBatchParts(ctx: Ctx, c: Campaign, batch: WrittenBatch, run: BatchRun = {}): Promise<{ accepted: number; retry: string; stopped: boolean }> {
  const { deadline = Infinity, meta, progress } = run;
  const messageIds = batch.ids;
  if (messageIds.length === 0) return { accepted: 0, retry: "", stopped: false };
  // Parts this run has just written are all Queued; after an earlier run, read what is left.
  const parts = batch.parts ?? (await queuedParts(ctx, messageIds, batch.seqs));
  // The database answered this run: answers can be recorded again (see recordingFailed).
  outstanding.recordingFailed = false;
  // An earlier run died or stalled with parts handed over: those still Queued may be at the SMSC.
  const before = meta?.previousLost ? (meta.checkpoint as BatchCheckpoint | null | undefined)?.handedOver : undefined;
  if (batch.parts === null && before !== undefined) await markPossibleDuplicates(ctx, parts.filter((p) => p.seq < before).map((p) => p.id));
  const now = ctx.now();
  const live = parts.filter((p) => new Date(p.expires_at) > now);
  const dead = parts.filter((p) => new Date(p.expires_at) <= now);
  for (const p of dead) await ctx.db.$transaction((tx) => recordPartStatus(ctx, tx, p.id, unsent("The ttl passed before the message could be sent")));

  const carrier = await getCarrier();
  const held = () => (meta ? leaseHeld(meta) : true);
  const bulk = !(c.callbackUrl && c.callbackStrategy === "OnChange");
  const { binds, window = 10 } = carrier.stats();
  const slots = 2 * binds * window;
  const sent = new SentRecorder(ctx, bulk, Math.min(500, Math.max(1, Math.floor(slots / 2))));
  const refs = new Map<string, number>();
  const maybeAccepted: string[] = [];
  let retry = "";
  let accepted = 0;
  let stopped = false;
  // A bounded feed rather than everything at once (each lane holds at most one slot): the
  // carrier's queue stays short, and when the deadline passes (a slow SMSC), no new part is handed
  // over, so the job ends before the job engine would hand it to another worker; the rest goes on
  // a retry. A checkpoint every slots / 2 parts: what a crash leaves flagged stays within a few
  // windows.
  const mark = new HandOverMark(meta, live, Math.max(10, Math.floor(slots / 2)));
  let next = 0;
  let fed = false;
  progress?.(() => (fed ? 0 : live.length - next));
  const submitOne = async (part: QueuedPart) => {
    let ref = refs.get(part.message_id);
    if (ref === undefined) refs.set(part.message_id, (ref = Math.floor(Math.random() * 256)));
    const result: SubmitResult = await carrier.submit(
      submitPartOf({ id: part.id, text: part.text, partNumber: part.part_number }, { ...part, expiresAt: new Date(part.expires_at) }, ref, new Date()),
      { cancelled: () => !held() },
    );
    if (result.ok) {
      accepted += 1;
      // Answered after this run lost its lease: the run that took over may have sent it again.
      await sent.add(part.id, result.smscMessageId, Boolean(result.possibleDuplicate) || !held());
      return;
    }
    try {
      if (result.retryable) {
        retry = result.description;
        if (result.maybeAccepted) maybeAccepted.push(part.id);
      } else await ctx.db.$transaction((tx) => recordPartStatus(ctx, tx, part.id, rejected(result.description)));
    } finally {
      freeSlots(1);
    }
  };
  const lane = async () => {
    while (next < live.length) {
      if (Date.now() > deadline) {
        retry ||= `the batch ran past its time; ${live.length - next} parts wait for the retry`;
        return;
      }
      const i = next++;
      if (!held() || !(await mark.cover(i))) {
        stopped = true;
        return;
      }
      await takeSlot(slots);
      if (!held()) {
        freeSlots(1);
        stopped = true;
        return;
      }
      if (outstanding.recordingFailed) {
        freeSlots(1);
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
  await sent.done();
  await markPossibleDuplicates(ctx, maybeAccepted);
  wakeWorkers(deliverCallback.name);
  return { accepted, retry, stopped };
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
    private readonly parts: QueuedPart[],
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
    const mark: BatchCheckpoint = { handedOver: this.parts[upTo]!.seq + 1 };
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

async function queuedParts(ctx: Ctx, messageIds: string[], seqs: number[]): Promise<QueuedPart[]> {
  const { rows } = await ctx.sql.query<QueuedPart>(
    `SELECT b.seq, p.id::text, p.message_id::text, p.part_number, p.text, m."to", m."from", m.encoding, m.parts, m.flash, m.expires_at
     FROM unnest($1::uuid[], $2::int[]) AS b(id, seq)
     JOIN message_parts p ON p.message_id = b.id JOIN messages m ON m.id = p.message_id
     WHERE p.status = 'Queued' ORDER BY b.seq, p.part_number`,
    [messageIds, seqs],
  );
  return rows;
}

/**
 * Parts this process (all its batches) has handed to the carrier and not yet settled: waiting for
 * a window slot, on the wire, or answered but not yet recorded. A crash leaves those still Queued,
 * and they are sent again; so there are never more than 2 × the carrier's binds × window, which
 * bounds the parts a crash can leave at the SMSC twice. (binds × window alone would hold a
 * window slot until the database has the answer, and cost throughput.) A part whose answer could
 * not be recorded is settled too, but it stays Queued and may go twice: so once a recording has
 * failed, no batch of this process hands over another part (recordingFailed) until a run has
 * read from the database again. Without that, a database outage lets the batches go on
 * submitting parts none of whose answers are stored.
 */
const outstanding = { n: 0, limit: Infinity, waiters: [] as (() => void)[], head: 0, recordingFailed: false };
function takeSlot(limit: number): Promise<void> | void {
  outstanding.limit = limit;
  if (outstanding.n < limit) {
    outstanding.n++;
    return;
  }
  return new Promise<void>((r) => outstanding.waiters.push(r));
}
/** Frees slots, handing each to the longest waiting lane (one wake-up per slot, not per waiter). */
function freeSlots(k: number): void {
  outstanding.n -= k;
  const w = outstanding.waiters;
  while (outstanding.n < outstanding.limit && outstanding.head < w.length) {
    outstanding.n++;
    w[outstanding.head++]!();
  }
  if (outstanding.head > 1024 && outstanding.head * 2 > w.length) {
    outstanding.waiters = w.slice(outstanding.head);
    outstanding.head = 0;
  }
}

/**
 * Records accepted parts as Sent, a few hundred per statement: the part (with the SMSC's id, so
 * its receipt finds it, and submitted_at, which the timeline shows as its Sent step) and the
 * message's status. Parts whose reports go out on every change take the one-by-one path that
 * also schedules the report. Each recorded part frees its slot (takeSlot). add() never throws;
 * done() says whether everything was recorded.
 */
class SentRecorder {
  private ids: string[] = [];
  private smsc: string[] = [];
  private dup: boolean[] = [];
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<void> = Promise.resolve();
  private failure: unknown = null;
  constructor(
    private readonly ctx: Ctx,
    private readonly bulk: boolean,
    /** Answers gathered before a statement goes without waiting for the timer. */
    private readonly eager: number,
  ) {}

  async add(partId: string, smscMessageId: string, possibleDuplicate: boolean): Promise<void> {
    if (!this.bulk) {
      try {
        await this.ctx.db.$transaction(async (tx) => {
          const extra = { smscMessageId, submittedAt: this.ctx.now(), ...(possibleDuplicate ? { possibleDuplicate } : {}) };
          const changed = await recordPartStatus(this.ctx, tx, partId, sentToCarrier, extra);
          if (!changed && possibleDuplicate) await tx.messagePart.update({ where: { id: partId }, data: { possibleDuplicate } });
        });
      } catch (e) {
        this.failure ??= e;
        outstanding.recordingFailed = true;
      } finally {
        freeSlots(1);
      }
      return;
    }
    this.ids.push(partId);
    this.smsc.push(smscMessageId);
    this.dup.push(possibleDuplicate);
    if (this.ids.length >= this.eager) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), 20);
  }

  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const ids = this.ids;
    const smsc = this.smsc;
    const dup = this.dup;
    this.ids = [];
    this.smsc = [];
    this.dup = [];
    if (ids.length)
      this.chain = this.chain.then(() =>
        markSent(this.ctx, ids, smsc, dup).then(
          () => freeSlots(ids.length),
          (e) => {
            this.failure ??= e;
            outstanding.recordingFailed = true;
            freeSlots(ids.length);
          },
        ),
      );
    return this.chain;
  }

  /** Records what is left; throws when some answers could not be recorded (their parts may go twice). */
  async done(): Promise<void> {
    await this.flush();
    if (this.failure)
      throw new UncertainOutcome(`the SMSC's answers could not all be recorded: ${this.failure instanceof Error ? this.failure.message : String(this.failure)}`);
  }
}

/**
 * Parts the SMSC accepted become Sent with its message id. A part flagged as a possible duplicate
 * keeps the flag even when another run recorded it first (then only the flag changes).
 */
export async function markSent(ctx: Ctx, partIds: string[], smscIds: string[], possibleDuplicate: boolean[]): Promise<void> {
  const at = ctx.now();
  await ctx.sql.query(
    `WITH r AS (SELECT * FROM unnest($1::uuid[], $2::text[], $6::boolean[]) AS r(id, smsc, dup)),
     up AS (UPDATE message_parts p SET status = 'Sent', detailed_status = $3, status_description = $4, status_at = $5,
                   smsc_message_id = r.smsc, submitted_at = $5, possible_duplicate = p.possible_duplicate OR r.dup
            FROM r WHERE p.id = r.id AND p.status = 'Queued' RETURNING p.id, p.message_id),
     flagged AS (UPDATE message_parts p SET possible_duplicate = true
            FROM r WHERE p.id = r.id AND r.dup AND p.status <> 'Queued' AND NOT p.possible_duplicate)
     UPDATE messages m SET status = 'Sent', detailed_status = $3, status_description = $4, status_at = $5
     WHERE m.id IN (SELECT message_id FROM up) AND m.status = 'Queued'`,
    [partIds, smscIds, sentToCarrier.detailedStatus, sentToCarrier.description, at, possibleDuplicate],
  );
}
