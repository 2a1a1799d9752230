// SMS body analysis: encoding (GSM-7 or UCS-2), character count, number of parts, the text of
// each part, the characters that force UCS-2 and an optional GSM-7 transcoding. One pure module
// shared by the API (server) and the live counter in the browser: no node: imports, no Buffer.
//
// Counting rules (3GPP TS 23.038 / 23.040, 140-octet user data, 6-octet concatenation header):
//  - GSM-7 when every character is in the default alphabet or its extension table; a basic
//    character costs 1 septet, an extension character (0x1B escape + code) 2 septets.
//    One part holds 160 septets; a part of a multipart message 153. An escape sequence is never
//    split across parts, so such a part may hold 152 septets.
//  - UCS-2 otherwise, counted in UTF-16 code units (a character beyond the BMP, e.g. most emoji,
//    is a surrogate pair = 2 units). One part holds 70 units; a part of a multipart message 67.
//    A surrogate pair is never split across parts, so such a part may hold 66 units. Grapheme
//    clusters made of several code points (👍🏽, 👩‍💻, flags) MAY be split between two parts at a
//    code point boundary: every part stays valid UTF-16, the handset reassembles the message,
//    and keeping clusters whole would only cost extra parts. (sms-segments-calculator keeps
//    whole grapheme clusters in one segment, so for such bodies it can count one more part.)
//  - An empty body is one (empty) part, as sms-segments-calculator counts it: an SMS with no
//    user data is still one PDU. The API rejects empty bodies anyway.
//
// `characters` is the "Total characters of the body" with the same counting as
// sms-segments-calculator's `numberOfCharacters`:
//  - GSM-7 body: the number of septets (an extension character such as € or { counts 2), which
//    is what the 160 / 153 limits are expressed in;
//  - UCS-2 body: the number of user-perceived characters (extended grapheme clusters, UAX #29,
//    exactly as the runtime's Intl.Segmenter counts them: 👍🏽, 👨‍👩‍👧, 🇫🇷, "e\u0301" are 1 each),
//    except that CR LF counts as 2 (both are GSM characters and sms-segments-calculator splits
//    that cluster too). Known, documented difference: the independent implementation segments
//    with grapheme-splitter 1.0.4 (Unicode 10 data), we follow current Unicode; they disagree
//    on clusters involving newer emoji (e.g. 😶‍🌫️, 🏴‍☠️, 🫶🏼 count 1 here and 2 there). Where
//    Intl.Segmenter is missing (old browsers) and a body needs it, code points are counted.
//
// `unsupportedGSMCharacters` lists, in order of first appearance and without repeats, the
// characters (grapheme clusters, as counted above) holding a code point outside GSM-7: "❤️", not
// "❤" and U+FE0F; "e\u0301", not a lone U+0301. Empty for a GSM-7 body.
//
// Speed: one pass over the UTF-16 code units with a 65 536-entry typed-array class table built
// once (GSM cost, surrogates, transcodability). Grapheme-cluster properties (UAX #29) come from
// per-1024-code-point typed-array blocks built on first use from the runtime's Unicode regex
// properties. Clusters of combining diacritics, emoji modifiers, variation selectors, ZWJ
// sequences, keycaps, tag sequences and flags are counted in-line; only bodies holding
// script-specific joiners (Indic viramas, spacing marks, prepend marks, Hangul jamo, ...) are
// handed to Intl.Segmenter.

import { gsmBasicCodes, gsmExtension } from "./gsm-alphabet.ts";

export interface BodyAnalysis {
  characters: number;
  parts: number;
  unicode: boolean;
  unsupportedGSMCharacters: string[];
  transcode?: { message: string; parts: number };
}

export type Encoding = "gsm7" | "ucs2";

export const GSM7_SINGLE_PART_SEPTETS = 160;
export const GSM7_MULTIPART_SEPTETS = 153;
export const UCS2_SINGLE_PART_UNITS = 70;
export const UCS2_MULTIPART_UNITS = 67;

// ---------------------------------------------------------------------------------------------
// Class table: one byte per UTF-16 code unit.

