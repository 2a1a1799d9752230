// sms.submit, a claimed batch at once: one query reads the queued parts of every message of the
// batch, the parts go to the carrier together (they fill its windows, where one message at a time
// left them nearly empty), and the SMSC's answers are recorded as they come, many per statement
// (record-statuses.ts: the part with its SMSC id and route, an event, the message's status, the
// OnChange report): a statement goes as soon as the previous one is done, with every answer that
// came meanwhile, so a receipt seldom overtakes the commit of its part's Sent. Refusals, and
// messages that need what only the one-by-one path does — a rented number's pace, a ttl already
// passed, a pool's reports, an OTP's SMS (its flow's job commits with the change) — take that path.
// Exactly once at the SMSC as before: every submit_sm carries the part's id (the client
// reference), and a job whose previous attempt was lost flags its parts possible_duplicate first.
import crypto from "node:crypto";
import type { Ctx } from "../context.ts";
import { inJob, leaseHeld, UncertainOutcome, type ClaimedJob, type JobMeta } from "../../jobs/job.ts";
import type { Carrier, RoutedResult, SubmitResult } from "../ports/carrier.ts";
import { deliverCallback } from "../callbacks/deliver-callback.ts";
import { submitPartOf } from "./submit-part.ts";
import { recordPartStatus } from "./record-part-status.ts";
import { markPossibleDuplicates } from "./mark-possible-duplicates.ts";
import { rejected, sentToCarrier, unsent } from "./statuses.ts";
import { routeKeyOf, routeOf } from "./route-of.ts";
import { mayBeRentedNumber } from "./sender-pace.ts";
import { textToSend } from "./secret-text.ts";
import { recordStatuses, reportOf, reportsSetWise, type PartChange, type ReportedMessage } from "./record-statuses.ts";

/** The one-by-one path (submit-sms.ts), for the messages the batch does not take. */
export type SubmitOne = (ctx: Ctx, messageId: string, meta: JobMeta) => Promise<void>;

interface Row {
  message_id: string;
  account_id: string;
  campaign_id: string | null;
  campaign_name: string;
  application_name: string;
  originating_service: string;
  direction: string;
  from: string;
  to: string;
  body: string;
  label: string;
  country: string;
  operator: string;
  mcc: string;
  mnc: string;
  encoding: string;
  parts: number;
  flash: boolean;
  expires_at: Date;
  created_at: Date;
  callback_url: string;
  callback_strategy: string;
  pool_id: string | null;
  part_id: string;
  part_number: number;
  text: string;
  sealed_text: string | null;
  price_micros: string;
}

type Message = ReportedMessage & { mcc: string; mnc: string; encoding: string; flash: boolean; expiresAt: Date; parts: number; queued: Part[] };
type Part = { id: string; partNumber: number; text: string; priceMicros: bigint };

const LOAD = `
  SELECT m.id::text AS message_id, m.account_id::text, m.campaign_id::text, m.campaign_name, m.application_name, m.originating_service, m.direction,
         m."from", m."to", m.body, m.label, m.country, m.operator, m.mcc, m.mnc, m.encoding, m.parts, m.flash, m.expires_at, m.created_at,
         m.callback_url, m.callback_strategy, m.pool_id::text, p.id::text AS part_id, p.part_number, p.text, p.sealed_text, p.price_micros::text
    FROM messages m JOIN message_parts p ON p.message_id = m.id AND p.status = 'Queued'
   WHERE m.id = ANY($1::uuid[])
   ORDER BY m.id, p.part_number`;

async function queuedMessages(ctx: Ctx, ids: string[]): Promise<Map<string, Message>> {
  const { rows } = await ctx.sql.prepared<Row>("sms_submit_queued", LOAD, [ids]);
  const out = new Map<string, Message>();
  for (const r of rows) {
    let m = out.get(r.message_id);
    if (!m) {
      m = {
        id: r.message_id,
        accountId: r.account_id,
        campaignId: r.campaign_id,
        campaignName: r.campaign_name,
        applicationName: r.application_name,
        originatingService: r.originating_service,
        direction: r.direction,
        from: r.from,
        to: r.to,
        body: r.body,
        label: r.label,
        country: r.country,
        operator: r.operator,
        mcc: r.mcc,
        mnc: r.mnc,
        encoding: r.encoding,
        parts: r.parts,
        flash: r.flash,
        expiresAt: new Date(r.expires_at),
        createdAt: new Date(r.created_at),
        callbackUrl: r.callback_url,
        callbackStrategy: r.callback_strategy,
        poolId: r.pool_id,
        queued: [],
      };
      out.set(r.message_id, m);
    }
    const text = r.sealed_text ? textToSend(ctx.config.authSecret, { id: r.part_id, text: r.text, sealedText: r.sealed_text }) : r.text;
    m.queued.push({ id: r.part_id, partNumber: r.part_number, text, priceMicros: BigInt(r.price_micros) });
  }
  return out;
}

