// Wakes a worker's claim loops when their queue has a job due: one statement every polling
// interval for all the worker's queues (boss.ts dueQueues), instead of every loop claiming on its
// own timer. Jobs enqueued by this process wake their loops at once (wake.ts); the probe finds the
// rest: jobs from other processes, retries and jobs whose start time has come.
import type PgBoss from "pg-boss";
import { dueQueues } from "./boss.ts";

export interface Wakeable {
  readonly queue: string;
  wake(): void;
}

export function startDueProbe(boss: PgBoss, loops: readonly Wakeable[], intervalMs: number): { stop(): void } {
  const byQueue = new Map<string, Wakeable[]>();
  for (const l of loops) byQueue.set(l.queue, [...(byQueue.get(l.queue) ?? []), l]);
  const names = [...byQueue.keys()];
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    try {
      for (const name of await dueQueues(boss, names)) for (const l of byQueue.get(name) ?? []) l.wake();
    } catch {
      // The database is away: every loop tries its own claim, which logs the error and retries.
      for (const l of loops) l.wake();
    }
    if (!stopped) timer = setTimeout(tick, intervalMs);
  };
  timer = setTimeout(tick, intervalMs);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
