// A job in a worker's hands (Held: its claim and lease, judged on the local clock) and what its
// handler sees of the attempt (Attempt, the JobMeta answered by its queue loop).
import type { Claim } from "./boss.ts";
import type { JobMeta } from "./job.ts";
import type { QueueLoop } from "./queue-loop.ts";
import { runIn, type Context } from "../trace/tracing.ts";

/** A lease is taken as lost this long before it runs out by the local clock (clock drift, latency). */
export const LEASE_MARGIN_MS = 250;

/** A job in this worker's hands: its claim and lease. (Cheap to make: B3 runs ~30k a second.) */
export class Held implements Claim {
  /** performance.now() when the latest renewal the database confirmed was sent (or the claim). */
  renewedAt: number;
  aborted = false;
  private controller: AbortController | null = null;
  constructor(
    readonly id: string,
    readonly retryCount: number,
    readonly leaseMs: number,
    claimedAt: number,
  ) {
    this.renewedAt = claimedAt;
  }
  /** Made when a handler first asks for it. */
  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.aborted) this.controller.abort();
    }
    return this.controller.signal;
  }
  abort(): void {
    this.aborted = true;
    this.controller?.abort();
  }
  /** By the local clock, without a query. */
  inTime(): boolean {
    return !this.aborted && performance.now() < this.renewedAt + this.leaseMs - LEASE_MARGIN_MS;
  }
}

/** What a handler sees of its attempt (JobMeta), answered by its queue loop. */
export class Attempt implements Required<JobMeta> {
  readonly id: string;
  readonly retryCount: number;
  constructor(
    private readonly loop: QueueLoop,
    private readonly held: Held,
    readonly retryLimit: number,
    readonly previousLost: boolean,
    readonly checkpoint: unknown,
    private readonly trace: Context | undefined,
  ) {
    this.id = held.id;
    this.retryCount = held.retryCount;
  }
  get signal(): AbortSignal {
    return this.held.signal;
  }
  leaseHeld(): boolean {
    return this.loop.holds(this.held) && this.held.inTime();
  }
  saveCheckpoint(value: unknown): Promise<boolean> {
    return this.loop.checkpoint(this, this.held, value);
  }
  within<T>(fn: () => T): T {
    return runIn(this.trace, fn);
  }
}
