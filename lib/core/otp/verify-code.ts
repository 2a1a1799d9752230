// POST /otp/failover/{flowId}/verify: compares an entered code with the flow's hash. Each try
// counts (atomically, so parallel guesses cannot exceed the limit); a verified, expired or
// exhausted code, or a flow that failed, is refused with its own error. A code verifies once:
// of two right answers at the same moment, one is told the code was already verified.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { codeMatches } from "./otp-code.ts";
import { findFlow } from "./get-flow.ts";

export async function verifyCode(ctx: Ctx, input: { accountId: string; flowId: string; code: string }) {
  const flow = await findFlow(ctx, input.accountId, input.flowId);
  if (flow.verifiedAt) fail("otpAlreadyVerified");
  if (flow.status === "Failed") fail("otpFlowFailed", { property: "code" });
  const now = ctx.now();
  if (flow.codeExpiresAt <= now) fail("otpCodeExpired", { property: "code" });
  const { rows } = await ctx.sql.query<{ attempts: number }>(
    `UPDATE otp_flows SET attempts = attempts + 1, updated_at = $2 WHERE id = $1::uuid AND attempts < max_attempts AND verified_at IS NULL AND status <> 'Failed' RETURNING attempts`,
    [flow.id, now],
  );
  if (!rows[0]) {
    // Refused by the update: say why as of now (a parallel right answer may have just verified it).
    const latest = await ctx.db.otpFlow.findUniqueOrThrow({ where: { id: flow.id } });
    if (latest.verifiedAt) fail("otpAlreadyVerified");
    if (latest.status === "Failed") fail("otpFlowFailed", { property: "code" });
    fail("otpTooManyAttempts", { property: "code" });
  }
  const verified = codeMatches(flow.id, input.code.trim(), flow.codeHash);
  if (verified) {
    // Only the first right answer sets it; the flow may also have failed since it was read.
    const { count } = await ctx.db.otpFlow.updateMany({ where: { id: flow.id, verifiedAt: null, status: { not: "Failed" } }, data: { verifiedAt: now } });
    if (count === 0) fail((await ctx.db.otpFlow.findUniqueOrThrow({ where: { id: flow.id } })).verifiedAt ? "otpAlreadyVerified" : "otpFlowFailed", { property: "code" });
  }
  await ctx.db.otpEvent.create({
    data: {
      flowId: flow.id,
      status: verified ? "verified" : "wrong code",
      description: verified ? "The code was verified" : `A wrong code was entered (try ${rows[0].attempts} of ${flow.maxAttempts})`,
      at: now,
    },
  });
  return {
    flowId: flow.id,
    verified,
    status: verified ? "Verified" : "Failed",
    attemptsLeft: verified ? 0 : Math.max(0, flow.maxAttempts - rows[0].attempts),
    expiresAt: flow.codeExpiresAt.toISOString(),
  };
}
