// Moves a running campaign on from what its messages say: Sent once every recipient is a
// message and no part waits for the carrier, Finished once every message is final, Failed when
// nothing could be sent at all. Idempotent: batches, receipts and a sweep all call it.
import type { Ctx } from "../context.ts";
import type { Subscriber } from "../events.ts";
import { setCampaignState } from "./campaign-state.ts";
import { log } from "../../log/logger.ts";

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
// second, instead of once per receipt. A look that fails (a busy database) is tried again a
// second later, and a change published inside its transaction, which may not have committed when
// the look runs, is looked at once more three seconds on. A crash loses nothing: the sweep job
// looks again every minute.
const LOOK_MS = 500;
const RETRY_MS = 1000;
const SECOND_LOOK_MS = 3000;

/** Subscriber of "sms.status": a campaign's message that turned final may finish its campaign. */
export function campaignProgress(): Subscriber<"sms.status"> {
  const due = new Map<string, number>();
  let timer: NodeJS.Timeout | null = null;
  let latest: Ctx | null = null;
  const plan = (id: string, ms: number) => {
    const at = Date.now() + ms;
    if ((due.get(id) ?? Infinity) > at) due.set(id, at);
    schedule();
  };
  const schedule = () => {
    if (timer || due.size === 0) return;
    timer = setTimeout(look, Math.max(0, Math.min(...due.values()) - Date.now()));
    timer.unref?.();
  };
  const look = async () => {
    const now = Date.now();
    const ready = [...due].filter(([, at]) => at <= now).map(([id]) => id);
    for (const id of ready) due.delete(id);
    for (const id of ready)
      await advanceCampaign(latest!, id).catch((e: unknown) => {
        log("warn", "campaign progress: looking again in a second", { campaignId: id, error: e instanceof Error ? e.message : String(e) });
        plan(id, RETRY_MS);
      });
    timer = null;
    schedule();
  };
  return {
    event: "sms.status",
    name: "campaign progress",
    handle(ctx, tx, e) {
      if (!e.campaignId || !e.final) return;
      latest = ctx;
      plan(e.campaignId, LOOK_MS);
      if (tx) setTimeout(() => plan(e.campaignId!, 0), SECOND_LOOK_MS).unref?.();
    },
  };
}
