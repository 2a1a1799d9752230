// The SMSC simulator's deliver_sm traffic: receipts wait for their time in one FIFO, then queue
// per system_id for a receiver; each receiver session takes up to `deliverWindow` unacknowledged
// deliver_sm, and what a client refuses or never acknowledges (its session closed) is sent again.
import smpp from "smpp";
import type { SimulatorFaults } from "../smsc-simulator.ts";
import type { CarrierLog } from "../../core/ports/carrier.ts";
import type { SimulatedOutcome } from "./outcomes.ts";
import { receiptParams } from "./receipts.ts";
import type { Send, SessionState } from "./sessions.ts";

export interface Delivery {
  systemId: string;
  params: Record<string, unknown>;
  kind: "receipt" | "mo";
  settle?: (error?: Error) => void;
}

export interface DeliveryOptions {
  deliveryDelayMs: number;
  deliverWindow: number;
  retryDelayMs: number;
  log: CarrierLog;
  send: Send;
  /** Bound sessions that can receive. */
  receivers: (systemId: string) => SessionState[];
  faults: () => SimulatorFaults;
  closed: () => boolean;
}

export class SimulatorDeliveries {
  // Receipts come due in submission order (constant delay): one FIFO and one timer.
  private readonly due: { at: number; d: Delivery }[] = [];
  private dueHead = 0;
  private dueTimer: NodeJS.Timeout | null = null;
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private readonly ready = new Map<string, Delivery[]>(); // per system_id: due, waiting for a receiver
  private readonly rr = new Map<string, number>();
  private inFlightDeliveries = 0;

  constructor(private readonly o: DeliveryOptions) {}

  /** The receipt a submit_sm asked for (registered_delivery), due after the delivery delay or `now`. */
  scheduleReceipt(sysId: string, pdu: smpp.PDU, messageId: string, outcome: SimulatedOutcome, text: string, now = false): void {
    const requested = (pdu.registered_delivery ?? 0) & 0x03;
    if (!outcome.receipt || requested === 0 || !outcome.stat) return;
    if (requested === 2 && outcome.stat === "DELIVRD") return; // failures only
    const faults = this.o.faults();
    const submitDate = new Date();
    const doneDate = new Date(submitDate.getTime() + (now ? 0 : this.o.deliveryDelayMs));
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
      faults.receiptIds ?? "same",
    );
    for (let i = 0; i <= (faults.repeatReceipts ?? 0); i++) this.due.push({ at: doneDate.getTime() + i * 10, d: { systemId: sysId, params, kind: "receipt" } });
    this.armDue();
  }

  /** A delivery to send as soon as a receiver can take it. */
  deliverNow(d: Delivery): void {
    this.enqueueReady(d, false);
    this.flush(d.systemId);
  }

  /** A session closed: what was in flight to it goes back, first in line, for the next receiver. */
  takeBack(st: SessionState): void {
    const back = [...st.outstandingDelivers.values()];
    st.outstandingDelivers.clear();
    this.inFlightDeliveries -= back.length;
    if (st.systemId && back.length) {
      for (const d of back.reverse()) this.enqueueReady(d, true);
      this.flush(st.systemId);
    }
  }

  /** Receipts / MO messages not yet acknowledged (waiting for their time, for a receiver, or in flight). */
  pending(): number {
    return this.due.length - this.dueHead + [...this.ready.values()].reduce((n, q) => n + q.length, 0) + this.inFlightDeliveries;
  }

  close(): void {
    if (this.dueTimer) clearTimeout(this.dueTimer);
    for (const t of this.retryTimers) clearTimeout(t);
    this.retryTimers.clear();
  }

  private armDue(): void {
    if (this.dueTimer || this.dueHead >= this.due.length || this.o.closed()) return;
    this.dueTimer = setTimeout(
      () => {
        this.dueTimer = null;
        const now = Date.now();
        const touched = new Set<string>();
        while (this.dueHead < this.due.length && this.due[this.dueHead]!.at <= now) {
          const { d } = this.due[this.dueHead]!;
          this.due[this.dueHead++] = undefined as never;
          this.enqueueReady(d, false);
          touched.add(d.systemId);
        }
        if (this.dueHead > 1024 && this.dueHead * 2 > this.due.length) {
          this.due.splice(0, this.dueHead);
          this.dueHead = 0;
        }
        for (const id of touched) this.flush(id);
        this.armDue();
      },
      Math.max(0, this.due[this.dueHead]!.at - Date.now()),
    );
  }

  private enqueueReady(d: Delivery, front: boolean): void {
    let q = this.ready.get(d.systemId);
    if (!q) this.ready.set(d.systemId, (q = []));
    if (front) q.unshift(d);
    else q.push(d);
  }

  /** Send what is ready for `sysId` to its receivers, within each one's window. */
  flush(sysId: string): void {
    const q = this.ready.get(sysId);
    if (!q || q.length === 0 || this.o.closed()) return;
    const receivers = this.o.receivers(sysId);
    if (receivers.length === 0) return;
    let start = this.rr.get(sysId) ?? 0;
    let sent = 0;
    while (sent < q.length) {
      let target: SessionState | null = null;
      for (let i = 0; i < receivers.length; i++) {
        const s = receivers[(start + i) % receivers.length]!;
        if (s.outstandingDelivers.size < this.o.deliverWindow && s.session.socket.writable) {
          target = s;
          start = (start + i + 1) % receivers.length;
          break;
        }
      }
      if (!target) break;
      const d = q[sent]!;
      const pdu = new smpp.PDU("deliver_sm", d.params);
      const st = target;
      if (!this.o.send(st, pdu, (resp) => this.onDeliverResp(st, pdu.sequence_number, d, resp))) break;
      st.outstandingDelivers.set(pdu.sequence_number, d);
      this.inFlightDeliveries++;
      sent++;
    }
    this.rr.set(sysId, start);
    if (sent) q.splice(0, sent);
    if (sent) this.o.log("debug", "smsc-sim deliver_sm sent", { systemId: sysId, count: sent });
  }

  private onDeliverResp(st: SessionState, seq: number, d: Delivery, resp: smpp.PDU): void {
    if (st.outstandingDelivers.get(seq) !== d) return;
    st.outstandingDelivers.delete(seq);
    this.inFlightDeliveries--;
    if (resp.command_status === 0) {
      d.settle?.();
    } else {
      // The client could not take it now (ESME_RX_T_APPN…): deliver again a little later.
      this.o.log("debug", "smsc-sim deliver_sm refused; retrying", { status: resp.command_status, kind: d.kind });
      const t = setTimeout(() => {
        this.retryTimers.delete(t);
        this.enqueueReady(d, false);
        this.flush(d.systemId);
      }, this.o.retryDelayMs);
      this.retryTimers.add(t);
    }
    this.flush(st.systemId);
  }
}
