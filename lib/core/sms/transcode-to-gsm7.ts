// GSM-7 transcoding of a UCS-2 body whose only non-GSM characters have a GSM-7 stand-in (Greek,
// French, Italian, German letters, typography; see TRANSCODE_SOURCE in body-measure.ts): the
// text and its septets and parts, or null when something without a stand-in is left.
import { CLASS, COST, DIACRITIC, GSM7_MULTIPART_SEPTETS, GSM7_SINGLE_PART_SEPTETS, REPLACEMENT_LENGTH, REPLACEMENT_START, REPLACEMENT_UNITS, TRANSCODABLE } from "./body-measure.ts";

let outBuffer = new Uint16Array(1024);

export function transcodeToGsm7(body: string): { message: string; septets: number; parts: number } | null {
  const n = body.length;
  let needsNfc = false;
  for (let i = 0; i < n; i++) {
    const k = CLASS[body.charCodeAt(i)]!;
    if ((k & (COST | TRANSCODABLE)) !== 0) continue;
    if ((k & DIACRITIC) === 0) return null;
    needsNfc = true;
  }
  const src = needsNfc ? body.normalize("NFC") : body;
  const m = src.length;
  if (outBuffer.length < 3 * m) outBuffer = new Uint16Array(3 * m); // "…" → "..." is the widest
  const out = outBuffer;
  let o = 0;
  let septets = 0;
  let parts = 1;
  let fill = 0;
  for (let i = 0; i < m; i++) {
    const c = src.charCodeAt(i);
    const k = CLASS[c]!;
    if ((k & COST) !== 0) {
      out[o++] = c;
      const cost = k & COST;
      septets += cost;
      if (fill + cost > GSM7_MULTIPART_SEPTETS) {
        parts++;
        fill = cost;
      } else fill += cost;
      continue;
    }
    if ((k & TRANSCODABLE) !== 0) {
      for (let r = REPLACEMENT_START[c]!, end = r + REPLACEMENT_LENGTH[c]!; r < end; r++) {
        const unit = REPLACEMENT_UNITS[r]!;
        out[o++] = unit;
        const cost = CLASS[unit]! & COST;
        septets += cost;
        if (fill + cost > GSM7_MULTIPART_SEPTETS) {
          parts++;
          fill = cost;
        } else fill += cost;
      }
    } else if ((k & DIACRITIC) === 0) return null; // NFC produced a letter we do not map (e.g. "z\u030C" → "ž")
  }
  return { message: fromCodeUnits(out, o), septets, parts: septets <= GSM7_SINGLE_PART_SEPTETS ? 1 : parts };
}

// Uint16Array → string. TextDecoder("utf-16le") is the fastest route on little-endian hosts (all
// current ones); String.fromCharCode in chunks otherwise.
const utf16 = typeof TextDecoder !== "undefined" && new Uint8Array(Uint16Array.of(1).buffer)[0] === 1 ? new TextDecoder("utf-16le", { ignoreBOM: true }) : null;

function fromCodeUnits(units: Uint16Array, length: number): string {
  if (utf16 !== null) return utf16.decode(units.subarray(0, length));
  let text = "";
  for (let i = 0; i < length; i += 4096) text += String.fromCharCode.apply(null, units.subarray(i, Math.min(length, i + 4096)) as unknown as number[]);
  return text;
}
