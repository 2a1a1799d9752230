// A connector that fails repeatedly (temporary refusals, no answer, no bind) is taken out of its
// routes for a cool-down, then probed with one part at a time before it gets its traffic back:
// without it, every part of a campaign would first try the failing connector and wait for its
// refusal. One breaker per connector per process; pure apart from the clock it is given.

export type BreakerState = "closed" | "open" | "half-open";

export interface BreakerOptions {
  /** Consecutive failures that open it. */
  failures?: number;
  /** How long it stays open before a probe, ms. */
  coolDownMs?: number;
}

export class CircuitBreaker {
  private failed = 0;
  private openedAt = 0;
  private probing = false;
  private waiting: (() => void)[] = [];
  private state_: BreakerState = "closed";
  private readonly threshold: number;
  private readonly coolDownMs: number;

  constructor(
    options: BreakerOptions = {},
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.threshold = options.failures ?? 5;
    this.coolDownMs = options.coolDownMs ?? 10_000;
  }

  get state(): BreakerState {
    if (this.state_ === "open" && this.clock() - this.openedAt >= this.coolDownMs) this.state_ = "half-open";
    return this.state_;
  }

  /** May a part go now? When half-open, one probe at a time; its answer (success or failure) decides. */
  tryAcquire(): boolean {
    const s = this.state;
    if (s === "closed") return true;
    if (s === "open" || this.probing) return false;
    this.probing = true;
    return true;
  }

  /** Resolves once the probe out now (if any) has its answer: then tryAcquire says what it decided. */
  probed(): Promise<void> {
    if (!this.probing) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  success(): void {
    this.failed = 0;
    this.state_ = "closed";
    this.probeDone();
  }

  failure(): void {
    this.failed += 1;
    if (this.state_ === "half-open" || this.failed >= this.threshold) {
      this.state_ = "open";
      this.openedAt = this.clock();
    }
    this.probeDone();
  }

  /** A part that went nowhere (the answer neither proved nor disproved the connector): the probe slot is given back. */
  release(): void {
    this.probeDone();
  }

  private probeDone(): void {
    this.probing = false;
    for (const wake of this.waiting.splice(0)) wake();
  }
}