/** The digits-only senders that are rented numbers (paced: one part per second). */
async function rentedAmong(ctx: Ctx, senders: string[]): Promise<Set<string>> {
  if (senders.length === 0) return new Set();
  const { rows } = await ctx.sql.query<{ msisdn: string }>(`SELECT msisdn FROM rented_numbers WHERE msisdn = ANY($1::text[])`, [senders.map((s) => `+${s}`)]);
  return new Set(rows.map((r) => r.msisdn.slice(1)));
}

export async function submitBatch(ctx: Ctx, jobs: ClaimedJob<{ messageId: string }>[], one: SubmitOne): Promise<Array<Error | null>> {
  const messages = await queuedMessages(ctx, [...new Set(jobs.map((j) => j.payload.messageId))]);
  const now = ctx.now();
  const rented = await rentedAmong(ctx, [...new Set([...messages.values()].map((m) => m.from).filter(mayBeRentedNumber))]);
  const sentEvent = (m: Message) => ({ messageId: m.id, accountId: m.accountId, campaignId: m.campaignId, label: m.label, status: "Sent", final: false });
  const alone = (m: Message) => m.expiresAt <= now || rented.has(m.from) || !reportsSetWise(m) || ctx.events.needsTransaction("sms.status", sentEvent(m));
  const taken = new Set<string>();
  const batch: { m: Message; meta: JobMeta; done: (e: Error | null) => void }[] = [];
  const apart: { m: Message; meta: JobMeta; done: (e: Error | null) => void }[] = [];
  const results = jobs.map((job) => {
    const m = messages.get(job.payload.messageId);
    // A message named by two jobs of the batch is sent by the first.
    if (!m || taken.has(m.id)) return Promise.resolve(null);
    taken.add(m.id);
    return new Promise<Error | null>((done) => (alone(m) ? apart : batch).push({ m, meta: job.meta, done }));
  });
  const asError = (e: unknown) => (e instanceof Error ? e : new Error(String(e)));
  // The one-by-one path, a few messages at a time (each holds a connection for its transactions).
  let next = 0;
  const oneByOne = async () => {
    while (next < apart.length) {
      const { m, meta, done } = apart[next++]!;
      await inJob(meta, () => one(ctx, m.id, meta)).then(
        () => done(null),
        (e: unknown) => done(asError(e)),
      );
    }
  };
  await Promise.all([
    ...Array.from({ length: Math.min(ALONE_AT_ONCE, apart.length) }, oneByOne),
    batch.length &&
      submitTogether(ctx, batch).catch((e: unknown) => {
        // Before any part went out (the lanes record every outcome themselves): those jobs are retried.
        for (const b of batch) b.done(asError(e));
      }),
  ]);
  return Promise.all(results);
}

/** Messages of a batch that take the one-by-one path at once. */
const ALONE_AT_ONCE = 4;

