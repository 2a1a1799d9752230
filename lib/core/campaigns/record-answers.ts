// How a campaign batch records the SMSC's answers: logged first (answer-log.ts), which frees the
// part's hand-over slot, then each message written whole, a few hundred per statement; or, for
// campaigns reporting every change, each part recorded on its own with its report.
import type { Ctx } from "../context.ts";
import { UncertainOutcome } from "../../jobs/job.ts";
import { recordPartStatus } from "../sms/record-part-status.ts";
import { sentToCarrier } from "../sms/statuses.ts";
import { answerLogOf, type AnswerLog } from "./answer-log.ts";
import type { HandOverSlots } from "./hand-over-slots.ts";
import type { BatchMessage, BatchPart } from "./plan-batch.ts";
import { PartTally } from "../sms/part-tally.ts";

/**
 * Records the SMSC's answers in two steps. First each accepted part is logged (AnswerLog: with
 * the other answers of its statement, in one small row), which frees its window slot (HandOverSlots.take):
 * a crash after that loses nothing, as the next run stores logged answers instead of sending
 * again. Then, once each of its parts has an answer, its message is written whole, a few hundred
 * per statement, without holding slots. Parts whose reports go out on every change
 * are recorded one by one instead, with their report. sent() and queued() never throw; done()
 * says whether everything was stored.
 */
export class AnswerRecorder {
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
  /** Parts whose acceptance is logged, for the metrics (the one-by-one path counts its own). */
  private readonly tally = new PartTally();
  constructor(
    private readonly ctx: Ctx,
    private readonly campaignId: string,
    private readonly store: (messages: readonly BatchMessage[]) => Promise<unknown>,
    private readonly bulk: boolean,
    readonly slots: HandOverSlots,
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
        () => this.slots.free(1),
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
    this.tally.add("submitted", part.route?.connectorId, m.country);
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
      () => this.slots.free(1),
      (e) => this.failed(e, 1),
    );
    this.others.add(w);
    void w.finally(() => this.others.delete(w));
  }

  private failed(e: unknown, answers: number): void {
    this.failure ??= e;
    this.slots.recordingFailed = true;
    this.slots.free(answers);
  }

  /** Stores what is left; throws when some answers could not be stored (their parts may go twice, or wait for a retry). */
  async done(): Promise<void> {
    if (this.unlogged > 0) await new Promise<void>((r) => (this.idle = r));
    for (const m of this.partial) if (!this.written.has(m)) this.messages.add(m);
    await this.messages.flush();
    await Promise.all(this.others);
    this.tally.flush(this.ctx.metrics);
    if (this.failure) throw new UncertainOutcome(`the SMSC's answers could not all be recorded: ${this.failure instanceof Error ? this.failure.message : String(this.failure)}`);
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
