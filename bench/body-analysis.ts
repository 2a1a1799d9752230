// Benchmark: analyzeBody (lib/core/sms/analyze-body.ts) against sms-segments-calculator on the
// same deterministic mixed corpus as the unit tests (GSM-7, extension characters, Greek,
// accented Latin, emoji, CJK; 0..500 UTF-16 code units).
//
//   npx tsx bench/body-analysis.ts [--count 2000] [--rounds 7] [--min-ms 400]
//
// The two run alternately, round after round, each for at least --min-ms per round (whole passes
// over the corpus); each round reports analyses per second; the summary is the median of rounds.
import { parseArgs } from "node:util";
import { SegmentedMessage } from "sms-segments-calculator";
import { analyzeBody } from "../lib/core/sms/analyze-body.ts";
import { generateCorpus } from "../lib/core/sms/test-corpus.ts";

const { values } = parseArgs({
  options: {
    count: { type: "string", default: "2000" },
    rounds: { type: "string", default: "7" },
    "min-ms": { type: "string", default: "400" },
  },
});
const count = Number(values.count);
const rounds = Number(values.rounds);
const minMs = Number(values["min-ms"]);

const corpus = generateCorpus({ count });
const bodies = corpus.map((c) => c.body);
const units = bodies.reduce((s, b) => s + b.length, 0);

let sink = 0; // consumed results, so nothing is optimised away

function ours(): void {
  for (const body of bodies) sink += analyzeBody(body).parts;
}
function theirs(): void {
  for (const body of bodies) sink += new SegmentedMessage(body, "auto").segmentsCount;
}

/** Analyses per second: whole passes over the corpus until at least `minMs` have elapsed. */
function measure(run: () => void): number {
  let passes = 0;
  const start = performance.now();
  let elapsed = 0;
  do {
    run();
    passes++;
    elapsed = performance.now() - start;
  } while (elapsed < minMs);
  return (passes * bodies.length) / (elapsed / 1000);
}

// Warm-up (JIT, lazily built tables, Intl.Segmenter).
for (let i = 0; i < 3; i++) {
  ours();
  theirs();
}

const rows: { round: number; theirs: number; ours: number }[] = [];
for (let round = 1; round <= rounds; round++) {
  // Alternate which goes first, so neither always runs on a warmer/cooler machine.
  if (round % 2 === 1) {
    const t = measure(theirs);
    const o = measure(ours);
    rows.push({ round, theirs: t, ours: o });
  } else {
    const o = measure(ours);
    const t = measure(theirs);
    rows.push({ round, theirs: t, ours: o });
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
const ratio = (o: number, t: number) => `${(o / t).toFixed(0)}×`;

const medTheirs = median(rows.map((r) => r.theirs));
const medOurs = median(rows.map((r) => r.ours));

console.log(`Corpus: ${bodies.length} bodies, ${units.toLocaleString("en-US")} UTF-16 code units (mean ${(units / bodies.length).toFixed(0)}), Node ${process.version}`);
console.log("");
console.log("| Round | sms-segments-calculator (analyses/s) | analyzeBody (analyses/s) | Ratio (ours ÷ theirs) |");
console.log("|---:|---:|---:|---:|");
for (const r of rows) console.log(`| ${r.round} | ${fmt(r.theirs)} | ${fmt(r.ours)} | ${ratio(r.ours, r.theirs)} |`);
console.log(`| **Median** | **${fmt(medTheirs)}** | **${fmt(medOurs)}** | **${ratio(medOurs, medTheirs)}** |`);

// Per profile of the corpus, one timed pass each (µs per analysis), to show the slowest kinds.
const profiles = [...new Set(corpus.map((c) => c.profile))];
console.log("");
console.log("| Profile | Bodies | sms-segments-calculator (µs/analysis) | analyzeBody (µs/analysis) | Ratio |");
console.log("|---|---:|---:|---:|---:|");
for (const profile of profiles) {
  const subset = corpus.filter((c) => c.profile === profile).map((c) => c.body);
  const perAnalysis = (run: (body: string) => number, minPasses: number) => {
    let passes = 0;
    const start = performance.now();
    do {
      for (const body of subset) sink += run(body);
      passes++;
    } while (passes < minPasses || performance.now() - start < minMs / 4);
    return ((performance.now() - start) * 1000) / (passes * subset.length);
  };
  const t = perAnalysis((body) => new SegmentedMessage(body, "auto").segmentsCount, 1);
  const o = perAnalysis((body) => analyzeBody(body).parts, 1);
  console.log(`| ${profile} | ${subset.length} | ${t.toFixed(1)} | ${o.toFixed(2)} | ${(t / o).toFixed(0)}× |`);
}
console.log("");
console.log(`(checksum ${sink})`);
