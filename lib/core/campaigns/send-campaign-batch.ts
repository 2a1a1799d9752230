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
import type { Ctx } from "../context.ts";
import type { Campaign } from "../../db/generated/client.ts";
import { uuidFrom } from "../../ids.ts";
import type { SubmitResult } from "../ports/carrier.ts";
import { leaseHeld, UncertainOutcome, type JobMeta } from "../../jobs/job.ts";
import { deliverCallback } from "../callbacks/deliver-callback.ts";
import { splitBody } from "../sms/analyze-body.ts";
import { parseRecipient } from "../sms/parse-recipient.ts";
import { recordPartStatus } from "../sms/record-part-status.ts";
import { submitPartOf } from "../sms/submit-part.ts";
import { reportQueued } from "../sms/record-queued.ts";
import { rejected, sentToCarrier, unsent } from "../sms/statuses.ts";

interface RecipientRow {
  seq: number;
  mobile: string;
  country: string;
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
  /** Messages with parts an earlier run logged as accepted (campaign_answer_groups) but did not store as Sent: to store, not to send. */
  answered: BatchMessage[];
}

export const messageIdFor = (campaignId: string, seq: number) => uuidFrom(`campaign:${campaignId}:${seq}`);
const partIdFor = (messageId: string, part: number) => uuidFrom(`part:${messageId}:${part}`);

/**
 * Builds the batch's messages from its recipients. A later attempt (retryCount > 0) also reads
 * what earlier ones stored, and leaves out parts that are past Queued, and the answers they
 * logged, and leaves out those parts too: they are stored as Sent, not sent again.
 */
