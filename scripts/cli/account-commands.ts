// The operator's account commands of the command line: suspend and reactivate an account, and
// its own price list (run-command.ts parses the shared flags and hands these over).
import type { Ctx } from "../../lib/core/context.ts";
import { DomainError, fail } from "../../lib/core/errors.ts";
import { isUuid } from "../../lib/ids.ts";
import { toMicros } from "../../lib/money.ts";
import { suspendAccount } from "../../lib/core/accounts/suspend-account.ts";
import { resumeAccount } from "../../lib/core/accounts/resume-account.ts";
import { listAccountPrices, setAccountPrice } from "../../lib/core/prices/account-prices.ts";
import { accountRetention, setAccountRetention } from "../../lib/core/retention/retention-policy.ts";
import { getAccount } from "../../lib/core/accounts/get-account.ts";

export const accountUsage = `  account suspend --id ID [--reason R]        (its tokens and users are refused, its campaigns pause)
  account resume --id ID                       (its campaigns go on where they stopped)
  account price set --id ID --country GR [--network 20201] --price P   (the account's own price per part, in its currency)
  account price list --id ID
  account retention set --id ID --days N|default   (days its messages, callbacks and emails are kept: 7 to 3650, or the platform's RETENTION_DAYS)
  account retention show --id ID`;

export async function accountCommand(ctx: Ctx, positionals: string[], flags: Record<string, string | undefined>): Promise<Record<string, unknown>> {
  const accountId = flags.id;
  if (!accountId) fail("validation", { message: "--id is required (the account's id).", property: "id" });
  if (!isUuid(accountId)) fail("accountNotFound", { message: `--id ${accountId} is not a known account id.`, property: "id" });
  switch (positionals.slice(1, 3).join(" ")) {
    case "suspend": {
      const r = await suspendAccount(ctx, { accountId, reason: flags.reason });
      return { accountId, state: r.state, ...(r.reason ? { reason: r.reason } : {}) };
    }
    case "resume": {
      const r = await resumeAccount(ctx, { accountId });
      return { accountId, state: r.state, resumedJobs: r.resumedJobs };
    }
    case "price set": {
      const price = flags.price;
      if (!price) fail("validation", { message: "--price is required (per SMS part, in the account's currency).", property: "price" });
      let priceMicros: bigint;
      try {
        priceMicros = toMicros(price);
      } catch {
        fail("validation", { message: "--price must be an amount like 0.035.", property: "price" });
      }
      const { currency: _currency, ...row } = await setAccountPrice(ctx, { accountId, country: flags.country ?? "", network: flags.network, priceMicros });
      return row;
    }
    case "retention set": {
      const days = flags.days;
      if (!days) fail("validation", { message: "--days is required: a number of days, or default for the platform's.", property: "days" });
      if (days !== "default" && !/^\d+$/.test(days)) fail("validation", { message: "--days must be a whole number of days, or default.", property: "days" });
      return { ...(await setAccountRetention(ctx, accountId, days === "default" ? null : Number(days))) };
    }
    case "retention show":
      await getAccount(ctx, accountId);
      return { ...(await accountRetention(ctx, accountId)) };
    case "price list":
      return { accountId, prices: (await listAccountPrices(ctx, accountId)).map(({ country, network, networkName, price, systemPrice }) => ({ country, network, networkName, price, systemPrice })) };
    default:
      throw new DomainError("validation", { message: `Unknown command "${positionals.join(" ")}".\n${accountUsage}` });
  }
}
