// The SMPP 3.4 carrier: one or more bind_transceiver sessions to an SMSC (npm `smpp`), a
// window of outstanding submit_sm per bind, a token bucket per bind, enquire_link health
// checks, reconnection with backoff, and delivery receipts / mobile-originated messages
// acknowledged only once their handler has finished.
//
// Guarantees: every submit() resolves (never rejects) with a SubmitResult. A submit that was
// written on a connection that then died is sent again on a live one, so the SMSC may see it
// twice (SMPP gives no way to tell whether the lost submit_sm was taken): its result says
// possibleDuplicate. A submit that finds no live bind within `submitTimeoutMs` resolves
// retryable; one whose submit_sm went out but got no answer in that time resolves retryable and
// maybeAccepted (a lost submit_sm_resp: sending it again may duplicate it). Message ids are
// canonical (message-id.ts) both in results and in receipts.
//
// The parts: smpp-binds.ts (sessions), submit-window.ts (sending), deliver-inbox.ts (receiving),
// build-submit-sm.ts and parse-deliver-sm.ts (what goes in and comes out of the PDUs).
import "./client-ref.ts";
import { buildSubmitSm } from "./build-submit-sm.ts";
import { DeliverInbox } from "./deliver-inbox.ts";
import { newBind, SmppBinds, type Bind } from "./smpp-binds.ts";
import { NO_SMSC_STATUS } from "./smpp-status.ts";
import { parseSmppUrl } from "./smpp-url.ts";
import { SubmitWindow } from "./submit-window.ts";
import type { Carrier, CarrierLog, DeliveryReceipt, InboundMessage, SubmitOptions, SubmitPart, SubmitResult } from "../core/ports/carrier.ts";

export interface CarrierOptions {
  /** Number of bind_transceiver sessions (default 1). */
  binds?: number;
  /** Outstanding submit_sm per bind (default 10); further submits wait in a queue. */
  window?: number;
  /** Token bucket per bind (default 100 submit_sm/s); Infinity for no limit. */
  submitsPerSecond?: number;
  /** enquire_link period (default 30 s); no enquire_link_resp by the next one means the link is dead. */
  enquireLinkSeconds?: number;
  /** A submit that has no answer after this long resolves with retryable=true (default 30 000 ms). */
  submitTimeoutMs?: number;
  /** connectCarrier waits this long for a first successful bind, then rejects (default 10 000 ms; 0 = don't wait). */
  connectTimeoutMs?: number;
  /** system_type sent in bind_transceiver (default ""). */
  systemType?: string;
  log?: CarrierLog;
}

export interface CarrierStats {
  binds: number;
  /** Outstanding submit_sm allowed per bind. */
  window: number;
  /** submit_sm per second allowed per bind (Infinity: no limit). */
  submitsPerSecond: number;
  connected: number;
  inFlight: number;
  queued: number;
}

export interface SmppCarrier extends Carrier {
  stats(): CarrierStats;
}

/**
 * Carrier options given in the SMSC URL's query: ?binds=4&window=20&tps=500 (tps "0" = no limit),
 * and &timeout=30000 (ms a submit_sm may wait for its answer).
 */
export function carrierOptionsFromUrl(url: string): Pick<CarrierOptions, "binds" | "window" | "submitsPerSecond" | "submitTimeoutMs"> {
  const q = new URL(url).searchParams;
  const num = (name: string) => {
    const v = q.get(name);
    return v !== null && /^\d+$/.test(v) ? Number(v) : undefined;
  };
  const tps = num("tps");
  return { binds: num("binds"), window: num("window"), submitsPerSecond: tps === 0 ? Infinity : tps, submitTimeoutMs: num("timeout") };
}

const noop: CarrierLog = () => {};

class SmppCarrierImpl implements SmppCarrier {
  private readonly binds: Bind[] = [];
  private readonly sending: SubmitWindow;
  private readonly sessions: SmppBinds;
  private readonly inbox: DeliverInbox;
  private closing = false;

  constructor(url: string, options: CarrierOptions) {
    const endpoint = parseSmppUrl(url);
    const log = options.log ?? noop;
    const closing = () => this.closing;
    this.sending = new SubmitWindow(this.binds, {
      window: options.window ?? 10,
      rate: options.submitsPerSecond ?? 100,
      submitTimeoutMs: options.submitTimeoutMs ?? 30_000,
      log,
      closing,
    });
    const n = Math.max(1, Math.floor(options.binds ?? 1));
    for (let i = 0; i < n; i++) this.binds.push(newBind(i, this.sending.bucket));
    this.inbox = new DeliverInbox(log);
    const enquireMs = Math.max(0.05, options.enquireLinkSeconds ?? 30) * 1000;
    this.sessions = new SmppBinds(
      endpoint,
      this.binds,
      { enquireMs, systemType: options.systemType ?? "", log, closing },
      {
        bound: (b) => this.sending.bound(b),
        lost: (b, session) => {
          this.sending.requeueInFlight(b);
          this.inbox.dropSession(session);
          this.sending.schedulePump();
        },
        deliver: (session, pdu) => this.inbox.onDeliver(session, pdu),
      },
    );
    this.sessions.start();
  }

  submit(part: SubmitPart, options: SubmitOptions = {}): Promise<SubmitResult> {
    if (this.closing) return Promise.resolve({ ok: false, commandStatus: NO_SMSC_STATUS, description: "carrier closed", retryable: true });
    const built = buildSubmitSm(part);
    if (!built.ok) return Promise.resolve(built.result);
    return this.sending.submit(part, built.params, options.cancelled);
  }

  onReceipt(handler: (r: DeliveryReceipt) => Promise<void>): void {
    this.inbox.onReceipt(handler);
  }

  onInbound(handler: (m: InboundMessage) => Promise<void>): void {
    this.inbox.onInbound(handler);
  }

  stats(): CarrierStats {
    let connected = 0;
    let inFlight = 0;
    for (const b of this.binds) {
      if (b.state === "bound") connected++;
      inFlight += b.inFlight.size;
    }
    return { binds: this.binds.length, window: this.sending.window, submitsPerSecond: this.sending.rate, connected, inFlight, queued: this.sending.queued };
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    this.sending.stop();
    this.sessions.rejectWaiters();
    await this.sending.settle();
    await this.sessions.shutdown();
    this.sending.abandon();
    this.inbox.clear();
  }

  waitForBind(ms: number): Promise<void> {
    return this.sessions.waitForBind(ms);
  }
}

/**
 * Opens `options.binds` bind_transceiver sessions to `url` (smpp://system_id:password@host:port)
 * and resolves once one is bound (rejects if the SMSC refuses the credentials or none binds within
 * connectTimeoutMs). With connectTimeoutMs 0 it resolves at once and keeps connecting.
 */
export async function connectCarrier(url: string, options: CarrierOptions = {}): Promise<SmppCarrier> {
  const carrier = new SmppCarrierImpl(url, options);
  const wait = options.connectTimeoutMs ?? 10_000;
  if (wait > 0) {
    try {
      await carrier.waitForBind(wait);
    } catch (e) {
      await carrier.close();
      throw e;
    }
  }
  return carrier;
}
