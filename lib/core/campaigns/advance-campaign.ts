// Moves a running campaign on from what its messages say: Sent once every recipient is a
// message and no part waits for the carrier, Finished once every message is final, Failed when
// nothing could be sent at all. Idempotent: batches, receipts and a sweep all call it.
import type { Ctx } from "../context.ts";
import type { Subscriber } from "../events.ts";
import { setCampaignState } from "./campaign-state.ts";

export async function advanceCampaign(ctx: Ctx, campaignId: string): Promise<string | null> {
  const c = await ctx.db.campaign.findUnique({ where: { id: campaignId }, select: { state: true, totalMessages: true } });
  if (!c || (c.state !== "Running" && c.state !== "Sent")) return c?.state ?? null;
  const { rows } = await ctx.sql.query<{ messages: number; open: number; failed: number; waiting: boolean }>(
    `SELECT count(*)::int AS messages,
            count(*) FILTER (WHERE final_at IS NULL)::int AS open,
            count(*) FILTER (WHERE status IN ('Failed', 'Unsent'))::int AS failed,
            EXISTS (SELECT 1 FROM message_parts p JOIN messages m ON m.id = p.message_id
                    WHERE m.campaign_id = $1::uuid AND p.status = 'Queued') AS waiting
     FROM messages WHERE campaign_id = $1::uuid`,
    [campaignId],
  );
  const s = rows[0];
  if (s.messages < c.totalMessages || s.waiting) return c.state;
  // Every recipient is a stored message past Queued: the answers its batches logged
  // (campaign_answer_groups, send-campaign-batch.ts) are no longer needed. Once, as it leaves Running:
  // receipts and the sweep call this again and again while it is Sent.
  if (c.state === "Running") await ctx.sql.query(`DELETE FROM campaign_answer_groups WHERE campaign_id = $1::uuid`, [campaignId]);
  return ctx.db.$transaction(async (tx) => {
    if (s.failed === s.messages) return (await setCampaignState(ctx, tx, campaignId, ["Running", "Sent"], "Failed", "No message of the campaign could be sent"))?.state ?? c.state;
    let state = c.state;
    let at: Date | undefined;
    if (state === "Running") {
      const sent = await setCampaignState(ctx, tx, campaignId, ["Running"], "Sent", "Every message was handed to the carrier");
      state = sent?.state ?? state;
      at = sent?.stateAt;
    }
    if (state === "Sent" && s.open === 0) state = (await setCampaignState(ctx, tx, campaignId, ["Sent"], "Finished", "Every message has its final status", {}, at))?.state ?? state;
    return state;
  });
}

// Receipts arrive by the thousand; the campaigns they touch are looked at together, twice a
// second, instead of once per receipt. A crash loses nothing: the sweep job looks again.
/** Subscriber of "sms.status": a campaign's message that turned final may finish its campaign. */
export function campaignProgress(): Subscriber<"sms.status"> {
  const ids = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let latest: Ctx | null = null;
  return {
    event: "sms.status",
    name: "campaign progress",
    handle(ctx, _tx, e) {
      if (!e.campaignId || !e.final) return;
      ids.add(e.campaignId);
      latest = ctx;
      timer ??= setTimeout(async () => {
        const touched = [...ids];
        ids.clear();
        timer = null;
        for (const id of touched) await advanceCampaign(latest!, id).catch(() => undefined);
      }, 500);
      timer.unref?.();
    },
  };
}
