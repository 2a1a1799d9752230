// Flags parts that may have reached the SMSC more than once (message_parts.possible_duplicate):
// their submit_sm went out without an answer we recorded — a lost submit_sm_resp, a connection
// that dropped, or a worker that died or stalled with them in flight — and they are (or will be)
// sent again. Kannel and Jasmin also resend after a crash; here the copies are bounded by the
// binds × window in flight and the recipients concerned are known.
import type { Ctx } from "../context.ts";

export async function markPossibleDuplicates(ctx: Ctx, partIds: string[]): Promise<void> {
  if (partIds.length === 0) return;
  await ctx.sql.query(`UPDATE message_parts SET possible_duplicate = true WHERE id = ANY($1::uuid[]) AND NOT possible_duplicate`, [partIds]);
}