/** Hands the messages' parts to the carrier, a bounded number at a time, and records what the SMSC answers. */
async function submitTogether(ctx: Ctx, batch: { m: Message; meta: JobMeta; done: (e: Error | null) => void }[]): Promise<void> {
  // Their previous attempt's worker died or stalled: its submit_sm may have gone out.
  await markPossibleDuplicates(
    ctx,
    batch.filter((b) => b.meta.previousLost).flatMap((b) => b.m.queued.map((p) => p.id)),
  );
  const carrier = await ctx.carrier();
  const answers = new SentAnswers(ctx);
  const parts = batch.flatMap((b) => {
    const state = { retry: "", uncertain: "", left: b.m.queued.length, ref: crypto.randomInt(0, 256) };
    const settle = () => {
      if (--state.left > 0) return;
      b.done(state.uncertain ? new UncertainOutcome(state.uncertain) : state.retry ? new Error(`carrier asked to retry: ${state.retry}`) : null);
    };
    return b.m.queued.map((part) => ({ part, b, state, settle }));
  });
  // At most two windows' worth per bind handed over and not answered: the carrier's queue stays short.
  const { binds, window = 10 } = carrier.stats();
  const slots = Math.max(1, 2 * Math.max(1, binds) * window);
  let next = 0;
  const lane = async () => {
    while (next < parts.length) {
      const { part, b, state, settle } = parts[next++]!;
      try {
        const result = await inJob(b.meta, () => submitOne(ctx, carrier, b.m, part, state.ref, b.meta));
        if (result.ok) await answers.sent(b.m, part, result);
        else {
          if (result.maybeAccepted) await markPossibleDuplicates(ctx, [part.id]);
          if (result.retryable && b.meta.retryCount < b.meta.retryLimit) state.retry = result.description;
          else {
            const change = result.retryable ? unsent(`The carrier kept refusing: ${result.description}`) : rejected(result.description);
            await ctx.db.$transaction((tx) => recordPartStatus(ctx, tx, part.id, change, routeOf(result)), { maxWait: 30_000 });
          }
        }
      } catch (e) {
        state.uncertain ||= `the SMSC's answer could not be recorded: ${e instanceof Error ? e.message : String(e)}`;
      }
      settle();
    }
  };
  await Promise.all(Array.from({ length: Math.min(slots, parts.length) }, lane));
  // A refusal recorded one by one may have scheduled a report (the Sent ones woke it themselves).
  if (batch.some((b) => b.m.callbackUrl)) ctx.wake(deliverCallback);
}

function submitOne(ctx: Ctx, carrier: Carrier, m: Message, part: Part, ref: number, meta: JobMeta): Promise<SubmitResult & RoutedResult> {
  return carrier.submit(submitPartOf(part, m, ref, ctx.now()), { route: routeKeyOf(m), cancelled: () => !leaseHeld(meta) });
}

type Answer = { m: Message; part: Part; result: SubmitResult & RoutedResult & { ok: true }; resolve: () => void; reject: (e: unknown) => void };

/**
 * The SMSC's acceptances, recorded Sent by group commit: a statement as soon as the previous one
 * is done, with every answer that came meanwhile. When a statement fails, each of its answers is
 * recorded on its own (recordPartStatus), and fails only if that fails too.
 */
class SentAnswers {
  private pending: Answer[] = [];
  private writer: Promise<void> | null = null;
  constructor(private readonly ctx: Ctx) {}

  sent(m: Message, part: Part, result: SubmitResult & RoutedResult & { ok: true }): Promise<void> {
    const recorded = new Promise<void>((resolve, reject) => this.pending.push({ m, part, result, resolve, reject }));
    // Once the answers of the same read from the SMSC have come in; one statement at a time.
    this.writer ??= new Promise<void>((r) => setImmediate(r)).then(() => this.writeAll());
    return recorded;
  }

  private take(): Answer[] {
    const answers = this.pending;
    this.pending = [];
    return answers;
  }

  private async writeAll(): Promise<void> {
    try {
      for (let answers = this.take(); answers.length; answers = this.take()) await this.write(answers);
    } finally {
      this.writer = null;
    }
  }

  private async write(answers: Answer[]): Promise<void> {
    const at = this.ctx.now();
    const changes: PartChange[] = answers.map(({ m, part, result }) => ({
      partId: part.id,
      change: sentToCarrier,
      message: m,
      sent: { smscMessageId: result.smscMessageId, possibleDuplicate: Boolean(result.possibleDuplicate), ...routeOf(result) },
      report: reportOf(m, part, sentToCarrier, at),
    }));
    try {
      await recordStatuses(this.ctx, changes, at);
      for (const a of answers) a.resolve();
    } catch {
      await Promise.all(answers.map((a) => this.alone(a)));
    }
  }

  private async alone(a: Answer): Promise<void> {
    const { ctx } = this;
    try {
      const extra = { smscMessageId: a.result.smscMessageId, submittedAt: ctx.now(), ...(a.result.possibleDuplicate ? { possibleDuplicate: true } : {}), ...routeOf(a.result) };
      await ctx.db.$transaction((tx) => recordPartStatus(ctx, tx, a.part.id, sentToCarrier, extra), { maxWait: 30_000 });
      a.resolve();
    } catch (e) {
      a.reject(e);
    }
  }
}
