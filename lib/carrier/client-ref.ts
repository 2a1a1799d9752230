// A vendor-specific TLV (tag 0x1401, in SMPP 3.4's range for vendor use) carrying Switchboard's
// id of the part in every submit_sm. An SMSC that keeps it (the bundled simulator does) answers a
// resubmission of the same part with the first message_id and does not deliver it twice, which
// makes the resubmission of a worker that crashed between the SMSC's answer and its own commit
// harmless. An SMSC that ignores the tag delivers such a part twice: at most the parts that were
// in flight (binds × window) when the worker died.
import smpp from "smpp";

export const CLIENT_REF_TLV = "switchboard_part_id";
export const CLIENT_REF_TAG = 0x1401;

const key = Symbol.for("switchboard.smpp-client-ref");
const g = globalThis as typeof globalThis & { [key]?: boolean };
if (!g[key]) {
  smpp.addTLV(CLIENT_REF_TLV, { id: CLIENT_REF_TAG, type: smpp.types.tlv.cstring });
  g[key] = true;
}
