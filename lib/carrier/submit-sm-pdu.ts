// submit_sm PDUs encoded in one pass. The smpp package encodes a PDU through per-field filters,
// walking the object's keys twice (about 12 µs a PDU): at the tens of thousands a second of a
// campaign that was a sixth of the server's CPU (B2, docs/performance.md). Here a part's body
// (everything after the 16-byte header) is encoded once, when it is queued; each attempt wraps it
// in a fresh header, since a resend takes a new sequence number. The bytes are the package's own
// (lib/carrier/submit-sm-pdu.test.ts compares them), and the session sends this object as it
// would one of its PDUs.
import { CLIENT_REF_TAG, CLIENT_REF_TLV } from "./client-ref.ts";

const SUBMIT_SM = 0x00000004;
const MESSAGE_PAYLOAD = 0x0424;

/** The submit_sm fields the carrier sets (buildSubmitSm, build-submit-sm.ts). */
export interface SubmitSmFields {
  service_type: string;
  source_addr_ton: number;
  source_addr_npi: number;
  source_addr: string;
  dest_addr_ton: number;
  dest_addr_npi: number;
  destination_addr: string;
  esm_class: number;
  protocol_id: number;
  priority_flag: number;
  schedule_delivery_time: string;
  validity_period: string;
  registered_delivery: number;
  replace_if_present_flag: number;
  data_coding: number;
  sm_default_msg_id: number;
  short_message: Uint8Array;
  /** The client reference TLV (CLIENT_REF_TAG): the part's id. */
  clientRef: string;
  /** Set when the text is too long for short_message (more than 254 octets). */
  message_payload?: Uint8Array;
}

/** The body of a submit_sm: its mandatory fields in order, then the TLVs. */
export function encodeSubmitSmBody(f: SubmitSmFields): Buffer {
  const cstrings = [f.service_type, f.source_addr, f.destination_addr, f.schedule_delivery_time, f.validity_period];
  let size = 11 + 1 + f.short_message.length; // eleven one-octet fields, sm_length, short_message
  for (const s of cstrings) size += s.length + 1;
  size += 4 + f.clientRef.length + 1;
  if (f.message_payload) size += 4 + f.message_payload.length;
  const b = Buffer.alloc(size);
  let o = 0;
  const cstring = (s: string) => {
    o += b.write(s, o, "ascii");
    b[o++] = 0;
  };
  const octet = (n: number) => {
    b[o++] = n;
  };
  cstring(f.service_type);
  octet(f.source_addr_ton);
  octet(f.source_addr_npi);
  cstring(f.source_addr);
  octet(f.dest_addr_ton);
  octet(f.dest_addr_npi);
  cstring(f.destination_addr);
  octet(f.esm_class);
  octet(f.protocol_id);
  octet(f.priority_flag);
  cstring(f.schedule_delivery_time);
  cstring(f.validity_period);
  octet(f.registered_delivery);
  octet(f.replace_if_present_flag);
  octet(f.data_coding);
  octet(f.sm_default_msg_id);
  octet(f.short_message.length);
  b.set(f.short_message, o);
  o += f.short_message.length;
  o = b.writeUInt16BE(CLIENT_REF_TAG, o);
  o = b.writeUInt16BE(f.clientRef.length + 1, o);
  cstring(f.clientRef);
  if (f.message_payload) {
    o = b.writeUInt16BE(MESSAGE_PAYLOAD, o);
    o = b.writeUInt16BE(f.message_payload.length, o);
    b.set(f.message_payload, o);
  }
  return b;
}

/** The same fields as the smpp package's submit_sm parameters (new smpp.PDU("submit_sm", …), session.submit_sm). */
export function smppParams({ clientRef, message_payload, ...f }: SubmitSmFields): Record<string, unknown> {
  return { ...f, [CLIENT_REF_TLV]: clientRef, ...(message_payload ? { message_payload } : {}) };
}

/** A submit_sm the smpp session sends as one of its PDUs: it numbers it (sequence_number) and writes toBuffer(). */
export class EncodedSubmitSm {
  readonly command = "submit_sm";
  readonly command_id = SUBMIT_SM;
  readonly command_status = 0;
  sequence_number = 0;
  constructor(private readonly body: Buffer) {}

  isResponse(): boolean {
    return false;
  }

  toBuffer(): Buffer {
    const b = Buffer.allocUnsafe(16 + this.body.length);
    b.writeUInt32BE(16 + this.body.length, 0);
    b.writeUInt32BE(SUBMIT_SM, 4);
    b.writeUInt32BE(0, 8);
    b.writeUInt32BE(this.sequence_number, 12);
    this.body.copy(b, 16);
    return b;
  }
}
