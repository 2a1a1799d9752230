// The deliver_sm of a delivery receipt as the SMSC simulator sends it: the receipt text SMSCs
// write, the receipted_message_id / message_state / network_error_code TLVs, and the id spelled
// the way the receiptIds fault asks.
import { isGsm7 } from "../encode.ts";
import { encodeGsm7 } from "../encode.ts";
import type { SimulatorFaults } from "../smsc-simulator.ts";

const two = (n: number) => String(n).padStart(2, "0");
const receiptDate = (d: Date) => `${two(d.getUTCFullYear() % 100)}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}${two(d.getUTCHours())}${two(d.getUTCMinutes())}`;

/** First characters of the message for the receipt's text: field, restricted to the GSM alphabet. */
const receiptSnippet = (text: string) => [...text.slice(0, 20)].map((c) => (isGsm7(c) && c !== "\n" && c !== "\r" ? c : "?")).join("");

export function receiptParams(
  r: { messageId: string; stat: string; err: string; state: number; text: string },
  addrs: { from: string; fromTon: number; fromNpi: number; to: string; toTon: number; toNpi: number },
  submitDate: Date,
  doneDate: Date,
  style: NonNullable<SimulatorFaults["receiptIds"]>,
): Record<string, unknown> {
  const id =
    style === "upper"
      ? r.messageId.toUpperCase()
      : style === "zeros"
        ? r.messageId.padStart(24, "0")
        : style === "decimal" && /^[0-9a-f]+$/i.test(r.messageId)
          ? BigInt(`0x${r.messageId}`).toString(10)
          : r.messageId;
  const delivered = r.stat === "DELIVRD" ? "001" : "000";
  const receiptText = `id:${id} sub:001 dlvrd:${delivered} submit date:${receiptDate(submitDate)} done date:${receiptDate(doneDate)} ` + `stat:${r.stat} err:${r.err} text:${receiptSnippet(r.text)}`;
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
}
