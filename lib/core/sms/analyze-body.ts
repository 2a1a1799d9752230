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
//
// The tables live beside it: body-measure.ts (part sizes, the code-unit class table),
// grapheme-classes.ts (UAX #29), transcode-to-gsm7.ts (the GSM-7 stand-ins).
import { CLASS, COST, firstNonGsm, GSM7_MULTIPART_SEPTETS, GSM7_SINGLE_PART_SEPTETS, HIGH, LOW, TRANSCODABLE, UCS2_MULTIPART_UNITS, UCS2_SINGLE_PART_UNITS } from "./body-measure.ts";
import { G_COMPLEX, G_CONTROL, G_EXTEND, G_KIND, G_OTHER, G_PICT, G_RI, G_ZWJ, graphemeClass, graphemeSegmenter } from "./grapheme-classes.ts";
import { transcodeToGsm7 } from "./transcode-to-gsm7.ts";

export interface BodyAnalysis {
  characters: number;
  parts: number;
  unicode: boolean;
  unsupportedGSMCharacters: string[];
  transcode?: { message: string; parts: number };
}

export type Encoding = "gsm7" | "ucs2";

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

// ---------------------------------------------------------------------------------------------
// Analysis.

interface RawAnalysis {
  characters: number;
  parts: number;
  unicode: boolean;
  unsupportedGSMCharacters: string[];
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
    if (prev === G_CONTROL || kind === G_CONTROL)
      joins = false; // GB4, GB5 (and GB3: CR LF counted apart)
    else if (kind === G_EXTEND || kind === G_ZWJ)
      joins = true; // GB9
    else if (kind === G_RI)
      joins = riOpen; // GB12, GB13
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
  const t = transcodeToGsm7(body);
  if (t === null) return raw;
  const result = { message: t.message, parts: t.parts };
  return options?.transcode ? { characters: t.septets, parts: t.parts, unicode: false, unsupportedGSMCharacters: [], transcode: result } : { ...raw, transcode: result };
}

/**
 * GSM-7 transcoding of `body`, or null when it still has characters outside GSM-7 afterwards
 * (emoji, CJK, Cyrillic ...). A GSM-7 body is returned unchanged. Decomposed accents are first
 * composed (NFC); combining diacritics left over are dropped.
 */
export function transcodeBody(body: string): string | null {
  return transcodeToGsm7(body)?.message ?? null;
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
