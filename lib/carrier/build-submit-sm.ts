// One part as submit_sm fields: addresses, data coding, concatenation UDH, validity — and the
// parts no SMSC could take, refused here with the SMPP status the SMSC would have answered.
import smpp from "smpp";
import type { SubmitAddressing } from "./connector-options.ts";
import { encodeGsm7, encodeUcs2 } from "./encode.ts";
import type { SubmitSmFields } from "./submit-sm-pdu.ts";
import type { SubmitPart, SubmitResult } from "../core/ports/carrier.ts";

const E = smpp.errors;

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

export type Built = { ok: true; params: SubmitSmFields } | { ok: false; result: SubmitResult };

const localError = (status: number, description: string): Built => ({
  ok: false,
  result: { ok: false, commandStatus: status, description: `not submitted: ${description}`, retryable: false },
});

const PLAIN: SubmitAddressing = { gsm7DataCoding: 0 };

/** The submit_sm parameters for one part (exported for tests); the connector's `addressing` overrides TON/NPI and GSM-7's data_coding. */
export function buildSubmitSm(part: SubmitPart, addressing: SubmitAddressing = PLAIN): Built {
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
    source_addr_ton: addressing.sourceTon ?? sourceTon,
    source_addr_npi: addressing.sourceNpi ?? sourceNpi,
    source_addr: source,
    dest_addr_ton: addressing.destTon ?? 1,
    dest_addr_npi: addressing.destNpi ?? 1,
    destination_addr: to,
    esm_class: udh ? 0x40 : 0x00,
    protocol_id: 0,
    priority_flag: 0,
    schedule_delivery_time: "",
    validity_period: relativeValidity(part.validityMinutes),
    registered_delivery: 1,
    replace_if_present_flag: 0,
    // Flash (class 0) is only expressible in the data coding groups, where GSM-7 is 0x10 whatever the SMSC's default.
    data_coding: part.flash || part.encoding === "ucs2" ? (part.flash ? 0x10 : 0x00) | (part.encoding === "ucs2" ? 0x08 : 0x00) : addressing.gsm7DataCoding,
    sm_default_msg_id: 0,
    short_message: long ? Buffer.alloc(0) : bytes,
    clientRef: part.partId,
    ...(long ? { message_payload: bytes } : {}),
  };
  return { ok: true, params };
}
