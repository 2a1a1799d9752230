// The SMPP 3.4 carrier: one connector's sessions to an SMSC (npm `smpp`) — bind_transceiver, or
// bind_transmitter and bind_receiver, over TCP or TLS — a window of outstanding submit_sm per
// bind, a token bucket per bind, enquire_link health checks, reconnection with backoff, delivery
// receipts / mobile-originated messages acknowledged only once their handler has finished, and
// the live status and counters the operator's console shows.
//
// Guarantees: every submit() resolves (never rejects) with a SubmitResult. A submit that was
// written on a connection that then died is sent again on a live one, so the SMSC may see it
// twice (SMPP gives no way to tell whether the lost submit_sm was taken): its result says
// possibleDuplicate. A submit that finds no live bind within `submitTimeoutMs` resolves
// retryable; one whose submit_sm went out but got no answer in that time resolves retryable and
// maybeAccepted (a lost submit_sm_resp: sending it again may duplicate it). Message ids are
// canonical (message-id.ts) both in results and in receipts.
//
// The parts: connector-options.ts and connector-url.ts (what a connector is), smpp-binds.ts
// (sessions), submit-window.ts (sending), deliver-inbox.ts (receiving), carrier-meter.ts
// (counters), build-submit-sm.ts and parse-deliver-sm.ts (what goes in and comes out of the PDUs).
import "./client-ref.ts";
import { readFileSync } from "node:fs";
import { buildSubmitSm } from "./build-submit-sm.ts";
import { CarrierMeter, type SubmitObserver } from "./carrier-meter.ts";
import { type ConnectorOptions, type ResolvedConnector, resolveConnector, type SubmitAddressing } from "./connector-options.ts";
import { connectorOptionsFromUrl } from "./connector-url.ts";
import { DeliverInbox } from "./deliver-inbox.ts";
import { newBind, SmppBinds, sends, type Bind } from "./smpp-binds.ts";
import { NO_SMSC_STATUS } from "./smpp-status.ts";
import { SubmitWindow } from "./submit-window.ts";
import type { Carrier, CarrierLog, CarrierStatus, DeliveryReceipt, InboundMessage, SubmitOptions, SubmitPart, SubmitResult } from "../core/ports/carrier.ts";

/** How this process runs a connector (not part of the connector itself). */
export interface ConnectRuntime {
  /** connectConnector waits this long for a first bind that sends, then rejects (default 10 000 ms; 0 = don't wait). */
  connectTimeoutMs?: number;
  log?: CarrierLog;
  /** Told of each submit_sm's answer: the bind and the time it took (the process's latency histogram). */
  observeSubmitSm?: SubmitObserver;
}

/** The options of connectCarrier(url, …), which win over the URL's parameters. */
export interface CarrierOptions extends ConnectRuntime {
  /** Number of sending sessions (default 1). */
  binds?: number;
  /** Outstanding submit_sm per bind (default 10); further submits wait in a queue. */
  window?: number;
  /** Token bucket per bind (default 100 submit_sm/s); Infinity for no limit. */
  submitsPerSecond?: number;
  /** enquire_link period (default 30 s); no enquire_link_resp by the next one means the link is dead. */
  enquireLinkSeconds?: number;
  /** A submit that has no answer after this long resolves with retryable=true (default 30 000 ms). */
  submitTimeoutMs?: number;
  /** system_type sent in the binds (default ""). */
  systemType?: string;
}

export interface CarrierStats {
  /** Sessions that send (receivers are not counted). */
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
  status(): CarrierStatus;
}

/**
 * Carrier options given in the SMSC URL's query: ?binds=4&window=20&tps=500 (tps "0" = no limit),
 * and &timeout=30000 (ms a submit_sm may wait for its answer). The URL's other parameters
 * (connector-url.ts) are read by connectCarrier itself; a bad one throws ConnectorOptionError.
 */
export function carrierOptionsFromUrl(url: string): Pick<CarrierOptions, "binds" | "window" | "submitsPerSecond" | "submitTimeoutMs"> {
  const o = connectorOptionsFromUrl(url, { strict: false });
  return { binds: o.binds, window: o.window, submitsPerSecond: o.tps === 0 ? Infinity : o.tps, submitTimeoutMs: o.submitTimeoutMs };
}

