// The sending side of the SMPP carrier: submits wait in one queue and go out on the bound binds in
// turn, each bind holding at most `window` unanswered submit_sm and spending a token of its bucket
// per submit_sm; answers resolve them, and a sweep resolves those that waited too long.
import type smpp from "smpp";
import type { CarrierMeter } from "./carrier-meter.ts";
import { Queue } from "./fifo-queue.ts";
import { canonicalMessageId } from "./message-id.ts";
import { type Bind, sends } from "./smpp-binds.ts";
import { describeStatus, ESME_RINVBNDSTS, ESME_ROK, ESME_RTHROTTLED, NO_SMSC_STATUS } from "./smpp-status.ts";
import { EncodedSubmitSm, encodeSubmitSmBody, type SubmitSmFields } from "./submit-sm-pdu.ts";
import type { CarrierLog, SubmitPart, SubmitResult } from "../core/ports/carrier.ts";
import { activeContext, failed, SpanKind, startSpan, type Context, type Span } from "../trace/tracing.ts";

export interface Pending {
  part: SubmitPart;
  /** Its submit_sm after the header (encoded once; each attempt gets a fresh header). */
  body: Buffer;
  /** Until when it may wait for a bind (in the queue). */
  deadline: number;
  /** Until when its submit_sm may wait for the answer, once written. */
  answerBy: number;
  /** When its latest submit_sm was written (performance.now()). */
  sentAt: number;
  attempts: number;
  /** A copy went out on a connection that died before its answer (the SMSC may have it). */
  wired: boolean;
  cancelled?: () => boolean;
  done: boolean;
  resolve: (r: SubmitResult) => void;
  /** With tracing on: the submitter's trace context, and the span of its submit_sm once written. */
  trace?: Context;
  span?: Span;
}

export interface WindowOptions {
  /** Outstanding submit_sm per bind. */
  window: number;
  /** submit_sm per second per bind; Infinity for no limit. */
  rate: number;
  submitTimeoutMs: number;
  /** command_status answers that resolve retryable (the others fail the part). */
  temporaryErrors: ReadonlySet<number>;
  meter: CarrierMeter;
  log: CarrierLog;
  closing: () => boolean;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

export class SubmitWindow {
  readonly window: number;
  readonly rate: number;
  readonly bucket: number;
  private readonly submitTimeoutMs: number;
  private readonly temporaryErrors: ReadonlySet<number>;
  private readonly meter: CarrierMeter;
  private readonly log: CarrierLog;
  private readonly isClosing: () => boolean;
  private readonly queue = new Queue<Pending>();
  private rr = 0;
  private pumpScheduled = false;
  private pumpTimer: NodeJS.Timeout | null = null;
  private pumpTimerAt = Infinity;
  private readonly sweeper: NodeJS.Timeout;

  /** `binds` is filled by the carrier (their first tokens are `bucket`). */
  constructor(
    private readonly binds: readonly Bind[],
    options: WindowOptions,
  ) {
    this.window = Math.max(1, Math.floor(options.window));
    this.rate = options.rate;
    if (!(this.rate > 0)) throw new Error("submitsPerSecond must be positive");
    // A tenth of a second's worth of burst: no one-second window ever sees much more than the rate.
    this.bucket = Number.isFinite(this.rate) ? Math.max(1, Math.ceil(this.rate / 10)) : Infinity;
    this.submitTimeoutMs = options.submitTimeoutMs;
    this.temporaryErrors = options.temporaryErrors;
    this.meter = options.meter;
    this.log = options.log;
    this.isClosing = options.closing;
    this.sweeper = setInterval(() => this.sweep(), Math.min(250, Math.max(10, this.submitTimeoutMs / 4)));
    this.sweeper.unref();
  }

  private get closing(): boolean {
    return this.isClosing();
  }

  get queued(): number {
    return this.queue.length;
  }

  submit(part: SubmitPart, fields: SubmitSmFields, cancelled: (() => boolean) | undefined): Promise<SubmitResult> {
    return new Promise<SubmitResult>((resolve) => {
      const queuedAt = performance.now();
      const deadline = queuedAt + this.submitTimeoutMs;
      const trace = activeContext();
      this.queue.push({
        part,
        body: encodeSubmitSmBody(fields),
        deadline,
        answerBy: Infinity,
        sentAt: queuedAt,
        attempts: 0,
        wired: false,
        cancelled,
        done: false,
        resolve,
        ...(trace ? { trace } : {}),
      });
      this.schedulePump();
    });
  }

  /** A bind is bound (again): its bucket starts afresh, and the queue may go out on it. */
  bound(b: Bind): void {
    b.tokens = Math.min(b.tokens, this.bucket);
    b.refilledAt = performance.now();
    b.pausedUntil = 0;
    this.schedulePump();
  }

  /** First step of closing: nothing more is sent; what never went out resolves at once. */
  stop(): void {
    clearInterval(this.sweeper);
    if (this.pumpTimer) clearTimeout(this.pumpTimer);
    for (const p of this.queue.drain()) this.unanswered(p, "carrier closed before the submit was sent");
  }

