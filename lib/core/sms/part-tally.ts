// Parts counted for the metrics as a batch records them: a map increment per part in memory,
// handed to ctx.metrics once per batch (one call per outcome, connector and country).
import type { Metrics, PartOutcome } from "../ports/metrics.ts";
import type { StatusChange } from "./statuses.ts";

/** The outcome a part's status change counts as, or null (Queued: nothing happened yet). */
export function outcomeOf(change: Pick<StatusChange, "status" | "detailedStatus">): PartOutcome | null {
  switch (change.status) {
    case "Sent":
      return "submitted";
    case "Delivered":
      return "delivered";
    case "Undelivered":
      return change.detailedStatus === "Expired" ? "expired" : "undelivered";
    case "Failed":
    case "Unsent":
      return "failed";
    default:
      return null;
  }
}

/** Counts of a batch by outcome, connector and country, until flushed to the metrics. */
export class PartTally {
  private readonly counts = new Map<string, { outcome: PartOutcome; connectorId: string | null; country: string; n: number }>();

  add(outcome: PartOutcome | null, connectorId: string | null | undefined, country: string | undefined): void {
    if (!outcome) return;
    const key = `${outcome}|${connectorId ?? ""}|${country ?? ""}`;
    const c = this.counts.get(key);
    if (c) c.n += 1;
    else this.counts.set(key, { outcome, connectorId: connectorId ?? null, country: country ?? "", n: 1 });
  }

  flush(metrics: Metrics): void {
    for (const c of this.counts.values()) metrics.parts(c.outcome, c.connectorId, c.country, c.n);
    this.counts.clear();
  }
}
