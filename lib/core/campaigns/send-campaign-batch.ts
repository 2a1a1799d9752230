// One batch of a campaign (about a thousand recipients). Its messages are built from the
// campaign's recipients (ids derived from the campaign and the recipient's position, so a run
// after a crash builds the same ones), their parts are handed to the carrier in recipient order
// (the carrier spreads them over its binds and windows), and each message is written once, when
// the SMSC has answered for it: Sent, with the SMSC's id, a few hundred answers per statement.
// Until then a recipient has no message, and the campaign counts it as Queued. That is one write
// per message where a Queued row then its Sent update took three (and on PostgreSQL's freshly
// filled pages the update rewrote every index of both tables). Campaigns whose callbacks report
// every change write their messages Queued first, with the Queued reports, and record each
// answer on its own.
//
// Duplicates after a crash are bounded and marked. A worker process never has more than
// 2 × binds × window parts handed to the carrier and not yet settled (answered and written, or
// refused): all that a crash can leave at the SMSC unwritten, to be sent again. Before a part is
// handed over, the job's checkpoint (lib/jobs: one small UPDATE of the job row every binds ×
// window parts, which also renews its lease) says how far this run may have gone; when a run
// dies or stalls past its lease, the next one flags every part below that mark that is not yet
// Sent as possible_duplicate, writing it Queued at once so the flag outlives that run too, before
// sending it again (a superset of those that really reach the SMSC twice). A run that has lost
// its lease hands nothing more over, and the carrier drops what of it still waits for a window
// slot.
import type { Ctx } from "../context.ts";
import type { Campaign } from "../../db/generated/client.ts";
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

/** A message of the batch, built from its recipient. */
interface BatchMessage {
  /** The recipient's position in the campaign (the order parts are handed over in). */
  seq: number;
  id: string;
  to: string;
  body: string;
  country: string;
  operator: string;
  mcc: string;
  mnc: string;
  numberType: string;
  encoding: string;
  priceMicros: string;
  expiresAt: Date;
  /** The concatenation reference its parts share. */
  ref: number;
  parts: BatchPart[];
  /** It has a row: written by an earlier run, or by this one. */
  stored: boolean;
}

interface BatchPart {
  id: string;
  number: number;
  text: string;
  priceMicros: string;
  message: BatchMessage;
  /** The SMSC's id once it accepted the part. */
  smscId: string | null;
  possibleDuplicate: boolean;
  /** An earlier run recorded more than Queued for it: nothing left to do. */
  settled: boolean;
}

/** A batch ready to go: its messages, and the parts to hand over, in order. */
export interface BatchPlan {
  createdAt: Date;
  messages: BatchMessage[];
  parts: BatchPart[];
}

export const messageIdFor = (campaignId: string, seq: number) => uuidFrom(`campaign:${campaignId}:${seq}`);
const partIdFor = (messageId: string, part: number) => uuidFrom(`part:${messageId}:${part}`);

/**
 * Builds the batch's messages from its recipients. A later attempt (retryCount > 0) also reads
 * what earlier ones stored, and leaves out parts that are past Queued.
 */
export async function planBatch(ctx: Ctx, c: Campaign, from: number, to: number, retryCount: number): Promise<BatchPlan> {
  const { rows } = await ctx.sql.query<RecipientRow>(
    `SELECT seq, mobile, country, contact_id::text, text, parts, encoding, price_micros::text, mcc, mnc, operator
     FROM campaign_recipients WHERE campaign_id = $1::uuid AND seq >= $2 AND seq < $3 ORDER BY seq`,
    [c.id, from, to],
  );
  const createdAt = ctx.now();
  const expiresAt = new Date(createdAt.getTime() + c.ttl * 60_000);
  const messages = rows.map((r): BatchMessage => {
    const split = splitBody(r.text);
    const id = messageIdFor(c.id, r.seq);
    const m: BatchMessage = {
      seq: r.seq,
      id,
      to: r.mobile,
      body: r.text,
      country: r.country,
      operator: r.operator,
      mcc: r.mcc,
      mnc: r.mnc,
      numberType: parseRecipient(r.mobile)?.numberType ?? "UNKNOWN",
      encoding: split.encoding,
      priceMicros: (BigInt(r.price_micros) * BigInt(split.parts.length)).toString(),
      expiresAt,
      ref: Math.floor(Math.random() * 256),
      parts: [],
      stored: false,
    };
    m.parts = split.parts.map((text, k) => ({ id: partIdFor(id, k + 1), number: k + 1, text, priceMicros: r.price_micros, message: m, smscId: null, possibleDuplicate: false, settled: false }));
    return m;
  });
  if (retryCount > 0 && messages.length) {
    const stored = await ctx.sql.query<{ id: string; status: string; possible_duplicate: boolean; expires_at: Date }>(
      `SELECT p.id::text, p.status, p.possible_duplicate, m.expires_at FROM message_parts p JOIN messages m ON m.id = p.message_id
       WHERE p.message_id = ANY($1::uuid[])`,
      [messages.map((m) => m.id)],
    );
    const parts = new Map(messages.flatMap((m) => m.parts.map((p) => [p.id, p] as const)));
    for (const row of stored.rows) {
      const p = parts.get(row.id);
      if (!p) continue;
      p.settled = row.status !== "Queued";
      p.possibleDuplicate = row.possible_duplicate;
      p.message.stored = true;
      p.message.expiresAt = new Date(row.expires_at);
    }
  }
  return { createdAt, messages, parts: messages.flatMap((m) => m.parts.filter((p) => !p.settled)) };
}

