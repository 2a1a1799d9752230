// What the SMSC simulator counts of the submit_sm it receives, and the destinations it delivered
// to in order, so a test in another process can check where each part went ("how many reached
// this SMSC", "each recipient exactly once"). The list is bounded: past `keep` entries the oldest
// half goes, and a reader's cursor tells it what it missed.

export interface SubmitCounts {
  /** submit_sm received on a bound transmitter (every one, whatever became of it). */
  received: number;
  /** Answered with a message id (resubmissions recognised by their client reference included). */
  accepted: number;
  /** Answered ESME_RTHROTTLED by the throttle switch. */
  throttled: number;
  /** Refused by their test number (…0003). */
  refused: number;
  /** Taken off the wire while stalled, never answered nor delivered. */
  stalled: number;
  /** Accepted as new messages: what reaches handsets (a recognised resubmission is not delivered again). */
  delivered: number;
  /** Distinct destinations among the delivered (counted up to `keep` of them). */
  distinctDestinations: number;
}

export interface DeliveredPart {
  /** destination_addr as received (digits, no "+"). */
  to: string;
  /** The client reference TLV (Switchboard's part id), "" when absent. */
  partId: string;
}

export interface DeliveredPage {
  /** Cursor of the first item (ask with since=next for what follows). */
  from: number;
  next: number;
  /** Delivered parts so far, all told. */
  total: number;
  items: DeliveredPart[];
}

export class SubmitTally {
  readonly counts: Omit<SubmitCounts, "distinctDestinations"> = { received: 0, accepted: 0, throttled: 0, refused: 0, stalled: 0, delivered: 0 };
  private to: string[] = [];
  private refs: string[] = [];
  /** Cursor of to[0]. */
  private base = 0;
  private readonly distinct = new Set<string>();

  constructor(private readonly keep: number) {}

  delivered(to: string, partId: string): void {
    this.counts.delivered++;
    if (this.keep <= 0) return;
    if (this.distinct.size < this.keep) this.distinct.add(to);
    this.to.push(to);
    this.refs.push(partId);
    if (this.to.length > this.keep) {
      const drop = this.to.length - Math.floor(this.keep / 2);
      this.to = this.to.slice(drop);
      this.refs = this.refs.slice(drop);
      this.base += drop;
    }
  }

  snapshot(): SubmitCounts {
    return { ...this.counts, distinctDestinations: this.distinct.size };
  }

  /** Delivered parts from cursor `since` (0: the first kept), at most `limit`. */
  page(since: number, limit: number): DeliveredPage {
    const start = Math.max(0, since - this.base);
    const end = Math.min(this.to.length, start + Math.max(0, limit));
    const items: DeliveredPart[] = [];
    for (let i = start; i < end; i++) items.push({ to: this.to[i]!, partId: this.refs[i]! });
    return { from: this.base + start, next: this.base + end, total: this.counts.delivered, items };
  }
}
