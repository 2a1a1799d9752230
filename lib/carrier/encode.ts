// Byte encodings of an SMS body for SMPP: data_coding 0 (GSM 03.38 default alphabet as unpacked
// septets, one byte each) and data_coding 8 (UCS-2, carried as UTF-16 big-endian so characters
// beyond the BMP travel as surrogate pairs). Pure (no node: imports, no Buffer).

import { GSM_ESCAPE, gsmBasic, gsmBasicCodes, gsmExtension } from "../gsm-alphabet.ts";

// Septet value per UTF-16 code unit: 0–127 basic table, 0x100 | code extension table, -1 none.
const SEPTET = new Int16Array(0x10000).fill(-1);
for (const [c, code] of gsmBasicCodes) if (code !== GSM_ESCAPE) SEPTET[c.charCodeAt(0)] = code;
for (const [c, code] of gsmExtension) SEPTET[c.charCodeAt(0)] = 0x100 | code;

const BASIC_BY_CODE: readonly string[] = [...gsmBasic];
const EXTENSION_BY_CODE: (string | undefined)[] = [];
for (const [c, code] of gsmExtension) EXTENSION_BY_CODE[code] = c;

function notGsm(text: string, i: number): RangeError {
  const cp = text.codePointAt(i)!;
  return new RangeError(`character ${JSON.stringify(String.fromCodePoint(cp))} (U+${cp.toString(16).toUpperCase().padStart(4, "0")}) at index ${i} is not in the GSM 7-bit alphabet`);
}

/**
 * GSM 03.38 unpacked septets (one byte per septet, SMPP data_coding 0); an extension character is
 * 0x1B followed by its code, so the byte length equals the septet count. Throws a RangeError on a
 * character outside the alphabet.
 */
export function encodeGsm7(text: string): Uint8Array {
  const n = text.length;
  let length = 0;
  for (let i = 0; i < n; i++) {
    const s = SEPTET[text.charCodeAt(i)]!;
    if (s < 0) throw notGsm(text, i);
    length += s > 0xff ? 2 : 1;
  }
  const out = new Uint8Array(length);
  for (let i = 0, j = 0; i < n; i++) {
    const s = SEPTET[text.charCodeAt(i)]!;
    if (s > 0xff) {
      out[j++] = GSM_ESCAPE;
      out[j++] = s & 0x7f;
    } else out[j++] = s;
  }
  return out;
}

/**
 * Unpacked GSM 03.38 septets back to text. Lenient, as an inbound message must not be lost: the
 * top bit of each byte is ignored; 0x1B 0x1B (reserved) and a trailing lone 0x1B read as a space;
 * an escape followed by a code absent from the extension table reads as that code's basic-table
 * character (3GPP TS 23.038 §6.2.1.1).
 */
export function decodeGsm7(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0, n = bytes.length; i < n; i++) {
    const b = bytes[i]! & 0x7f;
    if (b !== GSM_ESCAPE) {
      text += BASIC_BY_CODE[b]!;
      continue;
    }
    if (i + 1 >= n) {
      text += " ";
      continue;
    }
    const code = bytes[++i]! & 0x7f;
    text += code === GSM_ESCAPE ? " " : (EXTENSION_BY_CODE[code] ?? BASIC_BY_CODE[code]!);
  }
  return text;
}

/** UCS-2 for SMPP data_coding 8: UTF-16 big-endian, 2 bytes per code unit (an emoji is 4 bytes). */
export function encodeUcs2(text: string): Uint8Array {
  const out = new Uint8Array(text.length * 2);
  for (let i = 0, n = text.length; i < n; i++) {
    const u = text.charCodeAt(i);
    out[2 * i] = u >> 8;
    out[2 * i + 1] = u & 0xff;
  }
  return out;
}

/** UTF-16 big-endian bytes back to text (a trailing odd byte is ignored). */
export function decodeUcs2(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i + 1 < bytes.length; i += 2) text += String.fromCharCode((bytes[i]! << 8) | bytes[i + 1]!);
  return text;
}

/** Whether every character of `text` is in the GSM 7-bit alphabet (basic or extension table). */
export function isGsm7(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (SEPTET[text.charCodeAt(i)]! < 0) return false;
  return true;
}
