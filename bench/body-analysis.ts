// B6: analyzeBody (lib/core/sms/analyze-body.ts) against sms-segments-calculator on the same
// deterministic mixed corpus as the unit tests (GSM-7, extension characters, Greek, accented
// Latin, emoji, CJK; 0..500 UTF-16 code units).
//
//   npx tsx bench/body-analysis.ts [--count 2000] [--rounds 7] [--min-ms 400]   (standalone)
//   npm run bench -- --only B6                                                  (in the runner)
//
// The two run alternately, round after round, each for at least min-ms per round (whole passes
// over the corpus); each round gives analyses per second; the summary is the median of rounds.
import path from "node:path";
import { parseArgs } from "node:util";
import { SegmentedMessage } from "sms-segments-calculator";
import { analyzeBody } from "../lib/core/sms/analyze-body.ts";
import { generateCorpus } from "../lib/core/sms/test-corpus.ts";
import type { Benchmark, BenchContext, Row } from "./support/types.ts";
import { int, median } from "./support/stats.ts";

const GOAL = 100;

export interface BodyAnalysisResult {
  bodies: number;
  units: number;
  rounds: { round: number; theirs: number; ours: number }[];
  medTheirs: number;
  medOurs: number;
  /** Per profile of the corpus: µs per analysis. */
  profiles: { profile: string; bodies: number; theirsUs: number; oursUs: number }[];
  checksum: number;
}

export function measureBodyAnalysis(options: { count?: number; rounds?: number; minMs?: number } = {}): BodyAnalysisResult {
  const { count = 2000, rounds = 7, minMs = 400 } = options;
  const corpus = generateCorpus({ count });
  const bodies = corpus.map((c) => c.body);
  const units = bodies.reduce((s, b) => s + b.length, 0);

  let sink = 0; // consumed results, so nothing is optimised away
  const ours = () => {
    for (const body of bodies) sink += analyzeBody(body).parts;
  };
  const theirs = () => {
    for (const body of bodies) sink += new SegmentedMessage(body, "auto").segmentsCount;
  };

  /** Analyses per second: whole passes over the corpus until at least `minMs` have elapsed. */
  const measure = (fn: () => void): number => {
    let passes = 0;
    const start = performance.now();
    let elapsed = 0;
    do {
      fn();
      passes++;
      elapsed = performance.now() - start;
    } while (elapsed < minMs);
    return (passes * bodies.length) / (elapsed / 1000);
  };

  // Warm-up (JIT, lazily built tables, Intl.Segmenter).
  for (let i = 0; i < 3; i++) {
    ours();
    theirs();
  }

  const rows: BodyAnalysisResult["rounds"] = [];
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

  // Per profile of the corpus, timed passes (µs per analysis), to show the slowest kinds.
  const profiles: BodyAnalysisResult["profiles"] = [];
  for (const profile of [...new Set(corpus.map((c) => c.profile))]) {
    const subset = corpus.filter((c) => c.profile === profile).map((c) => c.body);
    const perAnalysis = (fn: (body: string) => number) => {
      let passes = 0;
      const start = performance.now();
      do {
        for (const body of subset) sink += fn(body);
        passes++;
      } while (performance.now() - start < minMs / 4);
      return ((performance.now() - start) * 1000) / (passes * subset.length);
    };
    const theirsUs = perAnalysis((body) => new SegmentedMessage(body, "auto").segmentsCount);
    const oursUs = perAnalysis((body) => analyzeBody(body).parts);
    profiles.push({ profile, bodies: subset.length, theirsUs, oursUs });
  }

  return {
    bodies: bodies.length,
    units,
    rounds: rows,
    medTheirs: median(rows.map((r) => r.theirs)),
    medOurs: median(rows.map((r) => r.ours)),
    profiles,
    checksum: sink,
  };
}

const ratio = (o: number, t: number) => `${(o / t).toFixed(0)}×`;

export function report(r: BodyAnalysisResult): string {
  const lines: string[] = [];
  lines.push(`Corpus: ${r.bodies} bodies, ${r.units.toLocaleString("en-US")} UTF-16 code units (mean ${(r.units / r.bodies).toFixed(0)}), Node ${process.version}`);
  lines.push("");
  lines.push("| Round | sms-segments-calculator (analyses/s) | analyzeBody (analyses/s) | Ratio (ours ÷ theirs) |");
  lines.push("|---:|---:|---:|---:|");
  for (const x of r.rounds) lines.push(`| ${x.round} | ${int(x.theirs)} | ${int(x.ours)} | ${ratio(x.ours, x.theirs)} |`);
  lines.push(`| **Median** | **${int(r.medTheirs)}** | **${int(r.medOurs)}** | **${ratio(r.medOurs, r.medTheirs)}** |`);
  lines.push("");
  lines.push("| Profile | Bodies | sms-segments-calculator (µs/analysis) | analyzeBody (µs/analysis) | Ratio |");
  lines.push("|---|---:|---:|---:|---:|");
  for (const p of r.profiles) lines.push(`| ${p.profile} | ${p.bodies} | ${p.theirsUs.toFixed(1)} | ${p.oursUs.toFixed(2)} | ${(p.theirsUs / p.oursUs).toFixed(0)}× |`);
  lines.push("");
  lines.push(`(checksum ${r.checksum})`);
  return lines.join("\n");
}

export const benchmark: Benchmark = {
  id: "B6",
  title: "body analyses/s vs sms-segments-calculator",
  needsBuild: false,
  async run(ctx: BenchContext): Promise<Row[]> {
    const r = ctx.quick ? measureBodyAnalysis({ rounds: 3, minMs: 200 }) : measureBodyAnalysis();
    ctx.detail(`### B6 — body analysis, ${r.rounds.length} alternating rounds\n\n${report(r)}`);
    const x = r.medOurs / r.medTheirs;
    return [
      {
        name: "B6 body analyses/s vs sms-segments-calculator",
        ours: int(r.medOurs),
        anchor: int(r.medTheirs),
        ratio: ratio(r.medOurs, r.medTheirs),
        goal: `≥ ${GOAL}×`,
        met: x >= GOAL,
      },
    ];
  },
};

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const { values } = parseArgs({
    options: {
      count: { type: "string", default: "2000" },
      rounds: { type: "string", default: "7" },
      "min-ms": { type: "string", default: "400" },
    },
  });
  console.log(report(measureBodyAnalysis({ count: Number(values.count), rounds: Number(values.rounds), minMs: Number(values["min-ms"]) })));
}
