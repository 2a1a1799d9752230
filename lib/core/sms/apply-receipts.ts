// Delivery receipts in bulk. A campaign brings them by the thousand; one statement records a
// few hundred final receipts of single-part messages without callbacks (the part, an event and
// the message, as recordPartStatus would) whose "sms.status" subscribers need no transaction
// (an OTP's SMS does: its flow's job commits with the change). Everything else — multipart messages, reports to send,
// intermediate states, receipts that overtook their submit's commit — takes applyReceipt, one
// by one. Each receipt's promise settles when it is stored, so the carrier acknowledges the
// deliver_sm only then.
import type { Ctx } from "../context.ts";
import type { DeliveryReceipt } from "../ports/carrier.ts";
import { applyReceipt, type ReceiptOptions, type UnknownIds } from "./apply-receipt.ts";
import { isFinal, receiptStatus } from "./statuses.ts";

interface Pending {
  receipt: DeliveryReceipt;
  resolve: () => void;
  reject: (e: unknown) => void;
}

interface PartRow {
  id: string;
  smsc_message_id: string;
  status: string;
  parts: number;
  callback_url: string;
  message_id: string;
  account_id: string;
  campaign_id: string | null;
  label: string;
}

const MAX_BATCH = 500;
const WAIT_MS = 10;

export function receiptApplier(ctx: Ctx, options: ReceiptOptions = {}): (r: DeliveryReceipt) => Promise<void> {
  let queue: Pending[] = [];
  const unknownIds: UnknownIds = new Map();
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = queue;
    queue = [];
    if (batch.length) void applyBatch(ctx, batch, unknownIds, options);
  };
  return (receipt) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ receipt, resolve, reject });
      if (queue.length >= MAX_BATCH) flush();
      else timer ??= setTimeout(flush, WAIT_MS);
    });
}

async function applyBatch(ctx: Ctx, batch: Pending[], unknownIds: UnknownIds, options: ReceiptOptions): Promise<void> {
  const one = (p: Pending) => applyReceipt(ctx, p.receipt, unknownIds, options).then(p.resolve, p.reject);
  let rows: PartRow[];
  try {
    rows = (
      await ctx.sql.query<PartRow>(
        `SELECT p.id::text, p.smsc_message_id, p.status, m.parts, m.callback_url, m.id::text AS message_id, m.account_id::text, m.campaign_id::text, m.label
         FROM message_parts p JOIN messages m ON m.id = p.message_id
         WHERE p.smsc_message_id = ANY($1::text[]) AND ($2::uuid IS NULL OR p.connector_id = $2::uuid OR p.connector_id IS NULL)`,
        [batch.flatMap((p) => [p.receipt.smscMessageId, ...(p.receipt.alternateIds ?? [])]), options.connectorId ?? null],
      )
    ).rows;
  } catch {
    await Promise.all(batch.map(one));
    return;
  }
  const byId = new Map(rows.map((r) => [r.smsc_message_id, r]));
  // The id as sent, else its reading in the other base, for a part still waiting (message-id.ts).
  const partOf = (r: DeliveryReceipt) => byId.get(r.smscMessageId) ?? r.alternateIds?.map((a) => byId.get(a)).find((x) => x && !isFinal(x.status));
  const fast: { p: Pending; partId: string; row: PartRow; status: string; detailed: string; description: string }[] = [];
  const slow: Pending[] = [];
  for (const p of batch) {
    const row = partOf(p.receipt);
    const change = receiptStatus(p.receipt.stat, p.receipt.err);
    if (row && isFinal(row.status))
      p.resolve(); // a repeated receipt: already final
    else if (
      row &&
      row.parts === 1 &&
      !row.callback_url &&
      isFinal(change.status) &&
      change.status !== "Failed" &&
      change.status !== "Unsent" &&
      !ctx.events.needsTransaction("sms.status", statusEvent(row, change.status))
    )
      fast.push({ p, partId: row.id, row, status: change.status, detailed: change.detailedStatus, description: change.description });
    else slow.push(p);
  }
  const work: Promise<unknown>[] = slow.map(one);
  if (fast.length)
    work.push(
      ctx.sql
        .query<{ id: string }>(
          `WITH r AS (SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) AS r(id, status, detailed, description)),
           up AS (UPDATE message_parts p SET status = r.status, detailed_status = r.detailed, status_description = r.description, status_at = $5, done_at = $5
                  FROM r WHERE p.id = r.id AND p.status NOT IN ('Delivered', 'Undelivered', 'Failed', 'Unsent')
                  RETURNING p.id, p.message_id, r.status, r.detailed, r.description),
           ev AS (INSERT INTO message_events (id, message_id, part_id, status, detailed_status, description, at)
                  SELECT gen_random_uuid(), message_id, id, status, detailed, description, $5 FROM up)
           UPDATE messages m SET status = up.status, detailed_status = up.detailed, status_description = up.description, status_at = $5, final_at = $5
           FROM up WHERE m.id = up.message_id
           RETURNING up.id::text`,
          [fast.map((f) => f.partId), fast.map((f) => f.status), fast.map((f) => f.detailed), fast.map((f) => f.description), ctx.now()],
        )
        .then(
          async (r) => {
            const moved = new Set(r.rows.map((x) => x.id));
            for (const f of fast) if (moved.has(f.partId)) await ctx.events.publish(ctx, null, "sms.status", statusEvent(f.row, f.status));
            for (const f of fast) f.p.resolve();
          },
          // The bulk statement failed as a whole: each receipt tries again on its own.
          () => Promise.all(fast.map((f) => one(f.p))),
        ),
    );
  await Promise.all(work);
}

/** A single-part message's "sms.status" event: its status is its part's. */
function statusEvent(row: PartRow, status: string) {
  return { messageId: row.message_id, accountId: row.account_id, campaignId: row.campaign_id, label: row.label, status, final: isFinal(status) };
}
