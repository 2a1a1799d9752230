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
import smpp from "smpp";
import { decodeGsm7, decodeUcs2, encodeGsm7, encodeUcs2 } from "../core/sms/encode.ts";
import "./client-ref.ts";
import { EncodedSubmitSm, encodeSubmitSmBody, type SubmitSmFields } from "./submit-sm-pdu.ts";
import { alternateMessageIds, canonicalMessageId } from "./message-id.ts";
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

/** commandStatus of a SubmitResult for a failure no SMSC answered (timeout, carrier closed, bad input found locally uses the SMPP code). */
export const NO_SMSC_STATUS = -1;

const E = smpp.errors;
const ESME_ROK = 0x00;
const ESME_RINVBNDSTS = 0x04;
const ESME_RMSGQFUL = 0x14;
const ESME_RTHROTTLED = 0x58;
const ESME_RX_T_APPN = 0x64;
const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([ESME_RTHROTTLED, ESME_RMSGQFUL]);

const statusNames = new Map<number, string>(Object.entries(E).map(([name, code]) => [code, name] as const));
const statusTexts: Record<string, string> = {
  ESME_RINVMSGLEN: "message length is invalid",
  ESME_RSYSERR: "system error",
  ESME_RINVSRCADR: "invalid source address",
  ESME_RINVDSTADR: "invalid destination address",
  ESME_RINVBNDSTS: "incorrect bind status",
  ESME_RMSGQFUL: "message queue full",
  ESME_RINVESMCLASS: "invalid esm_class",
  ESME_RSUBMITFAIL: "submit_sm failed",
  ESME_RINVSRCTON: "invalid source address TON",
  ESME_RINVDSTTON: "invalid destination address TON",
  ESME_RTHROTTLED: "throttling error (too many submits)",
  ESME_RINVEXPIRY: "invalid validity period",
  ESME_RINVDCS: "invalid data coding scheme",
  ESME_RBINDFAIL: "bind failed",
  ESME_RINVPASWD: "invalid password",
  ESME_RINVSYSID: "invalid system_id",
};

/** "ESME_RSUBMITFAIL (0x00000045): submit_sm failed" */
export function describeStatus(status: number): string {
  const name = statusNames.get(status) ?? "unknown status";
  const text = statusTexts[name];
  return `${name} (0x${status.toString(16).padStart(8, "0")})${text ? `: ${text}` : ""}`;
}

export interface SmppEndpoint {
  host: string;
  port: number;
  tls: boolean;
  systemId: string;
  password: string;
}

/** smpp://system_id:password@host:port (ssmpp:// for TLS); user and password percent-decoded. */
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

export function parseSmppUrl(url: string): SmppEndpoint {
  const u = new URL(url);
  if (u.protocol !== "smpp:" && u.protocol !== "ssmpp:") throw new Error(`SMSC URL must start with smpp:// or ssmpp:// (got ${u.protocol}//)`);
  const tls = u.protocol === "ssmpp:";
  const host = u.hostname.replace(/^\[(.*)\]$/, "$1");
  if (!host) throw new Error("SMSC URL has no host");
  return {
    host,
    port: u.port ? Number(u.port) : tls ? 3550 : 2775,
    tls,
    systemId: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
  };
}