/** Runs a statement (on the pool, or in a transaction). */
type Run = (text: string, values: unknown[]) => Promise<{ id: string }[]>;

/**
 * Writes messages with their parts as this run knows them (Sent with the SMSC's id once
 * accepted, Queued otherwise), in one statement. A row an earlier or concurrent run stored moves
 * on only from Queued (and keeps a possible_duplicate flag). Answers the ids of messages it
 * inserted.
 */
async function storeMessages(run: Run, c: Campaign, createdAt: Date, messages: readonly BatchMessage[], at: Date): Promise<string[]> {
  if (messages.length === 0) return [];
  const m = { id: [] as string[], to: [] as string[], body: [] as string[], country: [] as string[], operator: [] as string[], mcc: [] as string[], mnc: [] as string[], type: [] as string[], enc: [] as string[], parts: [] as number[], price: [] as string[], sent: [] as boolean[], expires: [] as string[] };
  // A batch's messages share their expiry: formatted once, not once per message.
  const isos = new Map<number, string>();
  const iso = (d: Date) => {
    let t = isos.get(d.getTime());
    if (t === undefined) isos.set(d.getTime(), (t = d.toISOString()));
    return t;
  };
  const p = { id: [] as string[], message: [] as string[], n: [] as number[], text: [] as (string | null)[], price: [] as string[], smsc: [] as (string | null)[], dup: [] as boolean[] };
  for (const msg of messages) {
    m.id.push(msg.id);
    m.to.push(msg.to);
    m.body.push(msg.body);
    m.country.push(msg.country);
    m.operator.push(msg.operator);
    m.mcc.push(msg.mcc);
    m.mnc.push(msg.mnc);
    m.type.push(msg.numberType);
    m.enc.push(msg.encoding);
    m.parts.push(msg.parts.length);
    m.price.push(msg.priceMicros);
    m.sent.push(msg.parts.some((x) => x.smscId !== null));
    m.expires.push(iso(msg.expiresAt));
    for (const part of msg.parts) {
      if (part.settled) continue;
      p.id.push(part.id);
      p.message.push(msg.id);
      p.n.push(part.number);
      // A one-part message's text is its body: not sent twice.
      p.text.push(msg.parts.length === 1 ? null : part.text);
      p.price.push(part.priceMicros);
      p.smsc.push(part.smscId);
      p.dup.push(part.possibleDuplicate);
    }
  }
  const analysis = JSON.stringify(c.smsAnalysis && typeof c.smsAnalysis === "object" ? (c.smsAnalysis as { bodyAnalysis?: unknown }).bodyAnalysis ?? {} : {});
  const rows = await run(
    `WITH m AS (
       INSERT INTO messages (id, account_id, application_id, application_name, campaign_id, campaign_name, direction, originating_service,
                             "from", "to", body, label, country, operator, mcc, mnc, number_type, encoding, parts, flash, ttl, transcode,
                             body_analysis, callback_url, callback_strategy, status, detailed_status, status_description, status_at,
                             price_micros, currency, created_at, expires_at)
       SELECT u.id, $1::uuid, $2::uuid, $3, $4::uuid, $5, 'Outbound', 'Sms', $6, u.dest, u.body, '', u.country, u.operator, u.mcc, u.mnc, u.type,
              u.enc, u.parts, $7, $8, $9, $10::jsonb, $11, $12,
              CASE WHEN u.sent THEN 'Sent' ELSE 'Queued' END, CASE WHEN u.sent THEN $16 ELSE '' END, CASE WHEN u.sent THEN $17 ELSE '' END, $13,
              u.price, $14, $15, u.expires
       FROM unnest($18::uuid[], $19::text[], $20::text[], $21::text[], $22::text[], $23::text[], $24::text[], $25::text[], $26::text[], $27::int[],
                   $28::bigint[], $29::boolean[], $30::timestamptz[])
            AS u(id, dest, body, country, operator, mcc, mnc, type, enc, parts, price, sent, expires)
       ON CONFLICT (id) DO UPDATE SET status = excluded.status, detailed_status = excluded.detailed_status,
                                      status_description = excluded.status_description, status_at = excluded.status_at
         WHERE messages.status = 'Queued' AND excluded.status <> 'Queued'
       RETURNING id, xmax = 0 AS inserted),
     p AS (
       INSERT INTO message_parts AS o (id, message_id, account_id, part_number, text, status, detailed_status, status_description, status_at,
                                       price_micros, created_at, smsc_message_id, submitted_at, possible_duplicate)
       SELECT u.id, u.message_id, $1::uuid, u.n, COALESCE(u.text, b.body),
              CASE WHEN u.smsc IS NULL THEN 'Queued' ELSE 'Sent' END, CASE WHEN u.smsc IS NULL THEN '' ELSE $16 END,
              CASE WHEN u.smsc IS NULL THEN '' ELSE $17 END, $13, u.price, $15, u.smsc, CASE WHEN u.smsc IS NULL THEN NULL ELSE $13 END, u.dup
       FROM unnest($31::uuid[], $32::uuid[], $33::int[], $34::text[], $35::bigint[], $36::text[], $37::boolean[])
            AS u(id, message_id, n, text, price, smsc, dup)
            LEFT JOIN unnest($18::uuid[], $20::text[]) AS b(id, body) ON b.id = u.message_id
       ON CONFLICT (id) DO UPDATE SET
         status = CASE WHEN o.status = 'Queued' THEN excluded.status ELSE o.status END,
         detailed_status = CASE WHEN o.status = 'Queued' THEN excluded.detailed_status ELSE o.detailed_status END,
         status_description = CASE WHEN o.status = 'Queued' THEN excluded.status_description ELSE o.status_description END,
         status_at = CASE WHEN o.status = 'Queued' THEN excluded.status_at ELSE o.status_at END,
         smsc_message_id = CASE WHEN o.status = 'Queued' THEN excluded.smsc_message_id ELSE o.smsc_message_id END,
         submitted_at = CASE WHEN o.status = 'Queued' THEN excluded.submitted_at ELSE o.submitted_at END,
         possible_duplicate = o.possible_duplicate OR excluded.possible_duplicate
         WHERE (o.status = 'Queued' AND excluded.status <> 'Queued') OR (excluded.possible_duplicate AND NOT o.possible_duplicate))
     SELECT id::text FROM m WHERE inserted`,
    [
      c.accountId, c.applicationId, c.applicationName, c.id, c.name, c.from, c.flash, c.ttl, c.transcode, analysis,
      c.callbackUrl, c.callbackStrategy, at, c.currency, createdAt, sentToCarrier.detailedStatus, sentToCarrier.description,
      m.id, m.to, m.body, m.country, m.operator, m.mcc, m.mnc, m.type, m.enc, m.parts, m.price, m.sent, m.expires,
      p.id, p.message, p.n, p.text, p.price, p.smsc, p.dup,
    ],
  );
  for (const msg of messages) msg.stored = true;
  return rows.map((r) => r.id);
}

