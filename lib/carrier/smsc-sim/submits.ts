// How the SMSC simulator answers a submit_sm: the outcome its destination chooses, a message id
// (the first one again for a resubmission with the same client reference), the fault and trouble
// switches that refuse, lose or delay the answer, and the record and tally of what it received.
import { randomBytes } from "node:crypto";
import type smpp from "smpp";
import { CLIENT_REF_TLV } from "../client-ref.ts";
import type { ReceivedSubmit, SimulatorFaults } from "../smsc-simulator.ts";
import type { SimulatorDeliveries } from "./deliveries.ts";
import { type SimulatedOutcome, simulatedOutcome } from "./outcomes.ts";
import type { Send, SessionState } from "./sessions.ts";
import type { SimulatorSwitches } from "./switches.ts";
import type { SubmitTally } from "./tally.ts";

const ESME_RINVBNDSTS = 0x04;
const THROTTLED: SimulatedOutcome = { stat: null, err: "", state: 8, submitStatus: 0x58, receipt: false };

const REF_LIMIT = 1_000_000;

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

export interface SubmitDeskOptions {
  respondDelayMs: number;
  recordLimit: number;
  send: Send;
  deliveries: SimulatorDeliveries;
  faults: () => SimulatorFaults;
  switches: SimulatorSwitches;
  tally: SubmitTally;
  closed: () => boolean;
}

export class SubmitDesk {
  private readonly idPrefix: string;
  private idCounter = 0;
  submittedCount = 0;
  duplicateCount = 0;
  droppedResps = 0;
  maxOutstanding = 0;
  // Client references of accepted parts (insertion-ordered, oldest dropped past REF_LIMIT).
  private readonly acceptedRefs = new Map<string, string>();
  private records: ReceivedSubmit[] = [];

  constructor(private readonly o: SubmitDeskOptions) {
    // Ids stay unique across simulator restarts, and never start with 0 (so they are canonical as issued: message-id.ts).
    const prefix = randomBytes(4);
    prefix[0]! |= 0x10;
    this.idPrefix = prefix.toString("hex");
  }

  /** The latest received submit_sm (up to recordLimit). */
  received(): ReceivedSubmit[] {
    return this.records.slice(-this.o.recordLimit);
  }

  private record(r: ReceivedSubmit): void {
    if (this.o.recordLimit <= 0) return;
    this.records.push(r);
    if (this.records.length > this.o.recordLimit * 2) this.records = this.records.slice(-this.o.recordLimit);
  }

  onSubmit(st: SessionState, pdu: smpp.PDU): void {
    if (!st.bound || !st.canTransmit) {
      if (st.hung || this.o.switches.isOn("stall")) return;
      this.o.send(st, pdu.response({ command_status: ESME_RINVBNDSTS }));
      return;
    }
    this.submittedCount++;
    const { counts } = this.o.tally;
    counts.received++;
    if (this.o.switches.isOn("stall")) {
      counts.stalled++; // off the wire, never answered, never delivered: the client must give up on it
      return;
    }
    const destination = pdu.destination_addr ?? "";
    const throttled = this.o.switches.isOn("throttle");
    const outcome = throttled ? THROTTLED : simulatedOutcome(destination);
    // A resubmission of a part already accepted (same client reference TLV from the same
    // system_id) gets the first message_id back and is not delivered again.
    const clientRef = typeof (pdu as unknown as Record<string, unknown>)[CLIENT_REF_TLV] === "string" ? ((pdu as unknown as Record<string, string>)[CLIENT_REF_TLV] ?? "") : "";
    const refKey = clientRef && !throttled ? `${st.systemId}\u0000${clientRef}` : "";
    const earlier = refKey ? this.acceptedRefs.get(refKey) : undefined;
    const duplicate = earlier !== undefined;
    if (duplicate) this.duplicateCount++;
    const deliverAgain = duplicate && this.o.faults().ignoreClientRef === true;
    const messageId = duplicate && !deliverAgain ? earlier : outcome.submitStatus === 0 ? `${this.idPrefix}${(++this.idCounter).toString(16).padStart(8, "0")}` : null;
    if (refKey && messageId && !duplicate) {
      this.acceptedRefs.set(refKey, messageId);
      if (this.acceptedRefs.size > REF_LIMIT) this.acceptedRefs.delete(this.acceptedRefs.keys().next().value!);
    }
    const text = pduText(pdu);
    if (this.o.recordLimit > 0) {
      const udh = pduUdh(pdu);
      const ie = udh.find((u) => (u[0] === 0x00 && u[1] === 3) || (u[0] === 0x08 && u[1] === 4));
      const concat = !ie ? null : ie[0] === 0x00 ? { ref: ie[2]!, total: ie[3]!, seq: ie[4]! } : { ref: ie.readUInt16BE(2), total: ie[4]!, seq: ie[5]! };
      this.record({
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
    if (messageId) counts.accepted++;
    else counts[throttled ? "throttled" : "refused"]++;
    if (fresh) this.o.tally.delivered(destination, clientRef);
    const respond = () => {
      if (st.hung) return;
      if (messageId && (this.o.faults().dropSubmitResps ?? 0) > 0) {
        // Taken, but the answer is lost on the way.
        this.o.faults().dropSubmitResps!--;
        this.droppedResps++;
        if (fresh) this.o.deliveries.scheduleReceipt(st.systemId, pdu, messageId, outcome, text);
        return;
      }
      const answer = () => this.o.send(st, messageId ? pdu.response({ message_id: messageId }) : pdu.response({ command_status: outcome.submitStatus }));
      const overtake = this.o.faults().receiptBeforeRespMs ?? 0;
      if (messageId && fresh && overtake > 0) {
        this.o.deliveries.scheduleReceipt(st.systemId, pdu, messageId, outcome, text, true);
        setTimeout(() => {
          if (!st.hung && !this.o.closed()) answer();
        }, overtake);
        return;
      }
      answer();
      if (fresh) this.o.deliveries.scheduleReceipt(st.systemId, pdu, messageId!, outcome, text);
    };
    if (this.o.respondDelayMs > 0) {
      st.outstandingSubmits++;
      this.maxOutstanding = Math.max(this.maxOutstanding, st.outstandingSubmits);
      setTimeout(() => {
        st.outstandingSubmits--;
        respond();
      }, this.o.respondDelayMs);
    } else {
      this.maxOutstanding = Math.max(this.maxOutstanding, 1);
      respond();
    }
  }
}
