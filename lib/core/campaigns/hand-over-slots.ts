// The hand-over slots of campaign batches: one process-wide bound, shared by every batch the
// process runs, on the parts with the carrier that are not yet settled.

/**
 * Parts this process (all its batches) has handed to the carrier and not yet settled: waiting for
 * a window slot, on the wire, or answered but not yet logged. A crash leaves those unrecorded (or
 * Queued), and they are sent again; so there are never more than 2 × the carrier's binds × window,
 * which bounds the parts a crash can leave at the SMSC twice. (binds × window alone would hold a
 * window slot until the database has the answer, and cost throughput.) A part whose answer could
 * not be logged is settled too, but may go twice: so once that has failed, no batch of this
 * process hands over another part (recordingFailed) until a run has read from the database
 * again. Without that, a database outage lets the batches go on submitting parts none of whose
 * answers are stored.
 */
const outstanding = { n: 0, limit: Infinity, waiters: [] as (() => void)[], head: 0, recordingFailed: false };
export function takeSlot(limit: number): Promise<void> | void {
  outstanding.limit = limit;
  if (outstanding.n < limit) {
    outstanding.n++;
    return;
  }
  return new Promise<void>((r) => outstanding.waiters.push(r));
}
/** Frees slots, handing each to the longest waiting lane (one wake-up per slot, not per waiter). */
export function freeSlots(k: number): void {
  outstanding.n -= k;
  const w = outstanding.waiters;
  while (outstanding.n < outstanding.limit && outstanding.head < w.length) {
    outstanding.n++;
    w[outstanding.head++]!();
  }
  if (outstanding.head > 1024 && outstanding.head * 2 > w.length) {
    outstanding.waiters = w.slice(outstanding.head);
    outstanding.head = 0;
  }
}

/** An answer could not be recorded since a run last read from the database: hand nothing more over. */
export function recordingFailed(): boolean {
  return outstanding.recordingFailed;
}

/** Set when an answer could not be recorded; cleared when a run has read from the database. */
export function setRecordingFailed(failed: boolean): void {
  outstanding.recordingFailed = failed;
}
