// Job sms.expire (every minute): parts still waiting when their message's ttl has passed become
// Undelivered with detailed status Expired, as the spec's state table says.
//
// A carrier down for a day leaves thousands of messages to expire at once. Those that a change
// needs no more than a statement for (single-part messages: setWiseChange) are recorded a
// thousand per statement, reports included (record-statuses.ts); the rest (multipart messages,
// a pool's reports, OTP's SMS) one message per transaction through recordPartStatus.
import type { Ctx } from "../context.ts";
import { defineCronJob } from "../../jobs/job-shorthands.ts";
import { recordPartStatus } from "./record-part-status.ts";
import { changeOfRow, PART_ROW, recordStatuses, setWiseChange, type PartRow } from "./record-statuses.ts";
import { expired } from "./statuses.ts";

/** Expires the waiting parts of up to `limit` messages past their ttl; answers how many parts moved. */
export async function expireMessages(ctx: Ctx, limit = 1000): Promise<number> {
  const at = ctx.now();
  const { rows } = await ctx.sql.query<PartRow>(
    `SELECT ${PART_ROW}
       FROM (SELECT id FROM messages WHERE final_at IS NULL AND expires_at <= $1 ORDER BY expires_at LIMIT $2) due
       JOIN messages m ON m.id = due.id
       JOIN message_parts p ON p.message_id = m.id AND p.status IN ('Queued', 'Sent')`,
    [at, limit],
  );
  const fast: PartRow[] = [];
  const slow = new Map<string, string[]>(); // message id → its waiting parts
  for (const r of rows)
    if (setWiseChange(ctx, r, expired)) fast.push(r);
    else slow.set(r.message_id, [...(slow.get(r.message_id) ?? []), r.id]);
  const changes = fast.map((r) => changeOfRow(r, expired, at));
  let count = changes.length ? (await recordStatuses(ctx, changes, at)).size : 0;
  for (const partIds of slow.values())
    await ctx.db.$transaction(async (tx) => {
      for (const id of partIds) if (await recordPartStatus(ctx, tx, id, expired)) count += 1;
    });
  return count;
}

export const expireSms = defineCronJob("sms.expire", "* * * * *", { retryLimit: 1 }, async (ctx) => {
  while ((await expireMessages(ctx)) > 0) {
    /* drain in batches */
  }
});
