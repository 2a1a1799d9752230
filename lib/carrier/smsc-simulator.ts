// The bundled SMSC simulator: a real SMPP 3.4 server (npm `smpp`) that accepts binds with one
// set of credentials, answers every submit_sm and sends delivery receipts whose outcome the
// destination's last four digits choose (DESIGN.md, "SMSC simulator outcomes"):
//
//   …0001  receipt stat:UNDELIV err:001   (GSM MAP error 1, unknownSubscriber)
//   …0002  receipt stat:UNDELIV err:008   (GSM MAP error 8, roamingNotAllowed — 3GPP TS 29.002)
//   …0003  submit_sm_resp ESME_RSUBMITFAIL (0x45), no receipt
//   …0004  receipt stat:EXPIRED err:000
//   …0005  submit accepted, no receipt ever
//   other  receipt stat:DELIVRD err:000   (…0006 too: its "not delivered" belongs to the Viber simulator)
//
// Receipts go to a receiver-capable session (transceiver or receiver) of the same system_id,
// with a window of unacknowledged deliver_sm per session; receipts nobody can take (client gone,
// deliver_sm_resp with an error) are kept and sent again, so nothing is lost across a reconnect.
//
// Fault switches (SimulatorFaults, at start or with setFaults) make it misbehave the way real
// SMSCs do: lose submit_sm_resps, send a receipt before its submit_sm_resp, repeat receipts,
// spell message ids differently in receipts, and deliver a resubmission again as a new message.
import smpp from "smpp";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { isGsm7 } from "../core/sms/analyze-body.ts";
import { encodeGsm7, encodeUcs2 } from "../core/sms/encode.ts";
import type { CarrierLog } from "../core/ports/carrier.ts";
import { CLIENT_REF_TLV } from "./client-ref.ts";

export interface SimulatedOutcome {
  /** null: the submit_sm is refused with `submitStatus`. */
  stat: "DELIVRD" | "UNDELIV" | "EXPIRED" | null;
  err: string;
  /** message_state TLV value (SMPP 3.4 §5.3.2.35). */
  state: number;
  submitStatus: number;
  receipt: boolean;
}

const ESME_RSUBMITFAIL = 0x45;
const ESME_RINVBNDSTS = 0x04;
const ESME_RALYBND = 0x05;
const ESME_RBINDFAIL = 0x0d;
const ESME_RINVCMDID = 0x03;

/** The outcome the simulator gives a destination (exported so other simulators and tests agree). */
export function simulatedOutcome(destination: string): SimulatedOutcome {
  switch (destination.replace(/\D/g, "").slice(-4)) {
    case "0001":
      return { stat: "UNDELIV", err: "001", state: 5, submitStatus: 0, receipt: true };
    case "0002":
      return { stat: "UNDELIV", err: "008", state: 5, submitStatus: 0, receipt: true };
    case "0003":
      return { stat: null, err: "", state: 8, submitStatus: ESME_RSUBMITFAIL, receipt: false };
    case "0004":
      return { stat: "EXPIRED", err: "000", state: 3, submitStatus: 0, receipt: true };
    case "0005":
      return { stat: "DELIVRD", err: "000", state: 2, submitStatus: 0, receipt: false };
    default:
      return { stat: "DELIVRD", err: "000", state: 2, submitStatus: 0, receipt: true };
  }
}

/** Misbehaviours of real SMSCs, for fault tests. */
export interface SimulatorFaults {
  /** Accept the next this many submit_sm (their receipts follow) but never answer them: lost submit_sm_resps. */
  dropSubmitResps?: number;
  /** Send each receipt at once and hold the submit_sm_resp back this long: the receipt overtakes it. */
  receiptBeforeRespMs?: number;
  /** Send every receipt this many more times. */
  repeatReceipts?: number;
  /**
   * How receipts spell the message id: as issued, upper case, zero-padded to 24 characters (text and
   * TLV), or in decimal in the text with no receipted_message_id TLV (the id is issued in hex).
   */
  receiptIds?: "same" | "upper" | "zeros" | "decimal";
  /**
   * Take a resubmission of an accepted part (same client reference) as a new message, with a new
   * id and its own receipt, as an SMSC that ignores the reference does. Still counted in duplicates().
   */
  ignoreClientRef?: boolean;
}

