// Replays one callback: a new attempt of the same callback (same id, so the same webhook-id and
// receivers drop repeats), signed with the account's current secret when it goes out, its
// attempts marked as a replay by whom. Another account's callback is a 404; one still on its way
// is a 409.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { deliverCallback } from "./deliver-callback.ts";
import { findOwnCallback } from "./read-delivery.ts";

/** Stored states of a callback still on its way (a replay would send it twice at once). */
export const inFlightStates = ["pending", "queued", "sending"];

export async function replayCallback(ctx: Ctx, input: { accountId: string; id: string; by: string }) {
  const cb = await findOwnCallback(ctx, input.accountId, input.id);
  const busy = () => fail("conflict", { message: "This callback is still being delivered; replay it once it has ended.", property: "id" });
  if (inFlightStates.includes(cb.state)) busy();
  // Due now, with a new round of retries (deliver-callback.ts).
  const { rows } = await ctx.sql.query(
    `UPDATE callbacks SET state = 'pending', replayed_by = $3, completed_at = NULL, due_at = now(), round_from = attempts
      WHERE id = $1::uuid AND state = $2 RETURNING id`,
    [cb.id, cb.state, input.by],
  );
  if (!rows.length) busy();
  ctx.wake(deliverCallback);
  return { id: cb.id, state: "pending" as const, replayedBy: input.by };
}
