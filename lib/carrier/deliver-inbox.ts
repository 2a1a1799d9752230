// The receiving side of the SMPP carrier: each deliver_sm (a delivery receipt or a mobile-originated
// message) goes to its handler and is acknowledged only once the handler has finished; those that
// arrive before a handler is set are held.
import type smpp from "smpp";
import type { CarrierMeter } from "./carrier-meter.ts";
import { deliverAddress, parseReceipt, pduText } from "./parse-deliver-sm.ts";
import { ESME_ROK, ESME_RX_T_APPN } from "./smpp-status.ts";
import type { CarrierLog, DeliveryReceipt, InboundMessage } from "../core/ports/carrier.ts";

interface HeldDeliver {
  session: smpp.Session;
  pdu: smpp.PDU;
  receipt: boolean;
}

export class DeliverInbox {
  private receiptHandler: ((r: DeliveryReceipt) => Promise<void>) | null = null;
  private inboundHandler: ((m: InboundMessage) => Promise<void>) | null = null;
  private held: HeldDeliver[] = [];

  constructor(
    private readonly log: CarrierLog,
    private readonly meter: CarrierMeter,
  ) {}

  onReceipt(handler: (r: DeliveryReceipt) => Promise<void>): void {
    this.receiptHandler = handler;
    this.releaseHeld();
  }

  onInbound(handler: (m: InboundMessage) => Promise<void>): void {
    this.inboundHandler = handler;
    this.releaseHeld();
  }

  /** Held deliver_sm of a closed session are dropped unacknowledged: the SMSC sends them again. */
  dropSession(session: smpp.Session): void {
    this.held = this.held.filter((h) => h.session !== session);
  }

  clear(): void {
    this.held = [];
  }

  onDeliver(session: smpp.Session, pdu: smpp.PDU): void {
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
          from: deliverAddress(pdu.source_addr, pdu.source_addr_ton),
          to: deliverAddress(pdu.destination_addr, pdu.dest_addr_ton),
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
    if (status === ESME_ROK) this.meter.counters[receipt ? "receipts" : "inbound"]++;
    session.send(status === ESME_ROK ? pdu.response() : pdu.response({ command_status: status }));
  }
}
