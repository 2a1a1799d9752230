// What the SMPP carrier counts for the operator's live status: submits and their answers,
// receipts and inbound messages since start, and the time the SMSC takes to answer a submit_sm
// (kept here for the console, and handed to the process's metrics as each answer comes).
import type { CarrierCounters, CarrierStatus } from "../core/ports/carrier.ts";

/** Told of every submit_sm answered: on which bind (its index) and after how long. */
export type SubmitObserver = (bind: number, seconds: number) => void;

const SAMPLES = 1000;

export class CarrierMeter {
  readonly startedAt = new Date();
  readonly counters: CarrierCounters = { submitted: 0, accepted: 0, refused: 0, throttled: 0, unanswered: 0, receipts: 0, inbound: 0 };
  // The latest SAMPLES submit_sm → submit_sm_resp times (ms), a ring.
  private readonly latencies = new Float64Array(SAMPLES);
  private samples = 0;
  private next = 0;

  constructor(private readonly observe?: SubmitObserver) {}

  answeredIn(ms: number, bind: number): void {
    this.observe?.(bind, ms / 1000);
    this.latencies[this.next] = ms;
    this.next = (this.next + 1) % SAMPLES;
    if (this.samples < SAMPLES) this.samples++;
  }

  latency(): CarrierStatus["latencyMs"] {
    if (this.samples === 0) return null;
    const sorted = this.latencies.slice(0, this.samples).sort();
    let sum = 0;
    for (const v of sorted) sum += v;
    const round = (v: number) => Math.round(v * 10) / 10;
    return { mean: round(sum / this.samples), p95: round(sorted[Math.min(this.samples - 1, Math.ceil(this.samples * 0.95) - 1)]!), samples: this.samples };
  }
}
