// The sessions of the SMPP carrier (transceivers, or transmitters and receivers): connecting and
// binding, over TLS when asked, enquire_link health checks, reconnection with backoff, unbinding
// at close, and the state each shows the operator. What a bind carries (its window and
// deliver_sm) is left to the hooks.
import smpp from "smpp";
import { describeStatus, ESME_ROK } from "./smpp-status.ts";
import type { Pending } from "./submit-window.ts";
import type { BindStatus, CarrierLog } from "../core/ports/carrier.ts";

type BindState = "connecting" | "bound" | "waiting" | "closed";
export type BindKind = BindStatus["kind"];

/** A bind that stayed up this long resets the reconnection backoff when it drops. */
const STABLE_BIND_MS = 10_000;
const BIND_COMMAND = { trx: "bind_transceiver", tx: "bind_transmitter", rx: "bind_receiver" } as const;

export interface Bind {
  index: number;
  kind: BindKind;
  state: BindState;
  /** What the operator sees (BindStatus): "down" from a failure until bound again, through the retries. */
  shown: BindStatus["state"];
  since: Date;
  lastError?: string;
  /** Why the current session is being closed, when we know it better than the socket will say. */
  closeReason: string | null;
  session: smpp.Session | null;
  inFlight: Map<number, Pending>;
  /** Reconnections since the bind last stayed up STABLE_BIND_MS: the backoff's exponent. */
  attempt: number;
  /** When the current session bound (performance.now()). */
  boundAt: number;
  // Flow control (submit-window.ts): the token bucket and a pause the SMSC asked for.
  tokens: number;
  refilledAt: number;
  pausedUntil: number;
  enquireOutstanding: boolean;
  enquireTimer: NodeJS.Timeout | null;
  connectTimer: NodeJS.Timeout | null;
  reconnectTimer: NodeJS.Timeout | null;
}

export function newBind(index: number, kind: BindKind, tokens: number): Bind {
  return {
    index,
    kind,
    state: "waiting",
    shown: "connecting",
    since: new Date(),
    closeReason: null,
    session: null,
    inFlight: new Map(),
    attempt: 0,
    boundAt: 0,
    tokens,
    refilledAt: performance.now(),
    pausedUntil: 0,
    enquireOutstanding: false,
    enquireTimer: null,
    connectTimer: null,
    reconnectTimer: null,
  };
}

export interface BindHooks {
  /** The bind is bound (again): queued submits may go on it. */
  bound(b: Bind): void;
  /** The bind's session closed: what it carried (submits in flight, deliver_sm held) goes elsewhere. */
  lost(b: Bind, session: smpp.Session): void;
  deliver(session: smpp.Session, pdu: smpp.PDU): void;
}

/** Where and as whom the binds connect. */
export interface SmppEndpoint {
  host: string;
  port: number;
  systemId: string;
  password: string;
  systemType: string;
  /** SMPP over TLS; ca: the certificates to trust instead of the system's. */
  tls: { ca?: Buffer } | null;
}

export interface BindOptions {
  enquireMs: number;
  log: CarrierLog;
  closing: () => boolean;
}

/** A bind that sends submit_sm (not a receiver). */
export const sends = (b: Bind): boolean => b.kind !== "rx";

/** The state shown for a bind, and since when; the time moves only when the state changes. */
export function show(b: Bind, state: BindStatus["state"], error?: string): void {
  if (error) b.lastError = error;
  if (b.shown === state) return;
  b.shown = state;
  b.since = new Date();
}

// Errors of the certificate check: the configuration is wrong, and trying again will not help.
const certificateError = (e: NodeJS.ErrnoException) => /CERT|SIGNED|VERIFY|ALTNAME/.test(e.code ?? "");

export class SmppBinds {
  private readonly enquireMs: number;
  private readonly log: CarrierLog;
  private readonly isClosing: () => boolean;
  private bindWaiters: { resolve: () => void; reject: (e: Error) => void }[] = [];
  private everBound = false;

  constructor(
    private readonly endpoint: SmppEndpoint,
    readonly binds: readonly Bind[],
    options: BindOptions,
    private readonly hooks: BindHooks,
  ) {
    this.enquireMs = options.enquireMs;
    this.log = options.log;
    this.isClosing = options.closing;
  }

  private get closing(): boolean {
    return this.isClosing();
  }

  start(): void {
    for (const b of this.binds) this.connect(b);
  }

