// Deterministic corpus of SMS bodies for the body-analysis tests and benchmark: GSM-7 text,
// extension characters, Greek, accented Latin, typography, emoji (single, modified, ZWJ,
// flags, keycaps), CJK (BMP and supplementary), line breaks — with lengths 0..500 UTF-16 code
// units, a share of them close to the part boundaries (70/67 units, 160/153 septets).
// Test/bench support only: not imported by application code.

/** mulberry32: small, fast, seeded PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const chars = (s: string): string[] => [...s];

export const CORPUS_ATOMS = {
  gsmBasic: chars("@£$¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà"),
  gsmCommon: chars("abcdefghijklmnopqrstuvwxyz      ABCDEFGHIJ0123456789.,!?'-:"),
  lineBreaks: ["\n", "\r\n", "\r"],
  gsmExtension: chars("€[]{}|~^\\\f"),
  greek: chars("αβγδεζηθικλμνξοπρσςτυφχψωάέήίόύώϊϋΐΰΑΒΕΖΗΙΚΜΝΟΡΤΥΧΆΈΉΊΌΎΏ;\u037e\u0387"),
  accentedLatin: chars("âêëîïôûÿçœÂÊËÎÏÔÛŸŒáíóúÁÍÓÚÀÈÌÒÙẞ«»àèéìòùäöüßÄÖÜÉÇ"),
  decomposedLatin: ["e\u0301", "a\u0300", "o\u0302", "u\u0308", "\u03b1\u0301"],
  typography: chars("’‘“”„–—…\u00a0\u202f"),
  // Single-code-point emoji (BMP and supplementary) and multi-code-point clusters on which
  // grapheme-splitter (Unicode 10) and Intl.Segmenter agree ...
  emoji: [..."😀🎉👍🚀🙂😂🔥💯✅☺❤⭐", "❤️", "☺️", "✈️", "👍🏽", "👋🏻", "👩‍💻", "👨‍👩‍👧", "🧑‍💻", "🏳️‍🌈", "🤷‍♀️", "🇫🇷", "🇬🇷", "🇩🇪", "1️⃣", "#️⃣"],
  // ... and newer sequences on which they disagree (one cluster here, two there).
  newerEmoji: ["😶‍🌫️", "🏴‍☠️", "🫶🏼"],
  cjk: chars("你好世界谢谢中文短信验证码是请在分钟内输入こんにちはありがとうカタカナ漢字。、！？한국어"),
  cjkSupplementary: chars("𠮷𩸽𠀋"),
} as const;

/** A kind of message: how often it comes up, and how much of each atom set its text mixes in (in this order). */
interface Profile {
  name: string;
  weight: number;
  mix: Partial<Record<keyof typeof CORPUS_ATOMS, number>>;
}

const PROFILES: Profile[] = [
  { name: "gsm", weight: 20, mix: { gsmCommon: 80, gsmBasic: 18, lineBreaks: 2 } },
  { name: "gsm-extension", weight: 15, mix: { gsmCommon: 80, gsmBasic: 10, gsmExtension: 8, lineBreaks: 2 } },
  { name: "greek", weight: 10, mix: { greek: 60, gsmCommon: 35, gsmExtension: 3, lineBreaks: 2 } },
  { name: "latin", weight: 10, mix: { gsmCommon: 80, accentedLatin: 10, typography: 5, decomposedLatin: 2, gsmExtension: 2, lineBreaks: 1 } },
  { name: "emoji", weight: 15, mix: { gsmCommon: 80, emoji: 15, gsmExtension: 2, lineBreaks: 2 } },
  { name: "newer-emoji", weight: 2, mix: { gsmCommon: 80, emoji: 10, newerEmoji: 5, lineBreaks: 2 } },
  { name: "cjk", weight: 10, mix: { cjk: 80, cjkSupplementary: 5, gsmCommon: 13, lineBreaks: 2 } },
  {
    name: "mixed",
    weight: 20,
    mix: { gsmCommon: 50, gsmBasic: 5, gsmExtension: 5, greek: 8, accentedLatin: 8, decomposedLatin: 1, typography: 4, emoji: 8, cjk: 6, cjkSupplementary: 2, lineBreaks: 2 },
  },
];

// Lengths (UTF-16 code units) around the part boundaries.
const BOUNDARIES = [0, 1, 67, 70, 133, 134, 153, 160, 201, 268, 306, 335, 459, 500];

export interface CorpusOptions {
  count?: number;
  seed?: number;
  maxLength?: number;
}

export interface CorpusBody {
  profile: string;
  body: string;
}

/** `count` bodies (default 5 000), the same ones for the same seed. */
export function generateCorpus({ count = 5000, seed = 0x5eed5, maxLength = 500 }: CorpusOptions = {}): CorpusBody[] {
  const random = mulberry32(seed);
  const int = (n: number) => Math.floor(random() * n);
  const pickWeighted = <T extends { weight: number }>(items: readonly T[]): T => {
    let r = random() * items.reduce((s, x) => s + x.weight, 0);
    for (const item of items) if ((r -= item.weight) < 0) return item;
    return items[items.length - 1]!;
  };
  const out: CorpusBody[] = [];
  for (let b = 0; b < count; b++) {
    const profile = pickWeighted(PROFILES);
    const target = random() < 0.3 ? Math.max(0, Math.min(maxLength, BOUNDARIES[int(BOUNDARIES.length)]! + int(7) - 3)) : int(maxLength + 1);
    const sets = Object.entries(profile.mix).map(([name, weight]) => ({ atoms: CORPUS_ATOMS[name as keyof typeof CORPUS_ATOMS] as readonly string[], weight }));
    const picked: string[] = [];
    let length = 0;
    let misses = 0;
    while (length < target && misses < 8) {
      const { atoms } = pickWeighted(sets);
      const atom = atoms[int(atoms.length)]!;
      if (length + atom.length > target) {
        misses++;
        continue;
      }
      picked.push(atom);
      length += atom.length;
    }
    // join() yields a flat string, like a body parsed from JSON or read from a form field.
    out.push({ profile: profile.name, body: picked.join("") });
  }
  return out;
}