/** Relative SMPP time "YYMMDDhhmmss000R" for a validity of `minutes`; "" (SMSC default) for none. */
export function relativeValidity(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes <= 0) return "";
  const total = Math.ceil(minutes);
  const mm = total % 60;
  const hh = Math.floor(total / 60) % 24;
  let days = Math.floor(total / 1440);
  let months = 0;
  let years = 0;
  if (days > 99) {
    months = Math.floor(days / 30);
    days %= 30;
    years = Math.min(99, Math.floor(months / 12));
    months %= 12;
  }
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(years)}${two(months)}${two(days)}${two(hh)}${two(mm)}00000R`;
}

type Built = { ok: true; params: SubmitSmFields } | { ok: false; result: SubmitResult };

const localError = (status: number, description: string): Built => ({
  ok: false,
  result: { ok: false, commandStatus: status, description: `not submitted: ${description}`, retryable: false },
});

/** The submit_sm parameters for one part (exported for tests). */
export function buildSubmitSm(part: SubmitPart): Built {
  const to = part.to.startsWith("+") ? part.to.slice(1) : part.to;
  if (!/^\d{1,15}$/.test(to)) return localError(E.ESME_RINVDSTADR!, `destination ${JSON.stringify(part.to)} is not an E.164 number`);
  let sourceTon: number;
  let sourceNpi: number;
  let source: string;
  if (/^\+?\d{1,16}$/.test(part.from)) {
    sourceTon = 1; // international
    sourceNpi = 1; // ISDN (E.164)
    source = part.from.replace(/^\+/, "");
  } else if (/^[\x20-\x7e]{1,11}$/.test(part.from)) {
    sourceTon = 5; // alphanumeric
    sourceNpi = 0;
    source = part.from;
  } else {
    return localError(E.ESME_RINVSRCADR!, `sender ${JSON.stringify(part.from)} is neither digits (<=16) nor alphanumeric (<=11)`);
  }
  let body: Uint8Array;
  try {
    body = part.encoding === "ucs2" ? encodeUcs2(part.text) : encodeGsm7(part.text);
  } catch (e) {
    return localError(E.ESME_RINVDCS!, e instanceof Error ? e.message : String(e));
  }
  let udh: Uint8Array | null = null;
  if (part.concat) {
    const { ref, total, seq } = part.concat;
    if (!(total >= 1 && total <= 255 && seq >= 1 && seq <= total)) return localError(E.ESME_RINVESMCLASS!, `bad concatenation ${seq}/${total}`);
    udh = Uint8Array.of(0x05, 0x00, 0x03, ref & 0xff, total, seq);
  }
  const bytes = Buffer.concat(udh ? [udh, body] : [body]);
  if (bytes.length > 16_000) return localError(E.ESME_RINVMSGLEN!, `${bytes.length} bytes is more than one submit_sm can carry`);
  // short_message holds up to 254 octets; beyond that the message_payload TLV carries it.
  const long = bytes.length > 254;
  const params: SubmitSmFields = {
    service_type: "",
    source_addr_ton: sourceTon,
    source_addr_npi: sourceNpi,
    source_addr: source,
    dest_addr_ton: 1,
    dest_addr_npi: 1,
    destination_addr: to,
    esm_class: udh ? 0x40 : 0x00,
    protocol_id: 0,
    priority_flag: 0,
    schedule_delivery_time: "",
    validity_period: relativeValidity(part.validityMinutes),
    registered_delivery: 1,
    replace_if_present_flag: 0,
    data_coding: (part.flash ? 0x10 : 0x00) | (part.encoding === "ucs2" ? 0x08 : 0x00),
    sm_default_msg_id: 0,
    short_message: long ? Buffer.alloc(0) : bytes,
    clientRef: part.partId,
    ...(long ? { message_payload: bytes } : {}),
  };
  return { ok: true, params };
}

const RECEIPT_STATES: Record<number, string> = {
  0: "SCHEDULED",
  1: "ENROUTE",
  2: "DELIVRD",
  3: "EXPIRED",
  4: "DELETED",
  5: "UNDELIV",
  6: "ACCEPTD",
  7: "UNKNOWN",
  8: "REJECTD",
  9: "SKIPPED",
};

function receiptDate(s: string | undefined): Date | undefined {
  const m = s?.match(/^(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)?$/);
  if (!m) return undefined;
  const d = new Date(Date.UTC(2000 + Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0)));
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/**
 * A delivery receipt from its text ("id:… sub:… dlvrd:… submit date:YYMMDDhhmm done date:YYMMDDhhmm
 * stat:DELIVRD err:000 text:…") and/or the receipted_message_id / message_state TLVs (the TLVs
 * win for the id; the text's stat wins over message_state). Dates are read as UTC. null without an
 * id. The id is canonical, with its reading in the other base as alternates (message-id.ts).
 */
export function parseReceipt(raw: string, tlv: { receiptedMessageId?: string; messageState?: number } = {}): DeliveryReceipt | null {
  const field = (name: string) => raw.match(new RegExp(`(?:^|\\s)${name}:(\\S*)`, "i"))?.[1];
  const id = canonicalMessageId(tlv.receiptedMessageId || field("id") || "");
  if (!id) return null;
  const stat = field("stat")?.toUpperCase() || (tlv.messageState !== undefined ? (RECEIPT_STATES[tlv.messageState] ?? "UNKNOWN") : "UNKNOWN");
  return {
    smscMessageId: id,
    alternateIds: alternateMessageIds(id),
    stat,
    err: field("err") ?? "",
    submitDate: receiptDate(field("submit date")),
    doneDate: receiptDate(field("done date")),
    raw,
  };
}

/** Text of a received short_message / message_payload as the library decoded it per data_coding. */
function pduText(pdu: smpp.PDU): string {
  const payload = pdu.message_payload;
  const value = payload !== undefined && payload !== null ? payload : pdu.short_message;
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  const message = Buffer.isBuffer(value) ? value : value.message;
  if (typeof message === "string") return message;
  // data_coding the library does not decode (binary / unknown): best effort.
  const dcs = (pdu.data_coding ?? 0) & 0xff;
  if ((dcs & 0x0c) === 0x08) return decodeUcs2(message);
  if ((dcs & 0x0c) === 0x00) return decodeGsm7(message);
  return message.toString("latin1");
}

const address = (addr: string | undefined, ton: number | undefined) => {
  const a = addr ?? "";
  return ton === 1 && /^\d+$/.test(a) ? `+${a}` : a;
};

interface Pending {
  part: SubmitPart;
  /** Its submit_sm after the header (encoded once; each attempt gets a fresh header). */
  body: Buffer;
  /** Until when it may wait for a bind (in the queue). */
  deadline: number;
  /** Until when its submit_sm may wait for the answer, once written. */
  answerBy: number;
  attempts: number;
  /** A copy went out on a connection that died before its answer (the SMSC may have it). */
  wired: boolean;
  cancelled?: () => boolean;
  done: boolean;
  resolve: (r: SubmitResult) => void;
}

/** FIFO with O(1) shift and the rare put-back at the front. */
class Queue<T> {
  private items: T[] = [];
  private head = 0;
  get length(): number {
    return this.items.length - this.head;
  }
  push(item: T): void {
    this.items.push(item);
  }
  peek(): T | undefined {
    return this.items[this.head];
  }
  shift(): T | undefined {
    if (this.head >= this.items.length) return undefined;
    const item = this.items[this.head]!;
    this.items[this.head++] = undefined as T;
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }
  unshiftAll(front: T[]): void {
    if (front.length === 0) return;
    this.items = [...front, ...this.items.slice(this.head)];
    this.head = 0;
  }
  drain(): T[] {
    const all = this.items.slice(this.head);
    this.items = [];
    this.head = 0;
    return all;
  }
}

type BindState = "connecting" | "bound" | "waiting" | "closed";

interface Bind {
  index: number;
  state: BindState;
  session: smpp.Session | null;
  inFlight: Map<number, Pending>;
  attempt: number;
  tokens: number;
  refilledAt: number;
  pausedUntil: number;
  enquireOutstanding: boolean;
  enquireTimer: NodeJS.Timeout | null;
  connectTimer: NodeJS.Timeout | null;
  reconnectTimer: NodeJS.Timeout | null;
}

interface HeldDeliver {
  session: smpp.Session;
  pdu: smpp.PDU;
  receipt: boolean;
}

const noop: CarrierLog = () => {};
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

class SmppCarrierImpl implements SmppCarrier {
  private readonly endpoint: SmppEndpoint;
  private readonly window: number;
  private readonly rate: number;
  private readonly bucket: number;
  private readonly enquireMs: number;
  private readonly submitTimeoutMs: number;
  private readonly systemType: string;
  private readonly log: CarrierLog;
  private readonly binds: Bind[] = [];
  private readonly queue = new Queue<Pending>();
  private rr = 0;
  private closing = false;
  private pumpScheduled = false;
  private pumpTimer: NodeJS.Timeout | null = null;
  private pumpTimerAt = Infinity;
  private readonly sweeper: NodeJS.Timeout;
  private receiptHandler: ((r: DeliveryReceipt) => Promise<void>) | null = null;
  private inboundHandler: ((m: InboundMessage) => Promise<void>) | null = null;
  private held: HeldDeliver[] = [];
  private bindWaiters: { resolve: () => void; reject: (e: Error) => void }[] = [];
  private everBound = false;

  constructor(url: string, options: CarrierOptions) {
    this.endpoint = parseSmppUrl(url);
    this.window = Math.max(1, Math.floor(options.window ?? 10));
    this.rate = options.submitsPerSecond ?? 100;
    if (!(this.rate > 0)) throw new Error("submitsPerSecond must be positive");
    // A tenth of a second's worth of burst: no one-second window ever sees much more than the rate.
    this.bucket = Number.isFinite(this.rate) ? Math.max(1, Math.ceil(this.rate / 10)) : Infinity;
    this.enquireMs = Math.max(0.05, options.enquireLinkSeconds ?? 30) * 1000;
    this.submitTimeoutMs = options.submitTimeoutMs ?? 30_000;
    this.systemType = options.systemType ?? "";
    this.log = options.log ?? noop;
    const n = Math.max(1, Math.floor(options.binds ?? 1));
    for (let i = 0; i < n; i++) {
      this.binds.push({
        index: i,
        state: "waiting",
        session: null,
        inFlight: new Map(),
        attempt: 0,
        tokens: this.bucket,
        refilledAt: performance.now(),
        pausedUntil: 0,
        enquireOutstanding: false,
        enquireTimer: null,
        connectTimer: null,
        reconnectTimer: null,
      });
    }
    this.sweeper = setInterval(() => this.sweep(), Math.min(250, Math.max(10, this.submitTimeoutMs / 4)));
    this.sweeper.unref();
    for (const b of this.binds) this.connect(b);
  }

  // ---- public API ----

  submit(part: SubmitPart, options: SubmitOptions = {}): Promise<SubmitResult> {
    if (this.closing) return Promise.resolve({ ok: false, commandStatus: NO_SMSC_STATUS, description: "carrier closed", retryable: true });
    const built = buildSubmitSm(part);
    if (!built.ok) return Promise.resolve(built.result);
    return new Promise<SubmitResult>((resolve) => {
      const deadline = performance.now() + this.submitTimeoutMs;
      this.queue.push({ part, body: encodeSubmitSmBody(built.params), deadline, answerBy: Infinity, attempts: 0, wired: false, cancelled: options.cancelled, done: false, resolve });
      this.schedulePump();
    });
  }

  onReceipt(handler: (r: DeliveryReceipt) => Promise<void>): void {
    this.receiptHandler = handler;
    this.releaseHeld();
  }

  onInbound(handler: (m: InboundMessage) => Promise<void>): void {
    this.inboundHandler = handler;
    this.releaseHeld();
  }

  stats(): CarrierStats {
    let connected = 0;
    let inFlight = 0;
    for (const b of this.binds) {
      if (b.state === "bound") connected++;
      inFlight += b.inFlight.size;
    }
    return { binds: this.binds.length, window: this.window, submitsPerSecond: this.rate, connected, inFlight, queued: this.queue.length };
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    clearInterval(this.sweeper);
    if (this.pumpTimer) clearTimeout(this.pumpTimer);
    for (const p of this.queue.drain()) this.unanswered(p, "carrier closed before the submit was sent");
    for (const w of this.bindWaiters.splice(0)) w.reject(new Error("carrier closed"));
    // Let outstanding submit_sm get their answers (bounded), then unbind.
    const until = performance.now() + 5000;
    while (this.binds.some((b) => b.state === "bound" && b.inFlight.size > 0) && performance.now() < until) await sleep(10);
    await Promise.all(this.binds.map((b) => this.shutdownBind(b)));
    for (const b of this.binds) this.requeueInFlight(b);
    for (const p of this.queue.drain()) this.unanswered(p, "carrier closed before the SMSC answered");
    this.held = [];
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
        resolve: () => (clearTimeout(timer), resolve()),
        reject: (e: Error) => (clearTimeout(timer), reject(e)),
      };
      this.bindWaiters.push(waiter);
    });
  }

  // ---- connection lifecycle ----

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
      session.bind_transceiver(
        { system_id: systemId, password, system_type: this.systemType, interface_version: 0x34, addr_ton: 0, addr_npi: 0, address_range: "" },
        (resp) => this.onBindResp(b, session, resp),
      );
    });
    session.on("deliver_sm", (pdu: smpp.PDU) => this.onDeliver(session, pdu));
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
    b.tokens = Math.min(b.tokens, this.bucket);
    b.refilledAt = performance.now();
    b.pausedUntil = 0;
    b.enquireOutstanding = false;
    b.enquireTimer = setInterval(() => this.enquire(b, session), this.enquireMs);
    b.enquireTimer.unref();
    this.everBound = true;
    this.log("info", "smpp bound", { bind: b.index, host: this.endpoint.host, port: this.endpoint.port });
    for (const w of this.bindWaiters.splice(0)) w.resolve();
    this.schedulePump();
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
    this.requeueInFlight(b);
    // Held deliver_sm of this session are dropped unacknowledged: the SMSC sends them again.
    this.held = this.held.filter((h) => h.session !== session);
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
    this.schedulePump();
  }

  /** Submits written on a connection that died go back to the front of the queue, for a live bind. */
  private requeueInFlight(b: Bind): void {
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

  // ---- sending ----

  private schedulePump(): void {
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
          if (b.state !== "bound" || b.inFlight.size >= this.window || now < b.pausedUntil) continue;
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
      if (b.state !== "bound" || b.inFlight.size >= this.window) continue;
      let t = Math.max(now, b.pausedUntil);
      if (this.bucket !== Infinity && b.tokens < 1) t = Math.max(t, b.refilledAt + ((1 - b.tokens) * 1000) / this.rate);
      at = Math.min(at, t);
    }
    if (at === Infinity || (this.pumpTimer && this.pumpTimerAt <= at)) return;
    if (this.pumpTimer) clearTimeout(this.pumpTimer);
    this.pumpTimerAt = at;
    this.pumpTimer = setTimeout(() => {
      this.pumpTimer = null;
      this.pumpTimerAt = Infinity;
      this.pump();
    }, Math.max(1, Math.ceil(at - now)));
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
      session.destroy();
      return;
    }
    b.inFlight.set(pdu.sequence_number, p);
    p.answerBy = performance.now() + this.submitTimeoutMs;
    if (p.attempts > 1) this.log("debug", "submit_sm resent", { partId: p.part.partId, attempt: p.attempts, bind: b.index });
  }

  private onSubmitResp(b: Bind, p: Pending, seq: number, resp: smpp.PDU): void {
    if (b.inFlight.get(seq) === p) b.inFlight.delete(seq);
    const status = resp.command_status;
    if (status === ESME_RINVBNDSTS && !p.done && b.session) {
      // The SMSC no longer considers this session bound: the submit was not taken. Rebind, resend.
      this.log("warn", "smsc answered ESME_RINVBNDSTS; rebinding", { bind: b.index });
      this.queue.unshiftAll([p]);
      b.state = "connecting";
      b.session.destroy();
      return;
    }
    if (resp.command === "submit_sm_resp" && status === ESME_ROK) {
      const smscMessageId = canonicalMessageId(String(resp.message_id ?? ""));
      this.finish(p, p.wired ? { ok: true, smscMessageId, possibleDuplicate: true } : { ok: true, smscMessageId });
    } else {
      const retryable = RETRYABLE_STATUSES.has(status);
      if (status === ESME_RTHROTTLED) b.pausedUntil = performance.now() + 1000; // the SMSC asks us to slow down
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
          this.log("warn", "no submit_sm_resp in time; the part may have been taken", { partId: p.part.partId, bind: b.index });
          this.unanswered(p, `no submit_sm_resp within ${this.submitTimeoutMs} ms`, true);
        }
        this.schedulePump();
      });
    if (this.queue.length > 0) this.schedulePump();
  }

  // ---- receiving ----

  private onDeliver(session: smpp.Session, pdu: smpp.PDU): void {
    // esm_class bits 2-5: MC delivery receipt (0x04), SME acknowledgements (0x08, 0x10), intermediate notification (0x20).
    const receipt = ((pdu.esm_class ?? 0) & 0x3c) !== 0;
    const handler = receipt ? this.receiptHandler : this.inboundHandler;
    if (!handler) {
      if (this.held.length >= 10_000) session.send(pdu.response({ command_status: ESME_RX_T_APPN }));
      else this.held.push({ session, pdu, receipt });
      return;
    }
    void this.handleDeliver(session, pdu, receipt);
  }

  private releaseHeld(): void {
    const held = this.held;
    this.held = [];
    for (const h of held) this.onDeliver(h.session, h.pdu);
  }

  private async handleDeliver(session: smpp.Session, pdu: smpp.PDU, receipt: boolean): Promise<void> {
    let status = ESME_ROK;
    try {
      const text = pduText(pdu);
      if (receipt) {
        const r = parseReceipt(text, { receiptedMessageId: pdu.receipted_message_id, messageState: pdu.message_state });
        if (!r) this.log("warn", "deliver_sm receipt without a message id; acknowledged and ignored", { raw: text });
        else await this.receiptHandler!(r);
      } else {
        await this.inboundHandler!({
          from: address(pdu.source_addr, pdu.source_addr_ton),
          to: address(pdu.destination_addr, pdu.dest_addr_ton),
          text,
          receivedAt: new Date(),
        });
      }
    } catch (e) {
      status = ESME_RX_T_APPN; // temporary application error: the SMSC delivers it again later
      this.log("warn", receipt ? "receipt handler failed; SMSC will retry" : "inbound handler failed; SMSC will retry", {
        error: e instanceof Error ? e.message : String(e),
      });
    }
    session.send(status === ESME_ROK ? pdu.response() : pdu.response({ command_status: status }));
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
