// The hand-over slots of campaign batches: one bound per carrier, shared by every batch the
// process runs through it, on the parts with the carrier that are not yet settled.

/**
 * Parts this process (all its batches) has handed to a carrier and not yet settled: waiting for
 * a window slot, on the wire, or answered but not yet logged. A crash leaves those unrecorded (or
 * Queued), and they are sent again; so there are never more than 2 × the carrier's binds × window,
 * which bounds the parts a crash can leave at the SMSC twice. (binds × window alone would hold a
 * window slot until the database has the answer, and cost throughput.) A part whose answer could
 * not be logged is settled too, but may go twice: so once that has failed, no batch of this
 * process hands over another part to that carrier (recordingFailed) until a run has read from the database
 * again. Without that, a database outage lets the batches go on submitting parts none of whose
 * answers are stored.
 */
export class HandOverSlots {
  private n = 0;
  private limit = Infinity;
  private waiters: (() => void)[] = [];
  private head = 0;
  /** An answer could not be recorded since a run last read from the database: hand nothing more over. */
  recordingFailed = false;

  take(limit: number): Promise<void> | void {
    this.limit = limit;
    if (this.n < limit) {
      this.n++;
      return;
    }
    return new Promise<void>((r) => this.waiters.push(r));
  }

  /** Frees slots, handing each to the longest waiting lane (one wake-up per slot, not per waiter). */
  free(k: number): void {
    this.n -= k;
    const w = this.waiters;
    while (this.n < this.limit && this.head < w.length) {
      this.n++;
      w[this.head++]!();
    }
    if (this.head > 1024 && this.head * 2 > w.length) {
      this.waiters = w.slice(this.head);
      this.head = 0;
    }
  }
}

const byCarrier = new WeakMap<object, HandOverSlots>();

/** The slots of this carrier (made on first use). */
export function handOverSlotsOf(carrier: object): HandOverSlots {
  let slots = byCarrier.get(carrier);
  if (!slots) byCarrier.set(carrier, (slots = new HandOverSlots()));
  return slots;
}
