// Grapheme cluster classes (UAX #29) per code point, for counting the characters of a UCS-2 body
// as a user sees them: lazily built 1024-code-point blocks from the runtime's Unicode regex
// properties, and Intl.Segmenter for the bodies whose clusters need script-specific rules.

export const G_OTHER = 0;
export const G_CONTROL = 1; // Cc, Zl, Zp, Cf (but ZWJ, ZWNJ, prepend marks), unassigned default-ignorable: breaks on both sides
export const G_EXTEND = 2; // Extend we handle in-line (see SIMPLE_EXTEND)
export const G_ZWJ = 3;
export const G_RI = 4; // regional indicator
export const G_COMPLEX = 5; // any other joiner (SpacingMark, Prepend, Hangul jamo, script-specific Extend): Intl.Segmenter decides
export const G_KIND = 0x07;
export const G_PICT = 0x08; // Extended_Pictographic

// Extend characters whose only rule is GB9 (never break before them), so no Indic-conjunct
// linker can be among them: combining diacritics, variation selectors, combining marks for
// symbols (incl. the keycap U+20E3), half marks, ZWNJ, emoji modifiers, tags.
const SIMPLE_EXTEND: readonly (readonly [number, number])[] = [
  [0x0300, 0x036f],
  [0x1ab0, 0x1aff],
  [0x1dc0, 0x1dff],
  [0x200c, 0x200c],
  [0x20d0, 0x20ff],
  [0xfe00, 0xfe0f],
  [0xfe20, 0xfe2f],
  [0x1f3fb, 0x1f3ff],
  [0xe0020, 0xe007f],
  [0xe0100, 0xe01ef],
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

export function graphemeClass(cp: number): number {
  const block = graphemeBlocks[cp >> 10] ?? buildGraphemeBlock(cp >> 10);
  return block[cp & 0x3ff]!;
}

type Segmenter = { segment(input: string): Iterable<{ segment: string }> };
let segmenter: Segmenter | null | undefined;
export function graphemeSegmenter(): Segmenter | null {
  if (segmenter === undefined) {
    const Ctor = (Intl as unknown as { Segmenter?: new (locale: string | undefined, options: { granularity: "grapheme" }) => Segmenter }).Segmenter;
    segmenter = Ctor ? new Ctor(undefined, { granularity: "grapheme" }) : null;
  }
  return segmenter;
}