export interface SimulatorOptions {
  host?: string;
  /** 0 (default) = a free port. */
  port?: number;
  systemId?: string;
  password?: string;
  /** Delay between a submit and its receipt (default: env SIM_DELIVERY_DELAY_MS, else 1500). */
  deliveryDelayMs?: number;
  /** Delay before each submit_sm_resp (default 0), to mimic a slow SMSC / network round trip. */
  respondDelayMs?: number;
  /** Unacknowledged deliver_sm per session (default 50). */
  deliverWindow?: number;
  /** Keep the latest N received submit_sm for inspection (default 1000; 0 = none). */
  recordLimit?: number;
  faults?: SimulatorFaults;
  log?: CarrierLog;
}

/** A submit_sm as the simulator received it (short_message decoded per data_coding by the library). */
export interface ReceivedSubmit {
  systemId: string;
  /** Which connection it came on (1, 2, … in order of connection). */
  session: number;
  sequenceNumber: number;
  commandStatus: number;
  messageId: string | null;
  sourceAddr: string;
  sourceAddrTon: number;
  sourceAddrNpi: number;
  destinationAddr: string;
  destAddrTon: number;
  destAddrNpi: number;
  esmClass: number;
  dataCoding: number;
  registeredDelivery: number;
  /** Relative validity decoded by the library into an absolute Date; "" when absent. */
  validityPeriod: Date | string;
  /** User data header information elements, each [IEI, length, ...data]. */
  udh: Buffer[];
  concat: { ref: number; total: number; seq: number } | null;
  text: string;
  /** Switchboard's part id from the client reference TLV ("" when absent). */
  clientRef: string;
  /** A resubmission of a part already accepted: answered with the first message_id, not delivered again. */
  duplicate: boolean;
  receivedAt: Date;
}

export interface SmscSimulator {
  url: string;
  port: number;
  close(): Promise<void>;
  /** A mobile-originated deliver_sm (esm_class 0) to a receiver of `systemId` (default: the simulator's); resolves when acknowledged. */
  sendInbound(m: { from: string; to: string; text: string; systemId?: string }): Promise<void>;
  /** submit_sm received so far. */
  submitted(): number;
  /** Resubmissions recognised by their client reference and not delivered again. */
  duplicates(): number;
  /** The latest received submit_sm (up to recordLimit). */
  received(): ReceivedSubmit[];
  /** Largest number of submit_sm a single session had waiting for their response at once. */
  maxOutstanding(): number;
  /** Receipts / MO messages not yet acknowledged (waiting for their time, for a receiver, or in flight). */
  pendingDeliveries(): number;
  /** Bound sessions. */
  sessions(): number;
  /** Cut every client connection (as a network failure would). */
  dropSessions(): void;
  /** Stop answering anything on the current sessions (a hung SMSC); new sessions work normally. */
  hangSessions(): void;
  /** Replaces the fault switches. */
  setFaults(faults: SimulatorFaults): void;
  /** submit_sm_resps dropped by the dropSubmitResps switch so far. */
  droppedResps(): number;
  /** A delivery receipt for any message id (one never issued, say); resolves when the client acknowledges it. */
  sendReceipt(r: { messageId: string; stat?: "DELIVRD" | "UNDELIV" | "EXPIRED"; systemId?: string }): Promise<void>;
}

interface SessionState {
  session: smpp.Session;
  number: number;
  systemId: string;
  bound: boolean;
  canTransmit: boolean;
  canReceive: boolean;
  hung: boolean;
  outstandingSubmits: number;
  outstandingDelivers: Map<number, Delivery>;
}

interface Delivery {
  systemId: string;
  params: Record<string, unknown>;
  kind: "receipt" | "mo";
  settle?: (error?: Error) => void;
}

const two = (n: number) => String(n).padStart(2, "0");
const receiptDate = (d: Date) => `${two(d.getUTCFullYear() % 100)}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}${two(d.getUTCHours())}${two(d.getUTCMinutes())}`;