const COST = 0x03; // septets: 0 = not GSM-7, 1 = basic table, 2 = extension table
const HIGH = 0x04; // high surrogate
const LOW = 0x08; // low surrogate
const TRANSCODABLE = 0x10; // has an entry in TRANSCODE_SOURCE
const DIACRITIC = 0x20; // combining diacritical mark U+0300–U+036F (NFC, then dropped, when transcoding)

/** Characters outside GSM-7 that transcode to GSM-7 (Greek, French, Italian, German, typography). */
const TRANSCODE_SOURCE: Readonly<Record<string, string>> = {
  // Greek capitals without a GSM glyph → Latin look-alikes (Γ Δ Θ Λ Ξ Π Σ Φ Ψ Ω are GSM).
  Α: "A", Β: "B", Ε: "E", Ζ: "Z", Η: "H", Ι: "I", Κ: "K", Μ: "M", Ν: "N", Ο: "O", Ρ: "P", Τ: "T", Υ: "Y", Χ: "X",
  // Greek small letters → GSM capitals.
  α: "A", β: "B", γ: "Γ", δ: "Δ", ε: "E", ζ: "Z", η: "H", θ: "Θ", ι: "I", κ: "K", λ: "Λ", μ: "M",
  ν: "N", ξ: "Ξ", ο: "O", π: "Π", ρ: "P", σ: "Σ", ς: "Σ", τ: "T", υ: "Y", φ: "Φ", χ: "X", ψ: "Ψ", ω: "Ω",
  // Greek accented (tonos, dialytika) → unaccented GSM capitals.
  ά: "A", έ: "E", ή: "H", ί: "I", ό: "O", ύ: "Y", ώ: "Ω", ϊ: "I", ϋ: "Y", ΐ: "I", ΰ: "Y",
  Ά: "A", Έ: "E", Ή: "H", Ί: "I", Ό: "O", Ύ: "Y", Ώ: "Ω", Ϊ: "I", Ϋ: "Y",
  "\u037E": ";", // GREEK QUESTION MARK (canonically equivalent to ';')
  "\u0387": ".", // GREEK ANO TELEIA (a raised dot; NFC turns it into U+00B7)
  "\u00B7": ".", // MIDDLE DOT
  "\u2126": "Ω", // OHM SIGN (canonically equivalent to Ω)
  // French.
  â: "a", ê: "e", ë: "e", î: "i", ï: "i", ô: "o", û: "u", ÿ: "y", ç: "Ç", œ: "oe",
  Â: "A", Ê: "E", Ë: "E", Î: "I", Ï: "I", Ô: "O", Û: "U", Ÿ: "Y", Œ: "OE",
  "«": '"', "»": '"', "‹": "'", "›": "'",
  // Italian (à è é ì ò ù are GSM; acute forms and capitals are not).
  á: "a", í: "i", ó: "o", ú: "u", Á: "A", Í: "I", Ó: "O", Ú: "U",
  À: "A", È: "E", Ì: "I", Ò: "O", Ù: "U",
  // German (ä ö ü ß Ä Ö Ü are GSM).
  ẞ: "SS",
  // Typography.
  "\u2018": "'", "\u2019": "'", "\u201A": "'", "\u201B": "'", "\u2032": "'",
  "\u201C": '"', "\u201D": '"', "\u201E": '"', "\u201F": '"', "\u2033": '"',
  "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2015": "-", "\u2212": "-",
  "\u2026": "...",
  "\u00A0": " ", "\u2007": " ", "\u2009": " ", "\u202F": " ", // no-break, figure, thin, narrow no-break spaces
  "\u00AD": "", // soft hyphen (invisible)
  "\u212B": "Å", // ANGSTROM SIGN (canonically equivalent to Å)
};

const CLASS = new Uint8Array(0x10000);
// Replacement of a transcodable code unit u: REPLACEMENT_UNITS[REPLACEMENT_START[u] ..
// REPLACEMENT_START[u] + REPLACEMENT_LENGTH[u]) (typed arrays: a sparse JS array would be a slow
// dictionary).
const REPLACEMENT_START = new Uint16Array(0x10000);
const REPLACEMENT_LENGTH = new Uint8Array(0x10000);
const REPLACEMENT_UNITS = new Uint16Array(Object.values(TRANSCODE_SOURCE).reduce((n, to) => n + to.length, 0));

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

