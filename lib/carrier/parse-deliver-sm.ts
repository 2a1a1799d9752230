// What arrives in a deliver_sm: a delivery receipt (its text and TLVs) or a mobile-originated
// message's text and addresses.
import type smpp from "smpp";
import { decodeGsm7, decodeUcs2 } from "./encode.ts";
import { alternateMessageIds, canonicalMessageId } from "./message-id.ts";
import type { DeliveryReceipt } from "../core/ports/carrier.ts";

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
export function pduText(pdu: smpp.PDU): string {
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

/** An address of a deliver_sm; an international number (TON 1) gets back its '+'. */
export const deliverAddress = (addr: string | undefined, ton: number | undefined) => {
  const a = addr ?? "";
  return ton === 1 && /^\d+$/.test(a) ? `+${a}` : a;
};
