// Small statistics and formatting helpers shared by the benchmarks.

export function median(xs: number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Nearest-rank percentile, p in 0..100. */
export function percentile(xs: ArrayLike<number>, p: number): number {
  if (xs.length === 0) return NaN;
  const s = Array.from(xs).sort((a, b) => a - b);
  const rank = Math.min(s.length, Math.max(1, Math.ceil((p / 100) * s.length)));
  return s[rank - 1]!;
}

export const int = (n: number): string => (Number.isFinite(n) ? Math.round(n).toLocaleString("en-US") : "—");
export const fixed = (n: number, digits = 2): string => (Number.isFinite(n) ? n.toFixed(digits) : "—");
export const ms = (n: number): string => (Number.isFinite(n) ? `${n < 10 ? n.toFixed(1) : Math.round(n)} ms` : "—");
export const pct = (n: number): string => (Number.isFinite(n) ? `${(n * 100).toFixed(0)} %` : "—");

export function sleep(msec: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, msec));
}