// ---------------------------------------------------------------------------------------------
// Grapheme cluster classes (UAX #29), per code point, in lazily built 1024-entry blocks.

const G_OTHER = 0;
const G_CONTROL = 1; // Cc, Zl, Zp, Cf (but ZWJ, ZWNJ, prepend marks), unassigned default-ignorable: breaks on both sides
const G_EXTEND = 2; // Extend we handle in-line (see SIMPLE_EXTEND)
const G_ZWJ = 3;
const G_RI = 4; // regional indicator
const G_COMPLEX = 5; // any other joiner (SpacingMark, Prepend, Hangul jamo, script-specific Extend): Intl.Segmenter decides
const G_KIND = 0x07;
const G_PICT = 0x08; // Extended_Pictographic

// Extend characters whose only rule is GB9 (never break before them), so no Indic-conjunct
// linker can be among them: combining diacritics, variation selectors, combining marks for
// symbols (incl. the keycap U+20E3), half marks, ZWNJ, emoji modifiers, tags.
const SIMPLE_EXTEND: readonly (readonly [number, number])[] = [
  [0x0300, 0x036f], [0x1ab0, 0x1aff], [0x1dc0, 0x1dff], [0x200c, 0x200c], [0x20d0, 0x20ff], [0xfe00, 0xfe0f],
  [0xfe20, 0xfe2f], [0x1f3fb, 0x1f3ff], [0xe0020, 0xe007f], [0xe0100, 0xe01ef],
];

const RE_EXTEND = /[\p{Grapheme_Extend}\p{Emoji_Modifier}]/gu;
const RE_PICT = /\p{Extended_Pictographic}/gu;
const RE_FORMAT = /[\p{Cc}\p{Zl}\p{Zp}\p{Cf}]/gu;
const RE_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
const RE_UNASSIGNED = /\p{Cn}/gu;
// Spacing marks (Mc, and the two Lo SARA AM), prepend marks, Hangul jamo: GB6–GB9b.
const RE_COMPLEX =
  /[\p{Mc}\u0E33\u0EB3\u0D4E\u0600-\u0605\u06DD\u070F\u0890\u0891\u08E2\u1100-\u11FF\uA960-\uA97F\uD7B0-\uD7FF\u{110BD}\u{110CD}\u{111C2}\u{111C3}\u{1193F}\u{11941}\u{11A3A}\u{11A84}-\u{11A89}\u{11D46}\u{11F02}]/gu;

const graphemeBlocks: (Uint8Array | undefined)[] = new Array(0x110000 >> 10);

function buildGraphemeBlock(b: number): Uint8Array {
  const base = b << 10;
  let text = "";
  const at: number[] = []; // code unit index → slot
  for (let j = 0; j < 0x400; j++) {
    const cp = base + j;
    if (cp >= 0xd800 && cp <= 0xdfff) continue; // surrogates: never a scalar value
    at[text.length] = j;
    text += String.fromCodePoint(cp);
  }
  const flags = new Uint8Array(0x400);
  const mark = (re: RegExp, bit: number) => {
    re.lastIndex = 0;
    for (const m of text.matchAll(re)) flags[at[m.index]!]! |= bit;
  };
  mark(RE_EXTEND, 1);
  mark(RE_PICT, 2);
  mark(RE_FORMAT, 4);
  mark(RE_IGNORABLE, 8);
  mark(RE_UNASSIGNED, 16);
  mark(RE_COMPLEX, 32);
  const block = new Uint8Array(0x400);
  for (let j = 0; j < 0x400; j++) {
    const cp = base + j;
    const f = flags[j]!;
    let kind = G_OTHER;
    if (f & 32) kind = G_COMPLEX;
    else if (cp === 0x200d) kind = G_ZWJ;
    else if (f & 1) kind = SIMPLE_EXTEND.some(([lo, hi]) => cp >= lo && cp <= hi) ? G_EXTEND : G_COMPLEX;
    else if (cp >= 0x1f1e6 && cp <= 0x1f1ff) kind = G_RI;
    else if (f & 4 || (f & 24) === 24) kind = G_CONTROL;
    block[j] = kind | (f & 2 ? G_PICT : 0);
  }
  graphemeBlocks[b] = block;
  return block;
}

