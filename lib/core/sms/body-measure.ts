// How an SMS body is measured: what one part holds (GSM-7 septets, UCS-2 UTF-16 units) and a
// class table giving each UTF-16 code unit its GSM-7 cost, surrogate half, transcodability and
// combining-diacritic mark, built once. Shared by the browser's live counter and the server.
import { gsmBasicCodes, gsmExtension } from "../../gsm-alphabet.ts";

export const GSM7_SINGLE_PART_SEPTETS = 160;
export const GSM7_MULTIPART_SEPTETS = 153;
export const UCS2_SINGLE_PART_UNITS = 70;
export const UCS2_MULTIPART_UNITS = 67;

// ---------------------------------------------------------------------------------------------
// Class table: one byte per UTF-16 code unit.

export const COST = 0x03; // septets: 0 = not GSM-7, 1 = basic table, 2 = extension table
export const HIGH = 0x04; // high surrogate
export const LOW = 0x08; // low surrogate
export const TRANSCODABLE = 0x10; // has an entry in TRANSCODE_SOURCE
export const DIACRITIC = 0x20; // combining diacritical mark U+0300–U+036F (NFC, then dropped, when transcoding)

/** Characters outside GSM-7 that transcode to GSM-7 (Greek, French, Italian, German, typography). */
const TRANSCODE_SOURCE: Readonly<Record<string, string>> = {
  // Greek capitals without a GSM glyph → Latin look-alikes (Γ Δ Θ Λ Ξ Π Σ Φ Ψ Ω are GSM).
  Α: "A",
  Β: "B",
  Ε: "E",
  Ζ: "Z",
  Η: "H",
  Ι: "I",
  Κ: "K",
  Μ: "M",
  Ν: "N",
  Ο: "O",
  Ρ: "P",
  Τ: "T",
  Υ: "Y",
  Χ: "X",
  // Greek small letters → GSM capitals.
  α: "A",
  β: "B",
  γ: "Γ",
  δ: "Δ",
  ε: "E",
  ζ: "Z",
  η: "H",
  θ: "Θ",
  ι: "I",
  κ: "K",
  λ: "Λ",
  μ: "M",
  ν: "N",
  ξ: "Ξ",
  ο: "O",
  π: "Π",
  ρ: "P",
  σ: "Σ",
  ς: "Σ",
  τ: "T",
  υ: "Y",
  φ: "Φ",
  χ: "X",
  ψ: "Ψ",
  ω: "Ω",
  // Greek accented (tonos, dialytika) → unaccented GSM capitals.
  ά: "A",
  έ: "E",
  ή: "H",
  ί: "I",
  ό: "O",
  ύ: "Y",
  ώ: "Ω",
  ϊ: "I",
  ϋ: "Y",
  ΐ: "I",
  ΰ: "Y",
  Ά: "A",
  Έ: "E",
  Ή: "H",
  Ί: "I",
  Ό: "O",
  Ύ: "Y",
  Ώ: "Ω",
  Ϊ: "I",
  Ϋ: "Y",
  "\u037E": ";", // GREEK QUESTION MARK (canonically equivalent to ';')
  "\u0387": ".", // GREEK ANO TELEIA (a raised dot; NFC turns it into U+00B7)
  "\u00B7": ".", // MIDDLE DOT
  "\u2126": "Ω", // OHM SIGN (canonically equivalent to Ω)
  // French.
  â: "a",
  ê: "e",
  ë: "e",
  î: "i",
  ï: "i",
  ô: "o",
  û: "u",
  ÿ: "y",
  ç: "Ç",
  œ: "oe",
  Â: "A",
  Ê: "E",
  Ë: "E",
  Î: "I",
  Ï: "I",
  Ô: "O",
  Û: "U",
  Ÿ: "Y",
  Œ: "OE",
  "«": '"',
  "»": '"',
  "‹": "'",
  "›": "'",
  // Italian (à è é ì ò ù are GSM; acute forms and capitals are not).
  á: "a",
  í: "i",
  ó: "o",
  ú: "u",
  Á: "A",
  Í: "I",
  Ó: "O",
  Ú: "U",
  À: "A",
  È: "E",
  Ì: "I",
  Ò: "O",
  Ù: "U",
  // German (ä ö ü ß Ä Ö Ü are GSM).
  ẞ: "SS",
  // Typography.
  "\u2018": "'",
  "\u2019": "'",
  "\u201A": "'",
  "\u201B": "'",
  "\u2032": "'",
  "\u201C": '"',
  "\u201D": '"',
  "\u201E": '"',
  "\u201F": '"',
  "\u2033": '"',
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2013": "-",
  "\u2014": "-",
  "\u2015": "-",
  "\u2212": "-",
  "\u2026": "...",
  "\u00A0": " ",
  "\u2007": " ",
  "\u2009": " ",
  "\u202F": " ", // no-break, figure, thin, narrow no-break spaces
  "\u00AD": "", // soft hyphen (invisible)
  "\u212B": "Å", // ANGSTROM SIGN (canonically equivalent to Å)
};

export const CLASS = new Uint8Array(0x10000);
// Replacement of a transcodable code unit u: REPLACEMENT_UNITS[REPLACEMENT_START[u] ..
// REPLACEMENT_START[u] + REPLACEMENT_LENGTH[u]) (typed arrays: a sparse JS array would be a slow
// dictionary).
export const REPLACEMENT_START = new Uint16Array(0x10000);
export const REPLACEMENT_LENGTH = new Uint8Array(0x10000);
export const REPLACEMENT_UNITS = new Uint16Array(Object.values(TRANSCODE_SOURCE).reduce((n, to) => n + to.length, 0));

(function buildClassTable() {
  for (const [c, code] of gsmBasicCodes) if (code !== 0x1b) CLASS[c.charCodeAt(0)] = 1;
  for (const c of gsmExtension.keys()) CLASS[c.charCodeAt(0)] = 2;
  for (let u = 0xd800; u <= 0xdbff; u++) CLASS[u] |= HIGH;
  for (let u = 0xdc00; u <= 0xdfff; u++) CLASS[u] |= LOW;
  for (let u = 0x300; u <= 0x36f; u++) CLASS[u] |= DIACRITIC;
  let next = 0;
  for (const [from, to] of Object.entries(TRANSCODE_SOURCE)) {
    const u = from.charCodeAt(0);
    REPLACEMENT_START[u] = next;
    REPLACEMENT_LENGTH[u] = to.length;
    for (let i = 0; i < to.length; i++) REPLACEMENT_UNITS[next++] = to.charCodeAt(i);
    CLASS[u] |= TRANSCODABLE;
  }
})();

/** Index of the first code unit that is not GSM-7, -1 when the whole body is GSM-7. */
export function firstNonGsm(body: string): number {
  for (let i = 0, n = body.length; i < n; i++) if ((CLASS[body.charCodeAt(i)]! & COST) === 0) return i;
  return -1;
}