/** First characters of the message for the receipt's text: field, restricted to the GSM alphabet. */
const receiptSnippet = (text: string) => [...text.slice(0, 20)].map((c) => (isGsm7(c) && c !== "\n" && c !== "\r" ? c : "?")).join("");

const addr = (a: string) =>
  /^\+?\d+$/.test(a) ? { ton: 1, npi: 1, addr: a.replace(/^\+/, "") } : { ton: 5, npi: 0, addr: a };

function pduText(pdu: smpp.PDU): string {
  const v = pdu.message_payload ?? pdu.short_message;
  if (v === undefined || v === null) return "";
  if (typeof v === "string") return v;
  const m = Buffer.isBuffer(v) ? v : v.message;
  return typeof m === "string" ? m : m.toString("latin1");
}

function pduUdh(pdu: smpp.PDU): Buffer[] {
  const v = pdu.message_payload ?? pdu.short_message;
  return v && typeof v === "object" && !Buffer.isBuffer(v) && v.udh ? v.udh : [];
}

export async function startSmscSimulator(options: SimulatorOptions = {}): Promise<SmscSimulator> {
  const host = options.host ?? "127.0.0.1";
  const systemId = options.systemId ?? "switchboard";
  const password = options.password ?? "switchboard";
  const envDelay = Number(process.env.SIM_DELIVERY_DELAY_MS);
  const deliveryDelayMs = options.deliveryDelayMs ?? (process.env.SIM_DELIVERY_DELAY_MS && Number.isFinite(envDelay) ? envDelay : 1500);
  const respondDelayMs = options.respondDelayMs ?? 0;
  const deliverWindow = Math.max(1, options.deliverWindow ?? 50);
  const recordLimit = options.recordLimit ?? 1000;
  const retryDelayMs = Math.min(1000, Math.max(20, deliveryDelayMs));
  const log: CarrierLog = options.log ?? (() => {});
  let faults: SimulatorFaults = { ...options.faults };
  let droppedResps = 0;

  // Ids stay unique across simulator restarts, and never start with 0 (so they are canonical as issued: message-id.ts).
  const prefix = randomBytes(4);
  prefix[0]! |= 0x10;
  const idPrefix = prefix.toString("hex");
  let idCounter = 0;
  let submittedCount = 0;
  let duplicateCount = 0;
  // Client references of accepted parts (insertion-ordered, oldest dropped past refLimit).
  const acceptedRefs = new Map<string, string>();
  const refLimit = 1_000_000;
  let maxOutstanding = 0;
  let records: ReceivedSubmit[] = [];
  const states = new Map<smpp.Session, SessionState>();
  const ready = new Map<string, Delivery[]>(); // per system_id: due, waiting for a receiver
  const rr = new Map<string, number>();
  let inFlightDeliveries = 0;
  let closed = false;
  let sessionCounter = 0;

  // Receipts come due in submission order (constant delay): one FIFO and one timer.
  const due: { at: number; d: Delivery }[] = [];
  let dueHead = 0;
  let dueTimer: NodeJS.Timeout | null = null;
  const retryTimers = new Set<NodeJS.Timeout>();

  // Batch writes of one event-loop turn into one syscall.
  const corked = new Set<smpp.Session>();
  const send = (st: SessionState, pdu: smpp.PDU, cb?: (resp: smpp.PDU) => void): boolean => {
    const s = st.session;
    if (!s.socket.writable) return false;
    if (!corked.has(s)) {
      corked.add(s);
      s.socket.cork();
      process.nextTick(() => {
        corked.delete(s);
        s.socket.uncork();
      });
    }
    return s.send(pdu, cb);
  };

  const armDue = () => {
    if (dueTimer || dueHead >= due.length || closed) return;
    dueTimer = setTimeout(
      () => {
        dueTimer = null;
        const now = Date.now();
        const touched = new Set<string>();
        while (dueHead < due.length && due[dueHead]!.at <= now) {
          const { d } = due[dueHead]!;
          due[dueHead++] = undefined as never;
          enqueueReady(d, false);
          touched.add(d.systemId);
        }
        if (dueHead > 1024 && dueHead * 2 > due.length) {
          due.splice(0, dueHead);
          dueHead = 0;
        }
        for (const id of touched) flush(id);
        armDue();
      },
      Math.max(0, due[dueHead]!.at - Date.now()),
    );
  };

  const enqueueReady = (d: Delivery, front: boolean) => {
    let q = ready.get(d.systemId);
    if (!q) ready.set(d.systemId, (q = []));
    if (front) q.unshift(d);
    else q.push(d);
  };

  /** Send what is ready for `sysId` to its receivers, within each one's window. */
  const flush = (sysId: string) => {
    const q = ready.get(sysId);
    if (!q || q.length === 0 || closed) return;
    const receivers = [...states.values()].filter((s) => s.bound && s.canReceive && !s.hung && s.systemId === sysId);
    if (receivers.length === 0) return;
    let start = rr.get(sysId) ?? 0;
    let sent = 0;
    while (sent < q.length) {
      let target: SessionState | null = null;
      for (let i = 0; i < receivers.length; i++) {
        const s = receivers[(start + i) % receivers.length]!;
        if (s.outstandingDelivers.size < deliverWindow && s.session.socket.writable) {
          target = s;
          start = (start + i + 1) % receivers.length;
          break;
        }
      }
      if (!target) break;
      const d = q[sent]!;
      const pdu = new smpp.PDU("deliver_sm", d.params);
      const st = target;
      if (!send(st, pdu, (resp) => onDeliverResp(st, pdu.sequence_number, d, resp))) break;
      st.outstandingDelivers.set(pdu.sequence_number, d);
      inFlightDeliveries++;
      sent++;
    }
    rr.set(sysId, start);
    if (sent) q.splice(0, sent);
    if (sent) log("debug", "smsc-sim deliver_sm sent", { systemId: sysId, count: sent });
  };

  const onDeliverResp = (st: SessionState, seq: number, d: Delivery, resp: smpp.PDU) => {
    if (st.outstandingDelivers.get(seq) !== d) return;
    st.outstandingDelivers.delete(seq);
    inFlightDeliveries--;
    if (resp.command_status === 0) {
      d.settle?.();
    } else {
      // The client could not take it now (ESME_RX_T_APPN…): deliver again a little later.
      log("debug", "smsc-sim deliver_sm refused; retrying", { status: resp.command_status, kind: d.kind });
      const t = setTimeout(() => {
        retryTimers.delete(t);
        enqueueReady(d, false);
        flush(d.systemId);
      }, retryDelayMs);
      retryTimers.add(t);
    }
    flush(st.systemId);
  };

  const receiptParams = (
    r: { messageId: string; stat: string; err: string; state: number; text: string },
    addrs: { from: string; fromTon: number; fromNpi: number; to: string; toTon: number; toNpi: number },
    submitDate: Date,
    doneDate: Date,
  ): Record<string, unknown> => {
    const style = faults.receiptIds ?? "same";
    const id =
      style === "upper" ? r.messageId.toUpperCase()
      : style === "zeros" ? r.messageId.padStart(24, "0")
      : style === "decimal" && /^[0-9a-f]+$/i.test(r.messageId) ? BigInt(`0x${r.messageId}`).toString(10)
      : r.messageId;
    const delivered = r.stat === "DELIVRD" ? "001" : "000";
    const receiptText =
      `id:${id} sub:001 dlvrd:${delivered} submit date:${receiptDate(submitDate)} done date:${receiptDate(doneDate)} ` +
      `stat:${r.stat} err:${r.err} text:${receiptSnippet(r.text)}`;
    const params: Record<string, unknown> = {
      service_type: "",
      source_addr_ton: addrs.fromTon,
      source_addr_npi: addrs.fromNpi,
      source_addr: addrs.from,
      dest_addr_ton: addrs.toTon,
      dest_addr_npi: addrs.toNpi,
      destination_addr: addrs.to,
      esm_class: 0x04,
      data_coding: 0,
      short_message: Buffer.from(encodeGsm7(receiptText)),
      message_state: r.state,
    };
    // The decimal spelling comes in the text only, as SMSCs that mix bases send it.
    if (style !== "decimal") params.receipted_message_id = id;
    // network_error_code TLV: network type 3 (GSM) + the error, for failures.
    if (r.stat !== "DELIVRD") params.network_error_code = Buffer.from([3, 0, Number(r.err) & 0xff]);
    return params;
  };

  const scheduleReceipt = (sysId: string, pdu: smpp.PDU, messageId: string, outcome: SimulatedOutcome, text: string, now = false) => {
    const requested = (pdu.registered_delivery ?? 0) & 0x03;
    if (!outcome.receipt || requested === 0 || !outcome.stat) return;
    if (requested === 2 && outcome.stat === "DELIVRD") return; // failures only
    const submitDate = new Date();
    const doneDate = new Date(submitDate.getTime() + (now ? 0 : deliveryDelayMs));
    const params = receiptParams(
      { messageId, stat: outcome.stat, err: outcome.err, state: outcome.state, text },
      {
        from: pdu.destination_addr ?? "",
        fromTon: pdu.dest_addr_ton ?? 1,
        fromNpi: pdu.dest_addr_npi ?? 1,
        to: pdu.source_addr ?? "",
        toTon: pdu.source_addr_ton ?? 0,
        toNpi: pdu.source_addr_npi ?? 0,
      },
      submitDate,
      doneDate,
    );
    for (let i = 0; i <= (faults.repeatReceipts ?? 0); i++) due.push({ at: doneDate.getTime() + i * 10, d: { systemId: sysId, params, kind: "receipt" } });
    armDue();
  };

  const record = (r: ReceivedSubmit) => {
    if (recordLimit <= 0) return;
    records.push(r);
    if (records.length > recordLimit * 2) records = records.slice(-recordLimit);
  };

  const onSubmit = (st: SessionState, pdu: smpp.PDU) => {
    if (!st.bound || !st.canTransmit) {
      if (st.hung) return;
      send(st, pdu.response({ command_status: ESME_RINVBNDSTS }));
      return;
    }
    submittedCount++;
    const destination = pdu.destination_addr ?? "";
    const outcome = simulatedOutcome(destination);
    // A resubmission of a part already accepted (same client reference TLV from the same
    // system_id) gets the first message_id back and is not delivered again.
    const clientRef = typeof (pdu as unknown as Record<string, unknown>)[CLIENT_REF_TLV] === "string" ? ((pdu as unknown as Record<string, string>)[CLIENT_REF_TLV] ?? "") : "";
    const refKey = clientRef ? `${st.systemId}\u0000${clientRef}` : "";
    const earlier = refKey ? acceptedRefs.get(refKey) : undefined;
    const duplicate = earlier !== undefined;
    if (duplicate) duplicateCount++;
    const deliverAgain = duplicate && faults.ignoreClientRef === true;
    const messageId = duplicate && !deliverAgain ? earlier : outcome.submitStatus === 0 ? `${idPrefix}${(++idCounter).toString(16).padStart(8, "0")}` : null;
    if (refKey && messageId && !duplicate) {
      acceptedRefs.set(refKey, messageId);
      if (acceptedRefs.size > refLimit) acceptedRefs.delete(acceptedRefs.keys().next().value!);
    }
    const text = pduText(pdu);
    if (recordLimit > 0) {
      const udh = pduUdh(pdu);
      const ie = udh.find((u) => (u[0] === 0x00 && u[1] === 3) || (u[0] === 0x08 && u[1] === 4));
      const concat = !ie ? null : ie[0] === 0x00 ? { ref: ie[2]!, total: ie[3]!, seq: ie[4]! } : { ref: ie.readUInt16BE(2), total: ie[4]!, seq: ie[5]! };
      record({
        systemId: st.systemId,
        session: st.number,
        sequenceNumber: pdu.sequence_number,
        commandStatus: outcome.submitStatus,
        messageId,
        sourceAddr: pdu.source_addr ?? "",
        sourceAddrTon: pdu.source_addr_ton ?? 0,
        sourceAddrNpi: pdu.source_addr_npi ?? 0,
        destinationAddr: destination,
        destAddrTon: pdu.dest_addr_ton ?? 0,
        destAddrNpi: pdu.dest_addr_npi ?? 0,
        esmClass: pdu.esm_class ?? 0,
        dataCoding: pdu.data_coding ?? 0,
        registeredDelivery: pdu.registered_delivery ?? 0,
        validityPeriod: pdu.validity_period ?? "",
        udh,
        concat,
        text,
        clientRef,
        duplicate,
        receivedAt: new Date(),
      });
    }
    const fresh = messageId !== null && (!duplicate || deliverAgain);
    const respond = () => {
      if (st.hung) return;
      if (messageId && (faults.dropSubmitResps ?? 0) > 0) {
        // Taken, but the answer is lost on the way.
        faults.dropSubmitResps!--;
        droppedResps++;
        if (fresh) scheduleReceipt(st.systemId, pdu, messageId, outcome, text);
        return;
      }
      const answer = () => send(st, messageId ? pdu.response({ message_id: messageId }) : pdu.response({ command_status: outcome.submitStatus }));
      const overtake = faults.receiptBeforeRespMs ?? 0;
      if (messageId && fresh && overtake > 0) {
        scheduleReceipt(st.systemId, pdu, messageId, outcome, text, true);
        setTimeout(() => {
          if (!st.hung && !closed) answer();
        }, overtake);
        return;
      }
      answer();
      if (fresh) scheduleReceipt(st.systemId, pdu, messageId!, outcome, text);
    };
    if (respondDelayMs > 0) {
      st.outstandingSubmits++;
      maxOutstanding = Math.max(maxOutstanding, st.outstandingSubmits);
      setTimeout(() => {
        st.outstandingSubmits--;
        respond();
      }, respondDelayMs);
    } else {
      maxOutstanding = Math.max(maxOutstanding, 1);
      respond();
    }
  };

  const server = smpp.createServer({}, (session) => {
    const st: SessionState = {
      session,
      number: ++sessionCounter,
      systemId: "",
      bound: false,
      canTransmit: false,
      canReceive: false,
      hung: false,
      outstandingSubmits: 0,
      outstandingDelivers: new Map(),
    };
    states.set(session, st);
    session.socket.setNoDelay(true);
    session.on("error", () => {}); // resets by clients are normal; 'close' follows
    session.on("close", () => {
      states.delete(session);
      corked.delete(session);
      // What was in flight to this session goes back, first in line, for the next receiver.
      const back = [...st.outstandingDelivers.values()];
      st.outstandingDelivers.clear();
      inFlightDeliveries -= back.length;
      if (st.systemId && back.length) {
        for (const d of back.reverse()) enqueueReady(d, true);
        flush(st.systemId);
      }
      if (st.bound) log("info", "smsc-sim session closed", { systemId: st.systemId });
    });
    const onBind = (mode: "trx" | "tx" | "rx") => (pdu: smpp.PDU) => {
      if (st.hung) return;
      if (st.bound) {
        send(st, pdu.response({ command_status: ESME_RALYBND }));
        return;
      }
      if (pdu.system_id !== systemId || pdu.password !== password) {
        log("warn", "smsc-sim bind refused", { systemId: pdu.system_id });
        session.send(pdu.response({ command_status: ESME_RBINDFAIL }), () => session.close());
        return;
      }
      st.bound = true;
      st.systemId = systemId;
      st.canTransmit = mode !== "rx";
      st.canReceive = mode !== "tx";
      send(st, pdu.response({ system_id: "SwitchboardSim" }));
      log("info", "smsc-sim bound", { systemId, mode });
      if (st.canReceive) flush(systemId);
    };
    session.on("bind_transceiver", onBind("trx"));
    session.on("bind_transmitter", onBind("tx"));
    session.on("bind_receiver", onBind("rx"));
    session.on("submit_sm", (pdu: smpp.PDU) => onSubmit(st, pdu)); // a hung session counts it but never answers
    session.on("enquire_link", (pdu: smpp.PDU) => {
      if (!st.hung) send(st, pdu.response());
    });
    session.on("unbind", (pdu: smpp.PDU) => {
      if (st.hung) return;
      st.bound = false;
      session.send(pdu.response(), () => session.close());
    });
    session.on("pdu", (pdu: smpp.PDU) => {
      if (st.hung || pdu.isResponse()) return;
      if (pdu.command === "unknown") send(st, pdu.response());
      else if (!handled.has(pdu.command)) send(st, pdu.response({ command_status: ESME_RINVCMDID }));
    });
  });
  const handled = new Set(["bind_transceiver", "bind_transmitter", "bind_receiver", "submit_sm", "enquire_link", "unbind", "unknown"]);

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  server.on("error", (e: Error) => log("error", "smsc-sim server error", { error: e.message }));
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(":") ? `[${host}]` : host === "0.0.0.0" ? "127.0.0.1" : host;
  const url = `smpp://${encodeURIComponent(systemId)}:${encodeURIComponent(password)}@${urlHost}:${port}`;
  log("info", "smsc-sim listening", { host, port });

  return {
    url,
    port,
    async close() {
      if (closed) return;
      closed = true;
      if (dueTimer) clearTimeout(dueTimer);
      for (const t of retryTimers) clearTimeout(t);
      retryTimers.clear();
      const closing = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const st of states.values()) st.session.destroy();
      await closing;
    },
    sendInbound(m) {
      const sysId = m.systemId ?? systemId;
      const from = addr(m.from);
      const to = addr(m.to);
      const gsm = isGsm7(m.text);
      const bytes = Buffer.from(gsm ? encodeGsm7(m.text) : encodeUcs2(m.text));
      const params: Record<string, unknown> = {
        service_type: "",
        source_addr_ton: from.ton,
        source_addr_npi: from.npi,
        source_addr: from.addr,
        dest_addr_ton: to.ton,
        dest_addr_npi: to.npi,
        destination_addr: to.addr,
        esm_class: 0,
        data_coding: gsm ? 0 : 8,
      };
      if (bytes.length <= 254) params.short_message = bytes;
      else {
        params.short_message = Buffer.alloc(0);
        params.message_payload = bytes;
      }
      return new Promise<void>((resolve, reject) => {
        if (closed) return reject(new Error("simulator closed"));
        enqueueReady({ systemId: sysId, params, kind: "mo", settle: (e) => (e ? reject(e) : resolve()) }, false);
        flush(sysId);
      });
    },
    submitted: () => submittedCount,
    duplicates: () => duplicateCount,
    received: () => records.slice(-recordLimit),
    maxOutstanding: () => maxOutstanding,
    pendingDeliveries: () => due.length - dueHead + [...ready.values()].reduce((n, q) => n + q.length, 0) + inFlightDeliveries,
    sessions: () => [...states.values()].filter((s) => s.bound).length,
    dropSessions() {
      for (const st of states.values()) st.session.destroy();
    },
    hangSessions() {
      for (const st of states.values()) st.hung = true;
    },
    setFaults(f) {
      faults = { ...f };
    },
    droppedResps: () => droppedResps,
    sendReceipt(r) {
      const sysId = r.systemId ?? systemId;
      const stat = r.stat ?? "DELIVRD";
      const state = stat === "DELIVRD" ? 2 : stat === "EXPIRED" ? 3 : 5;
      const now = new Date();
      const params = receiptParams(
        { messageId: r.messageId, stat, err: stat === "UNDELIV" ? "001" : "000", state, text: "" },
        { from: "306900000000", fromTon: 1, fromNpi: 1, to: "Switchboard", toTon: 5, toNpi: 0 },
        now,
        now,
      );
      return new Promise<void>((resolve, reject) => {
        if (closed) return reject(new Error("simulator closed"));
        enqueueReady({ systemId: sysId, params, kind: "receipt", settle: (e) => (e ? reject(e) : resolve()) }, false);
        flush(sysId);
      });
    },
  };
}