function graphemeClass(cp: number): number {
  const block = graphemeBlocks[cp >> 10] ?? buildGraphemeBlock(cp >> 10);
  return block[cp & 0x3ff]!;
}

// "Seen" marks for the distinct-character list: seen[u] === stamp means already listed in this call.
const seen = new Uint32Array(0x10000);
let stamp = 0;
function nextStamp(): number {
  if (stamp === 0xffffffff) {
    seen.fill(0);
    stamp = 0;
  }
  return ++stamp;
}

type Segmenter = { segment(input: string): Iterable<{ segment: string }> };
let segmenter: Segmenter | null | undefined;
function graphemeSegmenter(): Segmenter | null {
  if (segmenter === undefined) {
    const Ctor = (Intl as unknown as { Segmenter?: new (locale: string | undefined, options: { granularity: "grapheme" }) => Segmenter }).Segmenter;
    segmenter = Ctor ? new Ctor(undefined, { granularity: "grapheme" }) : null;
  }
  return segmenter;
}

// ---------------------------------------------------------------------------------------------
// Analysis.

interface RawAnalysis {
  characters: number;
  parts: number;
  unicode: boolean;
  unsupportedGSMCharacters: string[];
}

/** Index of the first code unit that is not GSM-7, -1 when the whole body is GSM-7. */
function firstNonGsm(body: string): number {
  for (let i = 0, n = body.length; i < n; i++) if ((CLASS[body.charCodeAt(i)]! & COST) === 0) return i;
  return -1;
}

function analyzeRaw(body: string): RawAnalysis {
  const n = body.length;
  let septets = 0;
  let parts = 1;
  let fill = 0;
  for (let i = 0; i < n; i++) {
    const cost = CLASS[body.charCodeAt(i)]! & COST;
    if (cost === 0) return analyzeUnicode(body, i);
    septets += cost;
    // Multipart packing (only used when the total exceeds one part): an escape sequence that
    // does not fit whole goes to the next part.
    if (fill + cost > GSM7_MULTIPART_SEPTETS) {
      parts++;
      fill = cost;
    } else fill += cost;
  }
  return { characters: septets, parts: septets <= GSM7_SINGLE_PART_SEPTETS ? 1 : parts, unicode: false, unsupportedGSMCharacters: [] };
}

function ucs2Parts(body: string): number {
  const n = body.length;
  if (n <= UCS2_SINGLE_PART_UNITS) return 1;
  let parts = 0;
  for (let start = 0; start < n; parts++) start = ucs2PartEnd(body, start);
  return parts;
}

/** End (exclusive) of the multipart UCS-2 part starting at `start`: 67 units, 66 when a surrogate pair would straddle. */
function ucs2PartEnd(body: string, start: number): number {
  const end = start + UCS2_MULTIPART_UNITS;
  if (end >= body.length) return body.length;
  return (CLASS[body.charCodeAt(end - 1)]! & HIGH) !== 0 && (CLASS[body.charCodeAt(end)]! & LOW) !== 0 ? end - 1 : end;
}