const noop: CarrierLog = () => {};

class SmppCarrierImpl implements SmppCarrier {
  private readonly binds: Bind[] = [];
  private readonly sending: SubmitWindow;
  private readonly sessions: SmppBinds;
  private readonly inbox: DeliverInbox;
  private readonly meter: CarrierMeter;
  private readonly addressing: SubmitAddressing;
  private closing = false;

  constructor(c: ResolvedConnector, log: CarrierLog, observeSubmitSm?: SubmitObserver) {
    const closing = () => this.closing;
    this.meter = new CarrierMeter(observeSubmitSm);
    this.addressing = c.addressing;
    this.sending = new SubmitWindow(this.binds, {
      window: c.window,
      rate: c.tps,
      submitTimeoutMs: c.submitTimeoutMs,
      temporaryErrors: c.temporaryErrors,
      meter: this.meter,
      log,
      closing,
    });
    const kinds = c.bindMode === "transceiver" ? (["trx"] as const) : (["tx", "rx"] as const);
    for (const kind of kinds) for (let i = 0; i < c.binds; i++) this.binds.push(newBind(this.binds.length, kind, this.sending.bucket));
    this.inbox = new DeliverInbox(log, this.meter);
    const endpoint = { host: c.host, port: c.port, systemId: c.systemId, password: c.password, systemType: c.systemType, tls: c.tls && { ca: readCa(c.tls.caFile) } };
    this.sessions = new SmppBinds(
      endpoint,
      this.binds,
      { enquireMs: Math.max(0.05, c.enquireLinkSeconds) * 1000, log, closing },
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
    const built = buildSubmitSm(part, this.addressing);
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
    let binds = 0;
    let connected = 0;
    let inFlight = 0;
    for (const b of this.binds) {
      if (!sends(b)) continue;
      binds++;
      if (b.state === "bound") connected++;
      inFlight += b.inFlight.size;
    }
    return { binds, window: this.sending.window, submitsPerSecond: this.sending.rate, connected, inFlight, queued: this.sending.queued };
  }

  status(): CarrierStatus {
    return {
      startedAt: this.meter.startedAt,
      binds: this.binds.map((b) => ({
        index: b.index,
        kind: b.kind,
        state: b.shown,
        ...(b.lastError ? { lastError: b.lastError } : {}),
        since: b.since,
        inFlight: b.inFlight.size,
      })),
      window: this.sending.window,
      queued: this.sending.queued,
      counters: { ...this.meter.counters },
      latencyMs: this.meter.latency(),
    };
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

function readCa(file: string | undefined): Buffer | undefined {
  if (file === undefined) return undefined;
  try {
    return readFileSync(file);
  } catch (e) {
    throw new Error(`the connector's CA file ${file} cannot be read: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/**
 * Opens the connector's sessions and resolves once one that sends is bound (rejects on bad
 * options — ConnectorOptionError —, an unreadable CA file, credentials the SMSC refuses, a TLS
 * certificate that is not trusted, or no bind within connectTimeoutMs). With connectTimeoutMs 0
 * it resolves at once and keeps connecting.
 */
export async function connectConnector(options: ConnectorOptions, runtime: ConnectRuntime = {}): Promise<SmppCarrier> {
  const carrier = new SmppCarrierImpl(resolveConnector(options), runtime.log ?? noop, runtime.observeSubmitSm);
  const wait = runtime.connectTimeoutMs ?? 10_000;
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

/**
 * connectConnector for a URL (connector-url.ts: smpp://system_id:password@host:port?…, ssmpp://
 * for TLS; the port defaults to 2775, or 3550 over TLS); `options` win over the URL's parameters.
 */
export async function connectCarrier(url: string, options: CarrierOptions = {}): Promise<SmppCarrier> {
  const { connectTimeoutMs, log, observeSubmitSm, submitsPerSecond, ...rest } = options;
  const set = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  const connector: ConnectorOptions = { ...connectorOptionsFromUrl(url, { strict: false }), ...set, ...(submitsPerSecond !== undefined ? { tps: submitsPerSecond } : {}) };
  return connectConnector(connector, { connectTimeoutMs, log, observeSubmitSm });
}
