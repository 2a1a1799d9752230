// The bind_transceiver sessions of the SMPP carrier: connecting and binding, enquire_link health
// checks, reconnection with backoff, and unbinding at close. What a bind carries (its window and
// deliver_sm) is left to the hooks.
import smpp from "smpp";
import { describeStatus, ESME_ROK } from "./smpp-status.ts";
import type { SmppEndpoint } from "./smpp-url.ts";
import type { Pending } from "./submit-window.ts";
import type { CarrierLog } from "../core/ports/carrier.ts";

type BindState = "connecting" | "bound" | "waiting" | "closed";

export interface Bind {
  index: number;
  state: BindState;
  session: smpp.Session | null;
  inFlight: Map<number, Pending>;
  attempt: number;
  // Flow control (submit-window.ts): the token bucket and a pause the SMSC asked for.
  tokens: number;
  refilledAt: number;
  pausedUntil: number;
  enquireOutstanding: boolean;
  enquireTimer: NodeJS.Timeout | null;
  connectTimer: NodeJS.Timeout | null;
  reconnectTimer: NodeJS.Timeout | null;
}

export function newBind(index: number, tokens: number): Bind {
  return {
    index,
    state: "waiting",
    session: null,
    inFlight: new Map(),
    attempt: 0,
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

export interface BindOptions {
  enquireMs: number;
  systemType: string;
  log: CarrierLog;
  closing: () => boolean;
}

export class SmppBinds {
  private readonly enquireMs: number;
  private readonly systemType: string;
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
    this.systemType = options.systemType;
    this.log = options.log;
    this.isClosing = options.closing;
  }

  private get closing(): boolean {
    return this.isClosing();
  }

  start(): void {
    for (const b of this.binds) this.connect(b);
  }

  /** Resolves at the first successful bind; rejects on a refused bind or after `ms`. */
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

  private connect(b: Bind): void {
    if (this.closing) return;
    b.state = "connecting";
    const { host, port, tls, systemId, password } = this.endpoint;
    const session = smpp.connect({ host, port, tls });
    b.session = session;
    b.connectTimer = setTimeout(() => {
      this.log("warn", "smpp connect/bind timed out", { bind: b.index, host, port });
      session.destroy();
    }, 10_000);
    session.on("error", (e: Error) => {
      if (b.session === session) this.log("warn", "smpp connection error", { bind: b.index, error: e.message });
      // Socket errors close the socket anyway; a PDU the library cannot parse leaves the session
      // unable to read (it stops extracting PDUs), so start afresh either way.
      session.destroy();
    });
    session.on("close", () => this.onClose(b, session));
    session.on(tls ? "secureConnect" : "connect", () => {
      session.socket.setNoDelay(true);
      session.socket.setKeepAlive(true, 30_000);
      session.bind_transceiver({ system_id: systemId, password, system_type: this.systemType, interface_version: 0x34, addr_ton: 0, addr_npi: 0, address_range: "" }, (resp) =>
        this.onBindResp(b, session, resp),
      );
    });
    session.on("deliver_sm", (pdu: smpp.PDU) => this.hooks.deliver(session, pdu));
    session.on("enquire_link", (pdu: smpp.PDU) => {
      session.send(pdu.response());
    });
    session.on("unbind", (pdu: smpp.PDU) => {
      this.log("info", "smsc unbound", { bind: b.index });
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
      if (!this.everBound) for (const w of this.bindWaiters.splice(0)) w.reject(new Error(`SMPP bind refused: ${description}`));
      session.destroy();
      return;
    }
    b.state = "bound";
    b.attempt = 0;
    b.enquireOutstanding = false;
    b.enquireTimer = setInterval(() => this.enquire(b, session), this.enquireMs);
    b.enquireTimer.unref();
    this.everBound = true;
    this.log("info", "smpp bound", { bind: b.index, host: this.endpoint.host, port: this.endpoint.port });
    for (const w of this.bindWaiters.splice(0)) w.resolve();
    this.hooks.bound(b);
  }

  private enquire(b: Bind, session: smpp.Session): void {
    if (b.session !== session) return;
    if (b.enquireOutstanding) {
      this.log("warn", "smpp link dead: no enquire_link_resp", { bind: b.index });
      b.state = "connecting";
      session.destroy();
      return;
    }
    b.enquireOutstanding = true;
    const sent = session.send(new smpp.PDU("enquire_link"), () => {
      if (b.session === session) b.enquireOutstanding = false;
    });
    if (!sent) {
      b.state = "connecting";
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
      return;
    }
    b.state = "waiting";
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
