// The claim loops of one TableWork (job.ts) in a worker process: `batchesInFlight` lanes, each
// claiming up to `batchSize` due rows and handing them to the work's handler, again at once while
// claims come back full, otherwise resting until woken (ctx.wake in this process) or for the
// polling interval (rows due from other processes and retries coming due). Leases of rows still in
// hand are renewed every quarter of the lease; a stop waits for the batches in hand and makes
// what it could not wait for due at once, for another worker.
import type { Ctx } from "../core/context.ts";
import { log } from "../log/logger.ts";
import type { TableWork } from "./job.ts";
import { ClaimLoop } from "./claim-loop.ts";

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

export class TableLoop<R> extends ClaimLoop {
  private lanes: Promise<void>[] = [];
  /** The batches in hand (claimed, outcome not yet stored). */
  private inHand = new Set<R[]>();
  private timer: NodeJS.Timeout | undefined;
  private renewing = false;

  constructor(
    private ctx: Ctx,
    private d: TableWork<R>,
    private intervalMs: number,
  ) {
    super();
  }

  start(): void {
    for (let i = 0; i < Math.max(1, this.d.batchesInFlight); i++) this.lanes.push(this.lane());
    const every = (this.d.leaseSeconds * 1000) / 4;
    this.timer = setInterval(() => void this.renew(), every);
    this.timer.unref();
  }

  async finished(): Promise<void> {
    await Promise.all(this.lanes);
    clearInterval(this.timer);
  }

  /** After a stop that could not wait: the rows still in hand become due at once. */
  async releaseInHand(): Promise<void> {
    clearInterval(this.timer);
    const rows = [...this.inHand].flat();
    this.inHand.clear();
    if (rows.length) await this.d.release(this.ctx, rows).catch((err) => log("warn", "could not hand back claimed rows", { work: this.d.name, error: message(err) }));
  }

  private async lane(): Promise<void> {
    const { d, ctx } = this;
    while (!this.stopping) {
      this.rest.begin();
      let rows: R[];
      try {
        rows = await d.claim(ctx, d.batchSize, d);
      } catch (err) {
        log("error", "job engine error", { work: d.name, error: message(err) });
        await this.idle(this.intervalMs);
        continue;
      }
      if (rows.length) {
        this.inHand.add(rows);
        try {
          await d.handle(ctx, rows, d);
        } catch (err) {
          // Their outcome was not stored: they come due again when their lease runs out.
          log("error", "job failed", { work: d.name, rows: rows.length, error: message(err) });
        } finally {
          this.inHand.delete(rows);
        }
      }
      if (rows.length < d.batchSize) await this.idle(this.intervalMs);
    }
  }

  private async renew(): Promise<void> {
    if (this.renewing || !this.inHand.size) return;
    this.renewing = true;
    try {
      await this.d.renew(this.ctx, [...this.inHand].flat(), this.d);
    } catch (err) {
      log("warn", "job lease renewal failed", { work: this.d.name, error: message(err) });
    } finally {
      this.renewing = false;
    }
  }
}
