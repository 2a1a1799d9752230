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
// Trouble switches (throttle, stall, drop: smsc-sim/switches.ts) make it the connector that
// routing must fail over from; smsc-sim/control-server.ts turns them from another process.
// It serves SMPP over TLS when given a certificate and key (ssmpp:// in its url).
//
// The parts live in smsc-sim/: outcomes.ts (by test number), submits.ts (answering submit_sm),
// deliveries.ts (receipt scheduling and the deliver_sm window), receipts.ts (the receipt PDU),
// sessions.ts (each client connection), switches.ts and tally.ts (what it counts and delivered).
import smpp from "smpp";
import type { AddressInfo } from "node:net";
import { isGsm7 } from "./encode.ts";
import { encodeGsm7, encodeUcs2 } from "./encode.ts";
import type { CarrierLog } from "../core/ports/carrier.ts";
import { SimulatorDeliveries } from "./smsc-sim/deliveries.ts";
import { receiptParams } from "./smsc-sim/receipts.ts";
import { acceptSession, corkedSender, type SessionState } from "./smsc-sim/sessions.ts";
import { SubmitDesk } from "./smsc-sim/submits.ts";
import { SimulatorSwitches, type SwitchState } from "./smsc-sim/switches.ts";
import { type DeliveredPage, type SubmitCounts, SubmitTally } from "./smsc-sim/tally.ts";

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
  /** Keep up to N delivered parts' destinations for delivered() (default 100 000; 0 = none); counts are kept regardless. */
  keepDelivered?: number;
  /** Serve SMPP over TLS with this certificate and key (PEM). */
  tls?: { cert: string | Buffer; key: string | Buffer };
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
  /** Answer every submit_sm ESME_RTHROTTLED, for `seconds` or until normal(). */
  throttle(seconds?: number): void;
  /** Take PDUs off the wire and never answer them (binds, enquire_link, submit_sm: none is delivered), for `seconds` or until normal(). */
  stall(seconds?: number): void;
  /** Close every connection now; with `seconds`, also each one that comes until then (Infinity: until normal()). */
  drop(seconds?: number): void;
  /** Every trouble switch off. */
  normal(): void;
  /** What it counted since start, the switches and the bound sessions. */
  stats(): SimulatorStats;
  /** Delivered parts in order from cursor `since` (default 0), at most `limit` (default 10 000). */
  delivered(since?: number, limit?: number): DeliveredPage;
  /** A delivery receipt for any message id (one never issued, say); resolves when the client acknowledges it. */
  sendReceipt(r: { messageId: string; stat?: "DELIVRD" | "UNDELIV" | "EXPIRED"; systemId?: string }): Promise<void>;
}

export interface SimulatorStats extends SubmitCounts {
  /** Resubmissions recognised by their client reference. */
  duplicates: number;
  /** Bound sessions. */
  sessions: number;
  switches: SwitchState;
}

const addr = (a: string) => (/^\+?\d+$/.test(a) ? { ton: 1, npi: 1, addr: a.replace(/^\+/, "") } : { ton: 5, npi: 0, addr: a });

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
  const states = new Map<smpp.Session, SessionState>();
  let closed = false;
  let sessionCounter = 0;
  const { send, forget } = corkedSender();
  // A stall that ends lets the receipts that waited for it go.
  const switches = new SimulatorSwitches((name) => name === "stall" && deliveries.flush(systemId));
  const tally = new SubmitTally(options.keepDelivered ?? 100_000);
  const deliveries = new SimulatorDeliveries({
    deliveryDelayMs,
    deliverWindow,
    retryDelayMs,
    log,
    send,
    receivers: (sysId) => (switches.isOn("stall") ? [] : [...states.values()].filter((s) => s.bound && s.canReceive && !s.hung && s.systemId === sysId)),
    faults: () => faults,
    closed: () => closed,
  });
  const submits = new SubmitDesk({ respondDelayMs, recordLimit, send, deliveries, faults: () => faults, switches, tally, closed: () => closed });

  const server = smpp.createServer(options.tls ? { cert: options.tls.cert, key: options.tls.key } : {}, (session) =>
    acceptSession(session, {
      systemId,
      password,
      log,
      send,
      forget,
      states,
      nextNumber: () => ++sessionCounter,
      deliveries,
      switches,
      onSubmit: (st, pdu) => submits.onSubmit(st, pdu),
    }),
  );

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
  const url = `${options.tls ? "ssmpp" : "smpp"}://${encodeURIComponent(systemId)}:${encodeURIComponent(password)}@${urlHost}:${port}`;
  log("info", "smsc-sim listening", { host, port });

  return {
    url,
    port,
    async close() {
      if (closed) return;
      closed = true;
      deliveries.close();
      switches.close();
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
        deliveries.deliverNow({ systemId: sysId, params, kind: "mo", settle: (e) => (e ? reject(e) : resolve()) });
      });
    },
    submitted: () => submits.submittedCount,
    duplicates: () => submits.duplicateCount,
    received: () => submits.received(),
    maxOutstanding: () => submits.maxOutstanding,
    pendingDeliveries: () => deliveries.pending(),
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
    droppedResps: () => submits.droppedResps,
    throttle: (seconds) => switches.on("throttle", seconds),
    stall: (seconds) => switches.on("stall", seconds),
    drop(seconds) {
      if (seconds !== undefined) switches.on("drop", seconds);
      for (const st of states.values()) st.session.destroy();
    },
    normal: () => switches.normal(),
    stats: () => ({ ...tally.snapshot(), duplicates: submits.duplicateCount, sessions: [...states.values()].filter((s) => s.bound).length, switches: switches.state() }),
    delivered: (since = 0, limit = 10_000) => tally.page(since, limit),
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
        faults.receiptIds ?? "same",
      );
      return new Promise<void>((resolve, reject) => {
        if (closed) return reject(new Error("simulator closed"));
        deliveries.deliverNow({ systemId: sysId, params, kind: "receipt", settle: (e) => (e ? reject(e) : resolve()) });
      });
    },
  };
}
