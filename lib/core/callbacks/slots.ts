// A counting semaphore in order of arrival: the callback sender's limit on POSTs under way per
// process (the pace per endpoint, across processes, is endpoint-pace.ts).

/** Runs at most `limit` tasks at once; the others wait their turn, first come first served. */
export class Slots {
  private busy = 0;
  private waiting: Array<() => void> = [];
  constructor(readonly limit: number) {}
  /** Nothing running and nobody waiting: the slots may be dropped. */
  get idle(): boolean {
    return this.busy === 0 && this.waiting.length === 0;
  }
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.busy < this.limit) this.busy++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The slot passes to the next in line, or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.busy--;
    }
  }
}