export async function planBatch(ctx: Ctx, c: Campaign, from: number, to: number, retryCount: number): Promise<BatchPlan> {
  const { rows } = await ctx.sql.query<RecipientRow>(
    `SELECT seq, mobile, country, text, parts, encoding, price_micros::text, mcc, mnc, operator
     FROM campaign_recipients WHERE campaign_id = $1::uuid AND seq >= $2 AND seq < $3 ORDER BY seq`,
    [c.id, from, to],
  );
  const createdAt = ctx.now();
  const expiresAt = new Date(createdAt.getTime() + c.ttl * 60_000);
  const messages = rows.map((r): BatchMessage => {
    // The recipient's parts and encoding were worked out from this very text when the campaign
    // was accepted: a one-part text needs no second look.
    const split = r.parts === 1 ? { parts: [r.text], encoding: r.encoding } : splitBody(r.text);
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
    const bySeq = new Map(messages.map((m) => [m.seq, m]));
    for (const [seq, number, smscId, duplicate] of await loggedAnswers(ctx, c.id)) {
      const p = bySeq.get(seq)?.parts[number - 1];
      if (!p || p.settled) continue;
      p.smscId = smscId;
      p.possibleDuplicate ||= duplicate === 1;
    }
  }
  return {
    createdAt,
    messages,
    parts: messages.flatMap((m) => m.parts.filter((p) => !p.settled && p.smscId === null)),
    answered: messages.filter((m) => m.parts.some((p) => !p.settled && p.smscId !== null)),
  };
}

/** A logged answer: [seq, part_number, smsc_message_id, possible_duplicate (0 or 1)]. */
export type AnswerEntry = [seq: number, part: number, smscId: string, duplicate: 0 | 1];

/**
 * Logs answers, a row per campaign (campaign_answer_groups: JSON text, one index entry for the
 * whole group). A row per answer cost PostgreSQL ≈ 9 µs an answer to insert, index, delete and
 * vacuum: an eighth of its work for a 30k campaign.
 */
export async function logAnswers(ctx: Ctx, byCampaign: Map<string, AnswerEntry[]>): Promise<void> {
  await ctx.sql.prepared(
    "campaign_log_answers",
    `INSERT INTO campaign_answer_groups (campaign_id, answers) SELECT * FROM unnest($1::uuid[], $2::text[])`,
    [[...byCampaign.keys()], [...byCampaign.values()].map((answers) => JSON.stringify(answers))],
  );
}

/** Every answer the campaign's batches logged (read by a run after a crash). */
async function loggedAnswers(ctx: Ctx, campaignId: string): Promise<AnswerEntry[]> {
  const { rows } = await ctx.sql.query<{ answers: string }>(`SELECT answers FROM campaign_answer_groups WHERE campaign_id = $1::uuid`, [campaignId]);
  return rows.flatMap((r) => JSON.parse(r.answers) as AnswerEntry[]);
}

/** An accepted part to log, with the campaign it belongs to and the run that waits for it. */
interface LoggedAnswer {
  campaignId: string;
  part: BatchPart;
  recorder: AnswerRecorder;
}

/**
 * The answer log (logAnswers) of every batch this process runs on one database, by group
 * commit: a statement goes as soon as the previous one is done, with every answer that came
 * meanwhile. Each logged answer frees its window slot, so answers should not wait for a timer or
 * for a statement of their own batch.
 */
class AnswerLog {
  private pending: LoggedAnswer[] = [];
  private writing = false;
  constructor(private readonly ctx: Ctx) {}

  add(answer: LoggedAnswer): void {
    this.pending.push(answer);
    if (this.writing) return;
    this.writing = true;
    // After the answers of the same read from the SMSC have come in.
    setImmediate(() => void this.writeAll());
  }

  private async writeAll(): Promise<void> {
    while (this.pending.length) {
      const answers = this.pending;
      this.pending = [];
      try {
        const byCampaign = new Map<string, AnswerEntry[]>();
        for (const a of answers) {
          let group = byCampaign.get(a.campaignId);
          if (!group) byCampaign.set(a.campaignId, (group = []));
          group.push([a.part.message.seq, a.part.number, a.part.smscId!, a.part.possibleDuplicate ? 1 : 0]);
        }
        await logAnswers(this.ctx, byCampaign);
      } catch (e) {
        for (const a of answers) a.recorder.notLogged(e);
        continue;
      }
      freeSlots(answers.length);
      for (const a of answers) a.recorder.logged(a.part);
    }
    this.writing = false;
  }
}

const answerLogs = new WeakMap<object, AnswerLog>();
/** The process's answer log on this context's database. */
function answerLogOf(ctx: Ctx): AnswerLog {
  let log = answerLogs.get(ctx.sql);
  if (!log) answerLogs.set(ctx.sql, (log = new AnswerLog(ctx)));
  return log;
}

/** Runs a statement (on the pool, or in a transaction). */
type Run = (text: string, values: unknown[]) => Promise<{ id: string }[]>;

/**
 * Writes messages with their parts as this run knows them (Sent with the SMSC's id once
 * accepted, Queued otherwise), in one statement. A row an earlier or concurrent run stored moves
 * on only from Queued (and keeps a possible_duplicate flag). With `inserted`, answers the ids of
 * the messages it inserted (otherwise nothing: 30k ids a campaign would read and throw away).
 *
 * Rows go as JSON (json_to_recordset): stringified natively, where pg's array parameters escape
 * each element in JavaScript. Parsing it is a quarter of the statement's time in PostgreSQL, so
 * the rows are lean: one-letter keys, a message's single part on the message's own row, and the
 * body, encoding and expiry only where they differ from the first message's (a personalised
 * text, or the expiry of a message an earlier run stored).
 */
async function storeMessages(run: Run, c: Campaign, createdAt: Date, messages: readonly BatchMessage[], at: Date, inserted = false): Promise<string[]> {
  if (messages.length === 0) return [];
  const first = messages[0]!;
  const expires = first.expiresAt.getTime();
  const rows: object[] = [];
  const parts: object[] = [];
  for (const msg of messages) {
    const row: Record<string, unknown> = {
      i: msg.id,
      t: msg.to,
      c: msg.country,
      o: msg.operator,
      m: msg.mcc,
      n: msg.mnc,
      y: msg.numberType,
      p: msg.parts.length,
      r: msg.priceMicros,
    };
    if (msg.body !== first.body) row.b = msg.body;
    if (msg.encoding !== first.encoding) row.e = msg.encoding;
    if (msg.expiresAt.getTime() !== expires) row.x = msg.expiresAt.toISOString();
    if (msg.parts.some((x) => x.smscId !== null)) row.a = true;
    const only = msg.parts.length === 1 ? msg.parts[0]! : null;
    if (only && !only.settled) {
      row.q = only.id;
      if (only.smscId !== null) row.s = only.smscId;
      if (only.possibleDuplicate) row.d = true;
      if (only.text !== msg.body) row.pt = only.text;
      if (only.priceMicros !== msg.priceMicros) row.pp = only.priceMicros;
    } else if (!only)
      for (const part of msg.parts)
        if (!part.settled) parts.push({ q: part.id, i: msg.id, k: part.number, pt: part.text, pp: part.priceMicros, s: part.smscId, d: part.possibleDuplicate });
    rows.push(row);
  }
  const analysis = JSON.stringify(c.smsAnalysis && typeof c.smsAnalysis === "object" ? (c.smsAnalysis as { bodyAnalysis?: unknown }).bodyAnalysis ?? {} : {});
  const result = await run(
    `WITH u AS (
       SELECT * FROM json_to_recordset($18::json)
         AS u(i uuid, t text, c text, o text, m text, n text, y text, p int, r bigint, b text, e text, x timestamptz, a boolean,
              q uuid, s text, d boolean, pt text, pp bigint)),
     m AS (
       INSERT INTO messages (id, account_id, application_id, application_name, campaign_id, campaign_name, direction, originating_service,
                             "from", "to", body, label, country, operator, mcc, mnc, number_type, encoding, parts, flash, ttl, transcode,
                             body_analysis, callback_url, callback_strategy, status, detailed_status, status_description, status_at,
                             price_micros, currency, created_at, expires_at)
       SELECT u.i, $1::uuid, $2::uuid, $3, $4::uuid, $5, 'Outbound', 'Sms', $6, u.t, COALESCE(u.b, $20), '', u.c, u.o, u.m, u.n, u.y,
              COALESCE(u.e, $21), u.p, $7, $8, $9, $10::jsonb, $11, $12,
              CASE WHEN u.a THEN 'Sent' ELSE 'Queued' END, CASE WHEN u.a THEN $16 ELSE '' END, CASE WHEN u.a THEN $17 ELSE '' END, $13,
              u.r, $14, $15, COALESCE(u.x, $22::timestamptz)
       FROM u
       ON CONFLICT (id) DO UPDATE SET status = excluded.status, detailed_status = excluded.detailed_status,
                                      status_description = excluded.status_description, status_at = excluded.status_at
         WHERE messages.status = 'Queued' AND excluded.status <> 'Queued'
       ${inserted ? "RETURNING id, xmax = 0 AS inserted" : ""}),
     v AS (
       SELECT u.q, u.i, 1 AS k, COALESCE(u.pt, u.b, $20) AS pt, COALESCE(u.pp, u.r) AS pp, u.s, COALESCE(u.d, false) AS d FROM u WHERE u.q IS NOT NULL
       UNION ALL
       SELECT * FROM json_to_recordset($19::json) AS w(q uuid, i uuid, k int, pt text, pp bigint, s text, d boolean)),
     p AS (
       INSERT INTO message_parts AS o (id, message_id, account_id, part_number, text, status, detailed_status, status_description, status_at,
                                       price_micros, created_at, smsc_message_id, submitted_at, possible_duplicate)
       SELECT v.q, v.i, $1::uuid, v.k, v.pt,
              CASE WHEN v.s IS NULL THEN 'Queued' ELSE 'Sent' END, CASE WHEN v.s IS NULL THEN '' ELSE $16 END,
              CASE WHEN v.s IS NULL THEN '' ELSE $17 END, $13, v.pp, $15, v.s, CASE WHEN v.s IS NULL THEN NULL ELSE $13 END, v.d
       FROM v
       ON CONFLICT (id) DO UPDATE SET
         status = CASE WHEN o.status = 'Queued' THEN excluded.status ELSE o.status END,
         detailed_status = CASE WHEN o.status = 'Queued' THEN excluded.detailed_status ELSE o.detailed_status END,
         status_description = CASE WHEN o.status = 'Queued' THEN excluded.status_description ELSE o.status_description END,
         status_at = CASE WHEN o.status = 'Queued' THEN excluded.status_at ELSE o.status_at END,
         smsc_message_id = CASE WHEN o.status = 'Queued' THEN excluded.smsc_message_id ELSE o.smsc_message_id END,
         submitted_at = CASE WHEN o.status = 'Queued' THEN excluded.submitted_at ELSE o.submitted_at END,
         possible_duplicate = o.possible_duplicate OR excluded.possible_duplicate
         WHERE (o.status = 'Queued' AND excluded.status <> 'Queued') OR (excluded.possible_duplicate AND NOT o.possible_duplicate))
     ${inserted ? "SELECT id::text FROM m WHERE inserted" : "SELECT"}`,
    [
      c.accountId, c.applicationId, c.applicationName, c.id, c.name, c.from, c.flash, c.ttl, c.transcode, analysis,
      c.callbackUrl, c.callbackStrategy, at, c.currency, createdAt, sentToCarrier.detailedStatus, sentToCarrier.description,
      JSON.stringify(rows),
      JSON.stringify(parts),
      first.body,
      first.encoding,
      first.expiresAt.toISOString(),
    ],
  );
  for (const msg of messages) msg.stored = true;
  return inserted ? result.map((r) => r.id) : [];
}

/** Writes the messages not stored yet as Queued, with their Queued reports (callbacks on every change). */
async function storeQueuedWithReports(ctx: Ctx, c: Campaign, plan: BatchPlan): Promise<void> {
  const fresh = plan.messages.filter((m) => !m.stored);
  if (fresh.length === 0) return;
  await ctx.enqueue.ready();
  await ctx.db.$transaction(
    async (tx) => {
      const inserted = await storeMessages((text, values) => tx.$queryRawUnsafe(text, ...values), c, plan.createdAt, fresh, ctx.now(), true);
      const messages = await tx.message.findMany({ where: { id: { in: inserted } }, include: { messageParts: true } });
      for (const msg of messages) await reportQueued(ctx, tx, msg, msg.messageParts);
    },
    { timeout: 60_000 },
  );
  ctx.wake(deliverCallback);
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
  // Nothing to send may still leave answers an earlier run logged and did not store.
  if (plan.parts.length === 0 && plan.answered.length === 0) return { accepted: 0, retry: "", stopped: false };
  const bulk = !(c.callbackUrl && c.callbackStrategy === "OnChange");
  const store = (messages: readonly BatchMessage[]) =>
    storeMessages(async (text, values) => (await ctx.sql.prepared<{ id: string }>("campaign_store_messages", text, values)).rows, c, plan.createdAt, messages, ctx.now());
  if (!bulk) await storeQueuedWithReports(ctx, c, plan);
  // The database answered this run: answers can be recorded again (see recordingFailed).
  outstanding.recordingFailed = false;
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

  const carrier = await ctx.carrier();
  const held = () => (meta ? leaseHeld(meta) : true);
  const { binds, window = 10 } = carrier.stats();
  const slots = 2 * binds * window;
  const answers = new AnswerRecorder(ctx, c.id, store, bulk);
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
  ctx.wake(deliverCallback);
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
 * a window slot, on the wire, or answered but not yet logged. A crash leaves those unrecorded (or
 * Queued), and they are sent again; so there are never more than 2 × the carrier's binds × window,
 * which bounds the parts a crash can leave at the SMSC twice. (binds × window alone would hold a
 * window slot until the database has the answer, and cost throughput.) A part whose answer could
 * not be logged is settled too, but may go twice: so once that has failed, no batch of this
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
 * Records the SMSC's answers in two steps. First each accepted part is logged (AnswerLog: with
 * the other answers of its statement, in one small row), which frees its window slot (takeSlot):
 * a crash after that loses nothing, as the next run stores logged answers instead of sending
 * again. Then, once each of its parts has an answer, its message is written whole, a few hundred
 * per statement, without holding slots. Parts whose reports go out on every change
 * are recorded one by one instead, with their report. sent() and queued() never throw; done()
 * says whether everything was stored.
 */
class AnswerRecorder {
  private readonly log: AnswerLog;
  private readonly messages: Batcher<BatchMessage>;
  private readonly others = new Set<Promise<void>>();
  /** Messages handed to `messages`, and those with a logged part still waiting for the others. */
  private readonly written = new Set<BatchMessage>();
  private readonly partial = new Set<BatchMessage>();
  /** Answers handed to the log and not yet logged (or refused), and who waits for none. */
  private unlogged = 0;
  private idle: (() => void) | null = null;
  private failure: unknown = null;
  constructor(
    private readonly ctx: Ctx,
    private readonly campaignId: string,
    private readonly store: (messages: readonly BatchMessage[]) => Promise<unknown>,
    private readonly bulk: boolean,
  ) {
    this.log = answerLogOf(ctx);
    this.messages = new Batcher(500, 50, async (messages) => {
      try {
        await this.store([...new Set(messages)]);
      } catch (e) {
        // Logged: a retry stores them. Nothing needs to stop sending.
        this.failure ??= e;
      }
    });
  }

  /** The SMSC accepted the part. One by one, resolves once it is recorded. */
  sent(part: BatchPart, smscId: string): Promise<void> | void {
    part.smscId = smscId;
    if (this.bulk) {
      this.unlogged += 1;
      return this.log.add({ campaignId: this.campaignId, part, recorder: this });
    }
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

  /**
   * The answer log has the part (its slot is free). Its message is written with the next few
   * hundred once each of its parts has an answer; done() writes those some of whose parts got
   * none. (Written again at each part's answer, a long message's row was locked by its upsert
   * while receipts for its first parts were updating it, in the opposite order: deadlocks.)
   */
  logged(part: BatchPart): void {
    const m = part.message;
    if (!this.written.has(m)) {
      if (m.parts.every((p) => p.settled || p.smscId !== null)) {
        this.written.add(m);
        this.messages.add(m);
      } else this.partial.add(m);
    }
    this.settle();
  }

  /** The answer log could not store the part's answer. */
  notLogged(e: unknown): void {
    this.failed(e, 1);
    this.settle();
  }

  private settle(): void {
    this.unlogged -= 1;
    if (this.unlogged === 0) this.idle?.();
  }

  /** The part stays Queued with its possible-duplicate flag, stored before its slot is freed. */
  queued(part: BatchPart): void {
    const w: Promise<void> = this.store([part.message]).then(
      () => freeSlots(1),
      (e) => this.failed(e, 1),
    );
    this.others.add(w);
    void w.finally(() => this.others.delete(w));
  }

  private failed(e: unknown, answers: number): void {
    this.failure ??= e;
    outstanding.recordingFailed = true;
    freeSlots(answers);
  }

  /** Stores what is left; throws when some answers could not be stored (their parts may go twice, or wait for a retry). */
  async done(): Promise<void> {
    if (this.unlogged > 0) await new Promise<void>((r) => (this.idle = r));
    for (const m of this.partial) if (!this.written.has(m)) this.messages.add(m);
    await this.messages.flush();
    await Promise.all(this.others);
    if (this.failure)
      throw new UncertainOutcome(`the SMSC's answers could not all be recorded: ${this.failure instanceof Error ? this.failure.message : String(this.failure)}`);
  }
}

/** Items written in groups: when `eager` are waiting, or `delayMs` after the first; one write at a time. `write` must not throw. */
class Batcher<T> {
  private items: T[] = [];
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<void> = Promise.resolve();
  constructor(
    private readonly eager: number,
    private readonly delayMs: number,
    private readonly write: (items: T[]) => Promise<void>,
  ) {}

  add(item: T): void {
    this.items.push(item);
    if (this.items.length >= this.eager) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.delayMs);
  }

  /** Writes what waits; resolves when every write so far is done. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const items = this.items;
    this.items = [];
    if (items.length) this.chain = this.chain.then(() => this.write(items));
    return this.chain;
  }
}