  /** Resolves at the first successful bind that sends; rejects on a refused bind, a certificate the TLS check refuses, or after `ms`. */
  waitForBind(ms: number): Promise<void> {
    if (this.everBound) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.bindWaiters = this.bindWaiters.filter((w) => w !== waiter);
        reject(new Error(`no SMPP bind to ${this.endpoint.host}:${this.endpoint.port} within ${ms} ms`));
      }, ms);
      const waiter = {
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
        reject: (e: Error) => {
          clearTimeout(timer);
          reject(e);
        },
      };
      this.bindWaiters.push(waiter);
    });
  }

  /** At close: no bind will come for those still waiting. */
  rejectWaiters(): void {
    for (const w of this.bindWaiters.splice(0)) w.reject(new Error("carrier closed"));
  }

  async shutdown(): Promise<void> {
    await Promise.all(this.binds.map((b) => this.shutdownBind(b)));
  }

  private rejectFirst(reason: string): void {
    if (!this.everBound) for (const w of this.bindWaiters.splice(0)) w.reject(new Error(reason));
  }

  private connect(b: Bind): void {
    if (this.closing) return;
    b.state = "connecting";
    b.closeReason = null;
    const { host, port, tls, systemId, password, systemType } = this.endpoint;
    const session = smpp.connect({ host, port, tls: tls !== null, ...(tls?.ca ? { ca: tls.ca } : {}) });
    b.session = session;
    b.connectTimer = setTimeout(() => {
      this.log("warn", "smpp connect/bind timed out", { bind: b.index, host, port });
      b.closeReason = "no connection or bind answer within 10 s";
      session.destroy();
    }, 10_000);
    session.on("error", (e: NodeJS.ErrnoException) => {
      if (b.session === session) {
        this.log("warn", "smpp connection error", { bind: b.index, error: e.message });
        b.closeReason = tls && certificateError(e) ? `TLS: ${e.message}` : e.message;
        if (tls && certificateError(e)) this.rejectFirst(`SMPP over TLS to ${host}:${port} refused the server's certificate: ${e.message}`);
      }
      // Socket errors close the socket anyway; a PDU the library cannot parse leaves the session
      // unable to read (it stops extracting PDUs), so start afresh either way.
      session.destroy();
    });
    session.on("close", () => this.onClose(b, session));
    session.on(tls ? "secureConnect" : "connect", () => {
      session.socket.setNoDelay(true);
      session.socket.setKeepAlive(true, 30_000);
      const bind = { system_id: systemId, password, system_type: systemType, interface_version: 0x34, addr_ton: 0, addr_npi: 0, address_range: "" };
      session.send(new smpp.PDU(BIND_COMMAND[b.kind], bind), (resp) => this.onBindResp(b, session, resp));
    });
    session.on("deliver_sm", (pdu: smpp.PDU) => this.hooks.deliver(session, pdu));
    session.on("enquire_link", (pdu: smpp.PDU) => {
      session.send(pdu.response());
    });
    session.on("unbind", (pdu: smpp.PDU) => {
      this.log("info", "smsc unbound", { bind: b.index });
      b.closeReason = "the SMSC unbound";
      session.send(pdu.response(), () => session.destroy());
      if (b.session === session) b.state = "connecting"; // no new submits on it; close follows
    });
    session.on("unknown", (pdu: smpp.PDU) => {
      session.send(pdu.response());
    });
  }

  private onBindResp(b: Bind, session: smpp.Session, resp: smpp.PDU): void {
    if (b.session !== session) return;
    if (b.connectTimer) clearTimeout(b.connectTimer);
    b.connectTimer = null;
    if (resp.command_status !== ESME_ROK) {
      const description = describeStatus(resp.command_status);
      this.log("error", "smpp bind refused", { bind: b.index, status: description });
      b.closeReason = `bind refused: ${description}`;
      this.rejectFirst(`SMPP bind refused: ${description}`);
      session.destroy();
      return;
    }
    b.state = "bound";
    show(b, "bound");
    b.boundAt = performance.now();
    b.enquireOutstanding = false;
    b.enquireTimer = setInterval(() => this.enquire(b, session), this.enquireMs);
    b.enquireTimer.unref();
    this.log("info", "smpp bound", { bind: b.index, kind: b.kind, host: this.endpoint.host, port: this.endpoint.port });
    if (sends(b)) {
      this.everBound = true;
      for (const w of this.bindWaiters.splice(0)) w.resolve();
    }
    this.hooks.bound(b);
  }

  private enquire(b: Bind, session: smpp.Session): void {
    if (b.session !== session) return;
    if (b.enquireOutstanding) {
      this.log("warn", "smpp link dead: no enquire_link_resp", { bind: b.index });
      b.state = "connecting";
      b.closeReason = "no enquire_link_resp: the link is dead";
      session.destroy();
      return;
    }
    b.enquireOutstanding = true;
    const sent = session.send(new smpp.PDU("enquire_link"), () => {
      if (b.session === session) b.enquireOutstanding = false;
    });
    if (!sent) {
      b.state = "connecting";
      b.closeReason = "the connection is no longer writable";
      session.destroy();
    }
  }

  private onClose(b: Bind, session: smpp.Session): void {
    if (b.session !== session) return;
    const wasBound = b.state === "bound";
    b.session = null;
    if (b.enquireTimer) clearInterval(b.enquireTimer);
    if (b.connectTimer) clearTimeout(b.connectTimer);
    b.enquireTimer = b.connectTimer = null;
    this.hooks.lost(b, session);
    if (this.closing) {
      b.state = "closed";
      show(b, "down");
      return;
    }
    show(b, "down", b.closeReason ?? (wasBound ? "the SMSC closed the connection" : "connection closed before the bind"));
    b.state = "waiting";
    // An SMSC that accepts the bind and drops it at once (a wrong route, an account over its
    // connection limit) must not be reconnected to four times a second forever: the backoff starts
    // over only after a bind that held.
    if (wasBound && performance.now() - b.boundAt >= STABLE_BIND_MS) b.attempt = 0;
    const base = Math.min(30_000, 250 * 2 ** b.attempt);
    const delay = Math.round(base / 2 + (Math.random() * base) / 2);
    b.attempt = Math.min(b.attempt + 1, 20);
    this.log(wasBound ? "warn" : "debug", "smpp connection closed; reconnecting", { bind: b.index, inMs: delay });
    b.reconnectTimer = setTimeout(() => {
      b.reconnectTimer = null;
      this.connect(b);
    }, delay);
  }

  private async shutdownBind(b: Bind): Promise<void> {
    if (b.reconnectTimer) clearTimeout(b.reconnectTimer);
    b.reconnectTimer = null;
    const session = b.session;
    if (!session) {
      b.state = "closed";
      show(b, "down");
      return;
    }
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => session.destroy(), 2000);
      session.socket.once("close", done);
      if (session.socket.destroyed) return done();
      if (b.state === "bound") {
        const sent = session.send(new smpp.PDU("unbind"), () => session.destroy());
        if (!sent) session.destroy();
      } else {
        session.destroy();
      }
    });
    b.state = "closed";
  }
}
