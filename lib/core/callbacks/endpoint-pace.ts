// Pace per endpoint (issue 20): at most C POSTs under way and R started per second to one
// destination of one account, so a campaign's thousands of delivery reports do not flood a
// customer's server. Held per worker process (each worker paces its own POSTs). An endpoint
// whose limits do not bind (C at least the process's own limit, no rate) skips it entirely: the
// plain sending path (B5) is unchanged.
import { Slots } from "./slots.ts";

export interface PaceLimits {
  maxConcurrency: number;
  /** 0: no limit. */
  maxPerSecond: number;
}

interface Lane {
  slots: Slots;
  /** When the next POST may start (rate), in ms of performance.now(). */
  nextStart: number;
}

const MAX_LANES = 4096;
const lanes = new Map<string, Lane>();

/** Whether these limits bind at all for a process that has `processLimit` POSTs under way at most. */
export function paceBinds(limits: PaceLimits, processLimit: number): boolean {
  return limits.maxPerSecond > 0 || limits.maxConcurrency < processLimit;
}

/** Runs `task` within the endpoint's limits: waits for one of its C slots, then for its turn at R per second. */
export async function paced<T>(key: string, limits: PaceLimits, task: () => Promise<T>): Promise<T> {
  const concurrency = Math.max(1, limits.maxConcurrency);
  let lane = lanes.get(key);
  if (!lane || lane.slots.limit !== concurrency) {
    if (lanes.size >= MAX_LANES) for (const [k, l] of lanes) if (l.slots.idle) lanes.delete(k);
    lane = { slots: new Slots(concurrency), nextStart: lane?.nextStart ?? 0 };
    lanes.set(key, lane);
  }
  const own = lane;
  return own.slots.run(async () => {
    // The turn is taken when the POST really starts, so timers that fire late never let a burst through.
    if (limits.maxPerSecond > 0)
      for (let now = performance.now(); ; now = performance.now()) {
        if (now >= own.nextStart) {
          own.nextStart = now + 1000 / limits.maxPerSecond;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, own.nextStart - now));
      }
    return task();
  });
}
