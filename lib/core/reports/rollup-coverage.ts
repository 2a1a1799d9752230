// Which part of a period the hourly rollup (report-rollup.ts) covers: its complete hours that
// were computed after they ended, read from the rollup, and the rest — the partial hours at the
// period's edges, the current hour, hours not rolled up yet — as live ranges to count from the parts.
import type { Ctx } from "../context.ts";
import { floorHour, HOUR_MS } from "./report-rollup.ts";

export interface LiveRange {
  from: Date;
  to: Date;
  /** The last range ends at the period's end itself (<=); the others where a rolled-up hour starts (<). */
  endInclusive: boolean;
}

export async function rollupCoverage(ctx: Pick<Ctx, "sql">, from: Date, to: Date): Promise<{ rolled: Date[]; live: LiveRange[] }> {
  const fromMs = from.getTime();
  const toMs = to.getTime();
  const firstFull = Math.ceil(fromMs / HOUR_MS) * HOUR_MS;
  const fullEnd = floorHour(toMs);
  const rolled: number[] = [];
  if (firstFull < fullEnd) {
    const { rows } = await ctx.sql.query<{ hour: Date | string }>(`SELECT hour FROM report_rollups WHERE hour >= $1 AND hour < $2 AND computed_at >= hour + interval '1 hour' ORDER BY hour`, [
      new Date(firstFull),
      new Date(fullEnd),
    ]);
    rolled.push(...rows.map((r) => new Date(r.hour).getTime()));
  }
  // The live ranges: the period minus the rolled-up hours, contiguous pieces merged.
  const live: Array<[number, number]> = [];
  let cursor = fromMs;
  for (const h of rolled) {
    if (h > cursor) live.push([cursor, h]);
    cursor = h + HOUR_MS;
  }
  if (cursor <= toMs) live.push([cursor, toMs]);
  return {
    rolled: rolled.map((h) => new Date(h)),
    live: live.map(([a, b], i) => ({ from: new Date(a), to: new Date(b), endInclusive: i === live.length - 1 })),
  };
}
