// What bench/run.ts hands every benchmark, and what a benchmark hands back: rows of the one
// Markdown table the runner prints, plus free-form details printed above it.

export interface BenchContext {
  /** The bench PostgreSQL server (superuser URL, database "postgres"), started by the runner. */
  pgUrl: string;
  /** Its data folder (postmaster.pid, for CPU accounting), and its log file. */
  pgDataDir: string;
  pgLogFile: string;
  /** Creates (or re-creates) a database on the bench server and returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** A free TCP port on 127.0.0.1. */
  freePort(): Promise<number>;
  /** A fresh temporary folder, deleted when the run ends. */
  tmpDir(prefix: string): string;
  /** Registers a clean-up step; they run in reverse order when the run ends, even on failure. */
  defer(step: () => unknown): void;
  /** Progress on stderr (the table goes to stdout). */
  log(message: string): void;
  /** Details worth keeping (per-round figures, breakdowns): printed before the table. */
  detail(markdown: string): void;
  /** --quick: shorter rounds for trying the harness out; figures are not for the record. */
  quick: boolean;
  /** --profile: also take a CPU profile of the server where a benchmark supports it. */
  profile: boolean;
  /** Values shared between benchmarks of one run (e.g. a server both B1 and B1b could use). */
  shared: Map<string, unknown>;
}

export interface Row {
  /** Benchmark id and what is measured, e.g. "B1 POST /api/sms, req/s (vs empty route)". */
  name: string;
  ours: string;
  anchor: string;
  ratio: string;
  goal: string;
  /** undefined: no goal to meet. */
  met?: boolean;
}

export interface Benchmark {
  id: string;
  title: string;
  /** false: runs without the production build (the runner then neither builds nor checks it). */
  needsBuild?: boolean;
  run(ctx: BenchContext): Promise<Row[]>;
}
