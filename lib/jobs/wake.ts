// Workers in this process, by queue, so code that has just committed a job can wake the worker
// at once instead of leaving it to the next poll (pg-boss polls every half second).
const key = Symbol.for("switchboard.wake");
type G = typeof globalThis & { [key]?: Map<string, Set<() => void>> };

function registry(): Map<string, Set<() => void>> {
  const g = globalThis as G;
  return (g[key] ??= new Map());
}

export function registerWaker(queue: string, wake: () => void): () => void {
  const set = registry().get(queue) ?? new Set();
  registry().set(queue, set);
  set.add(wake);
  return () => set.delete(wake);
}

/** Call after the transaction that enqueued the job has committed. */
export function wakeWorkers(queue: string): void {
  for (const wake of registry().get(queue) ?? []) wake();
}
