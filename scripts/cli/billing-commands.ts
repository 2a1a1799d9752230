// The command line's billing details: what GET /accounts/me/banks answers customers (the
// provider's details and the bank accounts they pay top-ups into).
import fs from "node:fs";
import type { Ctx } from "../../lib/core/context.ts";
import { fail } from "../../lib/core/errors.ts";
import { readBillingDetails, saveBillingDetails } from "../../lib/core/billing/billing-details.ts";
import { billingDetails } from "../../lib/schemas/billing.ts";

export const billingUsage = `  billing show                                  (the details and bank accounts customers see at GET /accounts/me/banks)
  billing set --json '{"name": "…", "banks": [{"name": "…", "iban": "…", "swiftCode": "…", "currency": "EUR", "beneficiary": "…"}]}'
  billing set --file details.json              (replaces them all; "banks": [] removes every bank account)`;

export async function billingCommand(ctx: Ctx, sub: string | undefined, flags: Record<string, string | undefined>): Promise<Record<string, unknown>> {
  if (sub === "show") return readBillingDetails(ctx);
  if (sub !== "set") fail("validation", { message: `Unknown billing command.\n${billingUsage}` });
  const text = flags.json ?? (flags.file ? fs.readFileSync(flags.file, "utf8") : undefined);
  if (text === undefined) fail("validation", { message: `billing set needs --json or --file.\n${billingUsage}`, property: "json" });
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    fail("validation", { message: "--json is not valid JSON.", property: "json" });
  }
  const parsed = billingDetails.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const property = issue.path.join(".");
    fail("validation", { message: `${property || "details"}: ${issue.message}`, property });
  }
  return saveBillingDetails(ctx, parsed.data);
}
