// POST /sms/analyze/campaign: the same resolution as sending (recipients, countries, groups,
// blacklist, parts, cost) with nothing stored. A balance too small for the cost is 400001009,
// as the spec lists for this endpoint. Its refusals read as Routee's: one top-level
// "SMS contains invalid data", the reasons (errorCode 002, 004, 008) in errors[].
import type { Ctx } from "../context.ts";
import { DomainError, fail } from "../errors.ts";
import { buildCampaign, type BuildInput } from "./build-campaign.ts";

export async function analyzeCampaign(ctx: Ctx, input: BuildInput) {
  const built = await buildCampaign(ctx, input).catch((err: unknown) => {
    if (err instanceof DomainError && err.kind === "invalidSender" && err.details.errors?.length) throw new DomainError("invalidSender", { ...err.details, message: "SMS contains invalid data" });
    throw err;
  });
  const balance = await ctx.sql.query<{ balance_micros: string }>(`SELECT balance_micros::text FROM accounts WHERE id = $1`, [input.accountId]);
  if (!balance.rows[0]) fail("accountNotFound");
  if (BigInt(balance.rows[0].balance_micros) < built.costMicros) fail("insufficientBalance");
  return built;
}
