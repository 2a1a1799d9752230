// Moves a running campaign on from what its messages say: Sent once every recipient is a
// message and no part waits for the carrier, Finished once every message is final, Failed when
// nothing could be sent at all. Idempotent: batches, receipts and a sweep all call it.
import type { Ctx } from "../context.ts";
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
    if (s.failed === s.messages)
      return (await setCampaignState(ctx, tx, campaignId, ["Running", "Sent"], "Failed", "No message of the campaign could be sent"))?.state ?? c.state;
    let state = c.state;
    let at: Date | undefined;
    if (state === "Running") {
      const sent = await setCampaignState(ctx, tx, campaignId, ["Running"], "Sent", "Every message was handed to the carrier");
      state = sent?.state ?? state;
      at = sent?.stateAt;
    }
    if (state === "Sent" && s.open === 0)
      state = (await setCampaignState(ctx, tx, campaignId, ["Sent"], "Finished", "Every message has its final status", {}, at))?.state ?? state;
    return state;
  });
}

// Receipts arrive by the thousand; the campaigns they touch are looked at together, twice a
// second, instead of once per receipt. A crash loses nothing: the sweep job looks again.
const key = Symbol.for("switchboard.campaign-touch");
type G = typeof globalThis & { [key]?: { ids: Set<string>; timer: NodeJS.Timeout | null; ctx: Ctx | null } };

export function campaignTouched(ctx: Ctx, campaignId: string): void {
  const g = globalThis as G;
  const t = (g[key] ??= { ids: new Set(), timer: null, ctx: null });
  t.ids.add(campaignId);
  t.ctx = ctx;
  t.timer ??= setTimeout(async () => {
    const ids = [...t.ids];
    t.ids.clear();
    t.timer = null;
    for (const id of ids) await advanceCampaign(t.ctx!, id).catch(() => undefined);
  }, 500);
  t.timer.unref?.();
}
