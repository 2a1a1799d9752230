// A claim loop's rest between claims: until it is woken (this process enqueued, the due probe
// found work, a stop) or for a time. A wake that comes while the loop is busy is kept, so the
// next rest returns at once: the loop claims again instead of missing the work.
export class Rest {
  private woken = false;
  private waiters = new Set<() => void>();

  /** The start of a round: wakes before it are spent (the claim about to run will see their work). */
  begin(): void {
    this.woken = false;
  }

  wake(): void {
    this.woken = true;
    for (const w of [...this.waiters]) w();
  }

  /** Resolves when woken, or after `ms`. */
  for(ms: number): Promise<void> {
    if (this.woken) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(t);
        this.waiters.delete(done);
        resolve();
      };
      const t = setTimeout(done, ms);
      this.waiters.add(done);
    });
  }
}

/** What every claim loop of a worker has: its waker's registration, its rest and its stop. */
export abstract class ClaimLoop {
  /** Set by the worker: takes the loop off wake.ts's registry. */
  unregister: () => void = () => {};
  protected stopping = false;
  protected rest = new Rest();

  wake(): void {
    this.rest.wake();
  }

  stop(): void {
    this.unregister();
    this.stopping = true;
    this.wake();
  }

  /** Rests `ms` unless woken; not at all once stopping. */
  protected idle(ms: number): Promise<void> {
    return this.stopping ? Promise.resolve() : this.rest.for(ms);
  }
}
