// Delivery receipts in bulk. A campaign brings them by the thousand; one statement records a
// few hundred final receipts of single-part messages (the part, an event, the message, and the
// delivery report its callback asks for, enqueued in the statement's transaction: record-statuses.ts)
// whose "sms.status" subscribers need no transaction (an OTP's SMS does: its flow's job commits
// with the change). A receipt whose part is not found yet (it overtook the commit of its submit's
// answer) joins later batches for a few hundred milliseconds. Everything else — multipart
// messages, refunds (Failed), intermediate states, a pool's reports, parts still not found — takes
// applyReceipt, one by one. Each receipt's promise settles when it is stored, so the carrier
// acknowledges the deliver_sm only then.
import type { Ctx } from "../context.ts";
import type { DeliveryReceipt } from "../ports/carrier.ts";
import { applyReceipt, type ReceiptOptions, type UnknownIds } from "./apply-receipt.ts";
import { isFinal, receiptStatus, type StatusChange } from "./statuses.ts";
import { changeOfRow, PART_ROW, recordStatuses, setWiseChange, type PartRow } from "./record-statuses.ts";

interface Pending {
  receipt: DeliveryReceipt;
  resolve: () => void;
  reject: (e: unknown) => void;
  /** Batches that found no part for it yet. */
  misses?: number;
}

const MAX_BATCH = 500;
// Receipts come in a stream as their submits do: a few dozen per statement rather than a few.
const WAIT_MS = 25;
/**
 * A receipt can overtake the commit of its part's Sent (a batch of Sent answers being written): it
 * joins a later batch after these waits, and is looked up one by one (applyReceipt) only after.
 */
const MISSED_WAITS_MS = [20, 50, 100, 200];

export function receiptApplier(ctx: Ctx, options: ReceiptOptions = {}): (r: DeliveryReceipt) => Promise<void> {
  let queue: Pending[] = [];
  const unknownIds: UnknownIds = new Map();
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = queue;
    queue = [];
    if (batch.length) void applyBatch(ctx, batch, unknownIds, options, later);
  };
  const add = (p: Pending) => {
    queue.push(p);
    if (queue.length >= MAX_BATCH) flush();
    else timer ??= setTimeout(flush, WAIT_MS);
  };
  const later = (p: Pending, ms: number) => void setTimeout(() => add(p), ms);
  return (receipt) => new Promise<void>((resolve, reject) => add({ receipt, resolve, reject }));
}

async function applyBatch(ctx: Ctx, batch: Pending[], unknownIds: UnknownIds, options: ReceiptOptions, later: (p: Pending, ms: number) => void): Promise<void> {
  // Receipts stored by this batch, counted once when it is done.
  let applied = 0;
  const one = (p: Pending) =>
    applyReceipt(ctx, p.receipt, unknownIds, options).then(() => {
      applied += 1;
      p.resolve();
    }, p.reject);
  let rows: PartRow[];
  try {
    rows = (
      await ctx.sql.query<PartRow>(
        `SELECT ${PART_ROW}
         FROM message_parts p JOIN messages m ON m.id = p.message_id
         WHERE p.smsc_message_id = ANY($1::text[]) AND ($2::uuid IS NULL OR p.connector_id = $2::uuid OR p.connector_id IS NULL)`,
        [batch.flatMap((p) => [p.receipt.smscMessageId, ...(p.receipt.alternateIds ?? [])]), options.connectorId ?? null],
      )
    ).rows;
  } catch {
    await Promise.all(batch.map(one));
    ctx.metrics.receiptsApplied(applied);
    return;
  }
  const byId = new Map(rows.map((r) => [r.smsc_message_id, r]));
  // The id as sent, else its reading in the other base, for a part still waiting (message-id.ts).
  const partOf = (r: DeliveryReceipt) => byId.get(r.smscMessageId) ?? r.alternateIds?.map((a) => byId.get(a)).find((x) => x && !isFinal(x.status));
  const fast: { p: Pending; row: PartRow; change: StatusChange }[] = [];
  // A receipt the SMSC repeated within the batch is settled with the first: one change per part.
  const repeats = new Map<string, Pending[]>();
  const slow: Pending[] = [];
  for (const p of batch) {
    const row = partOf(p.receipt);
    const change = receiptStatus(p.receipt.stat, p.receipt.err);
    const misses = p.misses ?? 0;
    if (row && isFinal(row.status))
      p.resolve(); // a repeated receipt: already final
    else if (!row && misses < MISSED_WAITS_MS.length && !unknownIds.has(p.receipt.smscMessageId)) {
      p.misses = misses + 1;
      later(p, MISSED_WAITS_MS[misses]!);
    } else if (row && setWiseChange(ctx, row, change))
      if (repeats.has(row.id)) repeats.get(row.id)!.push(p);
      else {
        repeats.set(row.id, []);
        fast.push({ p, row, change });
      }
    else slow.push(p);
  }
  const work: Promise<unknown>[] = slow.map(one);
  if (fast.length) {
    const at = ctx.now();
    const changes = fast.map(({ row, change }) => changeOfRow(row, change, at, options.connectorId ?? null));
    work.push(
      recordStatuses(ctx, changes, at).then(
        () => {
          applied += fast.length;
          for (const f of fast) for (const p of [f.p, ...repeats.get(f.row.id)!]) p.resolve();
        },
        // The bulk statement failed as a whole: each receipt tries again on its own.
        () => Promise.all(fast.flatMap((f) => [f.p, ...repeats.get(f.row.id)!].map(one))),
      ),
    );
  }
  await Promise.all(work);
  if (applied) ctx.metrics.receiptsApplied(applied);
}