/** UCS-2 body whose first non-GSM code unit is at `from`: while every code point is its own cluster. */
function analyzeUnicode(body: string, from: number): RawAnalysis {
  const n = body.length;
  const mark = nextStamp();
  const unsupported: string[] = [];
  let astralSeen: Set<number> | undefined;
  let pairs = 0;
  // Code units before `from` are GSM-7: no joiner, no surrogate, nothing unsupported.
  for (let i = from; i < n; i++) {
    const c = body.charCodeAt(i);
    const k = CLASS[c]!;
    if ((k & COST) !== 0) continue; // GSM characters never join a cluster
    if ((k & HIGH) !== 0 && i + 1 < n && (CLASS[body.charCodeAt(i + 1)]! & LOW) !== 0) {
      const cp = ((c - 0xd800) << 10) + (body.charCodeAt(i + 1) - 0xdc00) + 0x10000;
      if ((graphemeClass(cp) & G_KIND) >= G_EXTEND) return analyzeClusters(body);
      if (astralSeen === undefined) astralSeen = new Set();
      if (!astralSeen.has(cp)) {
        astralSeen.add(cp);
        unsupported.push(body.slice(i, i + 2));
      }
      pairs++;
      i++;
      continue;
    }
    // Transcodable characters (letters, punctuation, spaces, soft hyphen) never join a cluster.
    if ((k & TRANSCODABLE) === 0 && (graphemeClass(c) & G_KIND) >= G_EXTEND) return analyzeClusters(body);
    if (seen[c] !== mark) {
      seen[c] = mark;
      unsupported.push(String.fromCharCode(c));
    }
  }
  return { characters: n - pairs, parts: ucs2Parts(body), unicode: true, unsupportedGSMCharacters: unsupported };
}

/**
 * UCS-2 body with multi-code-point clusters: extended grapheme clusters (UAX #29 GB3–GB5, GB9,
 * GB11–GB13) counted in-line, except that CR and LF are counted apart (see `characters`). A
 * body with a script-specific joiner goes to Intl.Segmenter.
 */
function analyzeClusters(body: string): RawAnalysis {
  const n = body.length;
  const mark = nextStamp();
  const unsupported: string[] = [];
  let listed: Set<string> | undefined;
  let characters = 0;
  let start = 0; // first code unit of the current cluster
  let prev = G_CONTROL; // start of text breaks like a control
  let riOpen = false; // the previous code point is a regional indicator starting a pair
  let pict = 0; // 1: in ExtPict Extend*, 2: right after ExtPict Extend* ZWJ
  for (let i = 0; i < n; ) {
    const c = body.charCodeAt(i);
    let g: number;
    let len = 1;
    if ((CLASS[c]! & COST) !== 0) g = c === 0x0a || c === 0x0d || c === 0x0c ? G_CONTROL : G_OTHER;
    else if ((CLASS[c]! & HIGH) !== 0 && i + 1 < n && (CLASS[body.charCodeAt(i + 1)]! & LOW) !== 0) {
      g = graphemeClass(((c - 0xd800) << 10) + (body.charCodeAt(i + 1) - 0xdc00) + 0x10000);
      len = 2;
    } else g = graphemeClass(c);
    const kind = g & G_KIND;
    if (kind === G_COMPLEX) return analyzeWithSegmenter(body);
    let joins: boolean;
    if (prev === G_CONTROL || kind === G_CONTROL) joins = false; // GB4, GB5 (and GB3: CR LF counted apart)
    else if (kind === G_EXTEND || kind === G_ZWJ) joins = true; // GB9
    else if (kind === G_RI) joins = riOpen; // GB12, GB13
    else joins = pict === 2 && (g & G_PICT) !== 0; // GB11
    if (!joins) {
      if (i > 0) listCluster(body, start, i);
      start = i;
      characters++;
    }
    riOpen = kind === G_RI && !joins;
    pict = (g & G_PICT) !== 0 ? 1 : pict === 1 && kind === G_EXTEND ? 1 : pict === 1 && kind === G_ZWJ ? 2 : 0;
    prev = kind;
    i += len;
  }
  if (n > 0) listCluster(body, start, n);
  return { characters, parts: ucs2Parts(body), unicode: true, unsupportedGSMCharacters: unsupported };

  function listCluster(text: string, from: number, to: number): void {
    if (to - from === 1) {
      const u = text.charCodeAt(from);
      if ((CLASS[u]! & COST) === 0 && seen[u] !== mark) {
        seen[u] = mark;
        unsupported.push(String.fromCharCode(u));
      }
      return;
    }
    // A cluster of several code units always holds a non-GSM code point (GSM characters never
    // join, CR LF aside), so the whole cluster is what the user has to change.
    const cluster = text.slice(from, to);
    listed ??= new Set();
    if (!listed.has(cluster)) {
      listed.add(cluster);
      unsupported.push(cluster);
    }
  }
}