/** Writes the messages not stored yet as Queued, with their Queued reports (callbacks on every change). */
async function storeQueuedWithReports(ctx: Ctx, c: Campaign, plan: BatchPlan): Promise<void> {
  const fresh = plan.messages.filter((m) => !m.stored);
  if (fresh.length === 0) return;
  await ctx.enqueue.prepare([deliverCallback]);
  await ctx.db.$transaction(
    async (tx) => {
      const inserted = await storeMessages((text, values) => tx.$queryRawUnsafe(text, ...values), c, plan.createdAt, fresh, ctx.now());
      const messages = await tx.message.findMany({ where: { id: { in: inserted } }, include: { messageParts: true } });
      for (const msg of messages)
        for (const part of msg.messageParts)
          await scheduleCallback(ctx, tx, {
            accountId: msg.accountId,
            kind: "sms.status",
            url: msg.callbackUrl,
            messageId: msg.id,
            payload: smsReportPayload(msg, { ...part, doneAt: null }, { ...queued, at: msg.createdAt }),
          });
    },
    { timeout: 60_000 },
  );
  wakeWorkers(deliverCallback.name);
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
 * Hands the batch's parts to the carrier and writes its messages as the SMSC answers. Answers
 * how many parts were accepted, whether some must be retried, and whether the run stopped early
 * because it lost its lease (or could not store its checkpoint).
 */
export async function submitBatchParts(ctx: Ctx, c: Campaign, plan: BatchPlan, run: BatchRun = {}): Promise<{ accepted: number; retry: string; stopped: boolean }> {
  const { deadline = Infinity, meta, progress } = run;
  if (plan.parts.length === 0) return { accepted: 0, retry: "", stopped: false };
  const bulk = !(c.callbackUrl && c.callbackStrategy === "OnChange");
  const store = (messages: readonly BatchMessage[]) =>
    storeMessages(async (text, values) => (await ctx.sql.prepared<{ id: string }>("campaign_store_messages", text, values)).rows, c, plan.createdAt, messages, ctx.now());
  if (!bulk) await storeQueuedWithReports(ctx, c, plan);
  // The database answered this run: answers can be recorded again (see recordingFailed).
  outstanding.recordingFailed = false;
  // An earlier run died or stalled with parts handed over: those below its mark may be at the
  // SMSC. They are flagged, and written with the flag, before anything goes out again.
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

  const carrier = await getCarrier();
  const held = () => (meta ? leaseHeld(meta) : true);
  const { binds, window = 10 } = carrier.stats();
  const slots = 2 * binds * window;
  const answers = new AnswerRecorder(ctx, store, bulk, Math.min(500, Math.max(1, Math.floor(slots / 2))));
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
  const submitOne = async (part: BatchPart) => {
    const m = part.message;
    const result: SubmitResult = await carrier.submit(submitPartOf({ id: part.id, text: part.text, partNumber: part.number }, { from: c.from, to: m.to, encoding: m.encoding, parts: m.parts.length, flash: c.flash, expiresAt: m.expiresAt }, m.ref, new Date()), {
      cancelled: () => !held(),
    });
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
      } else freeSlots(1);
      return;
    }
    try {
      if (!m.stored) await store([m]);
      await ctx.db.$transaction((tx) => recordPartStatus(ctx, tx, part.id, rejected(result.description)));
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
  await answers.done();
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

/**
 * Parts this process (all its batches) has handed to the carrier and not yet settled: waiting for
 * a window slot, on the wire, or answered but not yet written. A crash leaves those unwritten (or
 * Queued), and they are sent again; so there are never more than 2 × the carrier's binds × window,
 * which bounds the parts a crash can leave at the SMSC twice. (binds × window alone would hold a
 * window slot until the database has the answer, and cost throughput.) A part whose answer could
 * not be written is settled too, but may go twice: so once a write has failed, no batch of this
 * process hands over another part (recordingFailed) until a run has read from the database
 * again. Without that, a database outage lets the batches go on submitting parts none of whose
 * answers are stored.
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
 * Writes the SMSC's answers, a few hundred per statement: each message with an answered part is
 * written whole (its other parts Queued until theirs come). Parts whose reports go out on every
 * change are recorded one by one instead, with their report. Each answer frees its slot
 * (takeSlot) once written. sent() and queued() never throw; done() says whether everything was
 * written.
 */
class AnswerRecorder {
  private messages = new Set<BatchMessage>();
  private answers = 0;
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<void> = Promise.resolve();
  private failure: unknown = null;
  constructor(
    private readonly ctx: Ctx,
    private readonly store: (messages: readonly BatchMessage[]) => Promise<unknown>,
    private readonly bulk: boolean,
    /** Answers gathered before a statement goes without waiting for the timer. */
    private readonly eager: number,
  ) {}

  /** The SMSC accepted the part. One by one, resolves once it is recorded. */
  sent(part: BatchPart, smscId: string): Promise<void> | void {
    part.smscId = smscId;
    if (this.bulk) return this.add(part);
    return this.ctx.db
      .$transaction(async (tx) => {
        const extra = { smscMessageId: smscId, submittedAt: this.ctx.now(), ...(part.possibleDuplicate ? { possibleDuplicate: true } : {}) };
        const changed = await recordPartStatus(this.ctx, tx, part.id, sentToCarrier, extra);
        if (!changed && part.possibleDuplicate) await tx.messagePart.update({ where: { id: part.id }, data: { possibleDuplicate: true } });
      })
      .then(
        () => freeSlots(1),
        (e) => this.failed(e, 1),
      );
  }

  /** The part stays Queued (with its possible-duplicate flag). */
  queued(part: BatchPart): void {
    this.add(part);
  }

  private add(part: BatchPart): void {
    this.messages.add(part.message);
    this.answers += 1;
    if (this.answers >= this.eager) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), 20);
  }

  private failed(e: unknown, answers: number): void {
    this.failure ??= e;
    outstanding.recordingFailed = true;
    freeSlots(answers);
  }

  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const messages = [...this.messages];
    const answers = this.answers;
    this.messages.clear();
    this.answers = 0;
    if (messages.length)
      this.chain = this.chain.then(() =>
        this.store(messages).then(
          () => freeSlots(answers),
          (e) => this.failed(e, answers),
        ),
      );
    return this.chain;
  }

  /** Writes what is left; throws when some answers could not be written (their parts may go twice). */
  async done(): Promise<void> {
    await this.flush();
    if (this.failure)
      throw new UncertainOutcome(`the SMSC's answers could not all be recorded: ${this.failure instanceof Error ? this.failure.message : String(this.failure)}`);
  }
}