  /** Lets outstanding submit_sm get their answers (bounded) before the binds unbind. */
  async settle(): Promise<void> {
    const until = performance.now() + 5000;
    while (this.binds.some((b) => b.state === "bound" && b.inFlight.size > 0) && performance.now() < until) await sleep(10);
  }

  /** Last step of closing, once the binds are gone: whatever is still unanswered resolves. */
  abandon(): void {
    for (const b of this.binds) this.requeueInFlight(b);
    for (const p of this.queue.drain()) this.unanswered(p, "carrier closed before the SMSC answered");
  }

  /** Submits written on a connection that died go back to the front of the queue, for a live bind. */
  requeueInFlight(b: Bind): void {
    if (b.inFlight.size === 0) return;
    const back = [...b.inFlight.values()].filter((p) => !p.done);
    b.inFlight.clear();
    for (const p of back) p.wired = true;
    if (this.closing) {
      for (const p of back) this.unanswered(p, "connection closed before the SMSC answered");
      return;
    }
    this.log("info", "resending submits of a dead bind", { bind: b.index, count: back.length });
    this.queue.unshiftAll(back);
  }

  schedulePump(): void {
    if (this.pumpScheduled || this.closing) return;
    this.pumpScheduled = true;
    queueMicrotask(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  private takeToken(b: Bind, now: number): boolean {
    if (this.bucket === Infinity) return true;
    if (b.tokens < 1) {
      b.tokens = Math.min(this.bucket, b.tokens + ((now - b.refilledAt) * this.rate) / 1000);
      b.refilledAt = now;
      if (b.tokens < 1) return false;
    }
    b.tokens -= 1;
    return true;
  }

  private pump(): void {
    if (this.closing) return;
    const corked: smpp.Session[] = [];
    const n = this.binds.length;
    const now = performance.now();
    try {
      while (this.queue.length > 0) {
        let chosen: Bind | null = null;
        for (let i = 0; i < n; i++) {
          const b = this.binds[(this.rr + i) % n]!;
          if (b.state !== "bound" || !sends(b) || b.inFlight.size >= this.window || now < b.pausedUntil) continue;
          if (!this.takeToken(b, now)) continue;
          chosen = b;
          this.rr = (b.index + 1) % n;
          break;
        }
        if (!chosen) break;
        const p = this.queue.shift()!;
        if (p.done || p.cancelled?.()) {
          if (!p.done) this.unanswered(p, "not sent: its job no longer holds it");
          chosen.tokens += 1; // unused
          continue;
        }
        const session = chosen.session!;
        if (!corked.includes(session)) {
          session.socket.cork();
          corked.push(session);
        }
        this.sendOn(chosen, session, p);
      }
    } finally {
      for (const s of corked) s.socket.uncork();
    }
    if (this.queue.length > 0) this.armPumpTimer(now);
  }

  /** Work is waiting but no bind may send now: wake up when the earliest token or pause ends. */
  private armPumpTimer(now: number): void {
    let at = Infinity;
    for (const b of this.binds) {
      if (b.state !== "bound" || !sends(b) || b.inFlight.size >= this.window) continue;
      let t = Math.max(now, b.pausedUntil);
      if (this.bucket !== Infinity && b.tokens < 1) t = Math.max(t, b.refilledAt + ((1 - b.tokens) * 1000) / this.rate);
      at = Math.min(at, t);
    }
    if (at === Infinity || (this.pumpTimer && this.pumpTimerAt <= at)) return;
    if (this.pumpTimer) clearTimeout(this.pumpTimer);
    this.pumpTimerAt = at;
    this.pumpTimer = setTimeout(
      () => {
        this.pumpTimer = null;
        this.pumpTimerAt = Infinity;
        this.pump();
      },
      Math.max(1, Math.ceil(at - now)),
    );
  }

  private sendOn(b: Bind, session: smpp.Session, p: Pending): void {
    const pdu = new EncodedSubmitSm(p.body); // fresh PDU each attempt: a fresh sequence_number
    p.attempts++;
    let sent: boolean;
    try {
      sent = session.send(pdu, (resp) => this.onSubmitResp(b, p, pdu.sequence_number, resp));
    } catch (e) {
      // Never let an exception escape into the library's PDU loop (it would stop reading for good).
      this.finish(p, { ok: false, commandStatus: NO_SMSC_STATUS, description: `not submitted: ${e instanceof Error ? e.message : String(e)}`, retryable: false });
      return;
    }
    if (!sent) {
      // The socket is no longer writable: this bind is dead (its close event follows).
      this.queue.unshiftAll([p]);
      b.state = "connecting";
      b.closeReason = "the connection is no longer writable";
      session.destroy();
      return;
    }
    b.inFlight.set(pdu.sequence_number, p);
    this.meter.counters.submitted++;
    const sentAt = performance.now();
    if (p.trace) this.traceSent(p, b, pdu.sequence_number, sentAt);
    p.sentAt = sentAt;
    p.answerBy = p.sentAt + this.submitTimeoutMs;
    if (p.attempts > 1) this.log("debug", "submit_sm resent", { partId: p.part.partId, attempt: p.attempts, bind: b.index });
  }

  /** The submit_sm's span (one per part: a resend after a lost connection is an event of it). */
  private traceSent(p: Pending, b: Bind, sequence: number, sentAt: number): void {
    if (p.span) {
      p.span.addEvent("submit_sm resent", { "smpp.bind": b.index, "smpp.sequence_number": sequence });
      return;
    }
    p.span = startSpan("submit_sm", {
      kind: SpanKind.CLIENT,
      parent: p.trace,
      attributes: { "switchboard.part_id": p.part.partId, "smpp.bind": b.index, "smpp.sequence_number": sequence, "smpp.queued_ms": Math.round(sentAt - p.sentAt) },
    });
  }

  private onSubmitResp(b: Bind, p: Pending, seq: number, resp: smpp.PDU): void {
    if (b.inFlight.get(seq) === p) b.inFlight.delete(seq);
    const status = resp.command_status;
    const now = performance.now();
    this.meter.answeredIn(now - p.sentAt, b.index);
    p.span?.setAttributes({ "smpp.response": resp.command, "smpp.command_status": status, "smpp.latency_ms": Math.round((now - p.sentAt) * 10) / 10 });
    const ok = resp.command === "submit_sm_resp" && status === ESME_ROK;
    this.meter.counters[ok ? "accepted" : status === ESME_RTHROTTLED ? "throttled" : "refused"]++;
    if (status === ESME_RINVBNDSTS && !p.done && b.session) {
      // The SMSC no longer considers this session bound: the submit was not taken. Rebind, resend.
      this.log("warn", "smsc answered ESME_RINVBNDSTS; rebinding", { bind: b.index });
      this.queue.unshiftAll([p]);
      b.state = "connecting";
      b.closeReason = "the SMSC answered ESME_RINVBNDSTS (not bound)";
      b.session.destroy();
      return;
    }
    if (ok) {
      const smscMessageId = canonicalMessageId(String(resp.message_id ?? ""));
      this.finish(p, p.wired ? { ok: true, smscMessageId, possibleDuplicate: true } : { ok: true, smscMessageId });
    } else {
      const retryable = this.temporaryErrors.has(status);
      if (status === ESME_RTHROTTLED) b.pausedUntil = now + 1000; // the SMSC asks us to slow down
      const description = resp.command === "generic_nack" ? `generic_nack: ${describeStatus(status)}` : describeStatus(status);
      this.log(retryable ? "info" : "warn", "submit_sm refused", { partId: p.part.partId, to: p.part.to, status: description });
      this.finish(p, { ok: false, commandStatus: status, description, retryable });
    }
    // Refill the window at once (like a bare pump would), so client and SMSC work overlap
    // instead of moving in lockstep batches of `window`.
    this.pump();
  }

  private finish(p: Pending, result: SubmitResult): void {
    if (p.done) return;
    p.done = true;
    if (p.span) {
      if (result.ok) p.span.setAttribute("smpp.message_id", result.smscMessageId);
      else failed(p.span, result.description);
      p.span.end();
    }
    p.resolve(result);
  }

  /** Resolves a submit that got no answer: retryable, and maybeAccepted when a copy went out. */
  private unanswered(p: Pending, description: string, onWire = p.wired): void {
    this.finish(p, { ok: false, commandStatus: NO_SMSC_STATUS, description, retryable: true, ...(onWire ? { maybeAccepted: true as const } : {}) });
  }

  private sweep(): void {
    const now = performance.now();
    for (let p = this.queue.peek(); p && (p.done || p.deadline <= now); p = this.queue.peek()) {
      this.queue.shift();
      this.unanswered(p, `no bound SMPP connection within ${this.submitTimeoutMs} ms`);
    }
    const late: [Bind, number, Pending][] = [];
    for (const b of this.binds) for (const [seq, p] of b.inFlight) if (p.answerBy <= now) late.push([b, seq, p]);
    // Decided after the answers already received are read (setImmediate runs after the poll
    // phase): when this process itself stalled, timers fire before the sockets are read, and
    // the answers waiting there are not lost.
    if (late.length)
      setImmediate(() => {
        for (const [b, seq, p] of late) {
          if (b.inFlight.get(seq) !== p || p.done) continue;
          // A lost submit_sm_resp: the window slot is free again; the SMSC may have taken the part.
          b.inFlight.delete(seq);
          this.meter.counters.unanswered++;
          this.log("warn", "no submit_sm_resp in time; the part may have been taken", { partId: p.part.partId, bind: b.index });
          this.unanswered(p, `no submit_sm_resp within ${this.submitTimeoutMs} ms`, true);
        }
        this.schedulePump();
      });
    if (this.queue.length > 0) this.schedulePump();
  }
}