/** Clusters per Intl.Segmenter (code points where it is missing), CR LF counted as 2. */
function analyzeWithSegmenter(body: string): RawAnalysis {
  const seg = graphemeSegmenter();
  const unsupported: string[] = [];
  const listed = new Set<string>();
  let characters = 0;
  for (const { segment } of seg === null ? Array.from(body, (segment) => ({ segment })) : seg.segment(body)) {
    if (segment.length === 1) {
      characters++;
      if ((CLASS[segment.charCodeAt(0)]! & COST) !== 0) continue;
    } else if (segment === "\r\n") {
      characters += 2;
      continue;
    } else characters++;
    if (!listed.has(segment)) {
      listed.add(segment);
      unsupported.push(segment);
    }
  }
  return { characters, parts: ucs2Parts(body), unicode: true, unsupportedGSMCharacters: unsupported };
}

/**
 * Analyse an SMS body: characters, parts, encoding, the characters that force UCS-2 and, when
 * the body is UCS-2 only because of Greek / French / Italian / German letters or typography, its
 * GSM-7 transcoding. With `options.transcode`, the figures are those of the transcoded text
 * (the text that will be sent) and `transcode.message` is that text.
 */
export function analyzeBody(body: string, options?: { transcode?: boolean }): BodyAnalysis {
  const raw = analyzeRaw(body);
  if (!raw.unicode) return raw;
  const t = transcode(body);
  if (t === null) return raw;
  const result = { message: t.message, parts: t.parts };
  return options?.transcode
    ? { characters: t.septets, parts: t.parts, unicode: false, unsupportedGSMCharacters: [], transcode: result }
    : { ...raw, transcode: result };
}

/**
 * GSM-7 transcoding of `body`, or null when it still has characters outside GSM-7 afterwards
 * (emoji, CJK, Cyrillic ...). A GSM-7 body is returned unchanged. Decomposed accents are first
 * composed (NFC); combining diacritics left over are dropped.
 */
export function transcodeBody(body: string): string | null {
  return transcode(body)?.message ?? null;
}

let outBuffer = new Uint16Array(1024);

function transcode(body: string): { message: string; septets: number; parts: number } | null {
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
const utf16 =
  typeof TextDecoder !== "undefined" && new Uint8Array(Uint16Array.of(1).buffer)[0] === 1 ? new TextDecoder("utf-16le", { ignoreBOM: true }) : null;

function fromCodeUnits(units: Uint16Array, length: number): string {
  if (utf16 !== null) return utf16.decode(units.subarray(0, length));
  let text = "";
  for (let i = 0; i < length; i += 4096) text += String.fromCharCode.apply(null, units.subarray(i, Math.min(length, i + 4096)) as unknown as number[]);
  return text;
}

/** The text of each SMS part, in order, as the carrier sends them (concatenated they give `body`). */
export function splitBody(body: string): { encoding: Encoding; parts: string[] } {
  const n = body.length;
  if (firstNonGsm(body) !== -1) {
    if (n <= UCS2_SINGLE_PART_UNITS) return { encoding: "ucs2", parts: [body] };
    const parts: string[] = [];
    for (let start = 0; start < n; ) {
      const end = ucs2PartEnd(body, start);
      parts.push(body.slice(start, end));
      start = end;
    }
    return { encoding: "ucs2", parts };
  }
  let septets = 0;
  for (let i = 0; i < n; i++) septets += CLASS[body.charCodeAt(i)]! & COST;
  if (septets <= GSM7_SINGLE_PART_SEPTETS) return { encoding: "gsm7", parts: [body] };
  const parts: string[] = [];
  let start = 0;
  let fill = 0;
  for (let i = 0; i < n; i++) {
    const cost = CLASS[body.charCodeAt(i)]! & COST;
    if (fill + cost > GSM7_MULTIPART_SEPTETS) {
      parts.push(body.slice(start, i));
      start = i;
      fill = 0;
    }
    fill += cost;
  }
  parts.push(body.slice(start));
  return { encoding: "gsm7", parts };
}

/** True when every character of `text` is in the GSM-7 default alphabet or its extension table. */
export function isGsm7(text: string): boolean {
  return firstNonGsm(text) === -1;
}
