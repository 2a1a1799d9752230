// POST /numbers/my: rents a catalogue number to the account. In one transaction the activation
// and the first month are charged (two ledger entries), the rental is stored with its next
// renewal a month ahead, and the event is kept. One account per number: msisdn is unique.
import crypto from "node:crypto";
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { chargeAccount } from "../accounts/charge-account.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { catalogueColumns, fixRow } from "./list-available-numbers.ts";
import { rentedNumberResource, type CatalogueRow } from "../../schemas/numbers-serializers.ts";
import { normalizeMsisdn } from "./normalize-msisdn.ts";
import { numberCosts } from "./number-costs.ts";
import { checkNumberCallbacks, type NumberCallbacks } from "./number-callbacks.ts";
import { addMonth } from "./add-month.ts";
import { formatMoney } from "../../money.ts";

export interface RentNumberInput extends NumberCallbacks {
  accountId: string;
  msisdn: string;
}

export async function catalogueRow(ctx: Ctx, msisdn: string): Promise<CatalogueRow | null> {
  const { rows } = await ctx.sql.query<CatalogueRow>(`SELECT ${catalogueColumns} FROM available_numbers WHERE msisdn = $1`, [msisdn]);
  return rows[0] ? fixRow(rows[0]) : null;
}

export async function rentNumber(ctx: Ctx, input: RentNumberInput) {
  const msisdn = normalizeMsisdn(input.msisdn);
  if (!msisdn) fail("validation", { message: "msisdn must be a number in E.164 format, like +12125550123.", property: "msisdn", properties: { msisdn: "Invalid number" } });
  const callbacks = checkNumberCallbacks(input, ctx.config.allowPrivateCallbackUrls);
  const row = await catalogueRow(ctx, msisdn);
  if (!row) fail("numberNotAvailable", { property: "msisdn" });
  const holder = await ctx.db.rentedNumber.findUnique({ where: { msisdn }, select: { accountId: true } });
  if (holder) fail(holder.accountId === input.accountId ? "numberAlreadyRented" : "numberTaken", { property: "msisdn" });
  const account = await ctx.db.account.findUnique({ where: { id: input.accountId }, select: { currency: true } });
  if (!account) fail("accountNotFound");
  const costs = numberCosts(row, account.currency);
  const now = ctx.now();
  const id = crypto.randomUUID();
  try {
    const rented = await ctx.db.$transaction(async (tx) => {
      const created = await tx.rentedNumber.create({
        data: {
          id,
          accountId: input.accountId,
          msisdn,
          ...callbacks,
          currency: account.currency,
          monthlyMicros: costs.monthlyMicros,
          activationMicros: costs.activationMicros,
          rentedAt: now,
          nextRenewal: addMonth(now),
        },
      });
      if (costs.activationMicros > 0n)
        await chargeAccount(tx, { accountId: input.accountId, amountMicros: costs.activationMicros, description: `Activation of number ${msisdn}`, reference: id, at: now });
      await chargeAccount(tx, { accountId: input.accountId, amountMicros: costs.monthlyMicros, description: `Monthly rent of number ${msisdn} (first month)`, reference: id, at: now });
      const total = costs.activationMicros + costs.monthlyMicros;
      await tx.numberEvent.create({
        data: { accountId: input.accountId, msisdn, kind: "Rented", description: `Rented for ${formatMoney(total, account.currency)} (activation and first month)`, amountMicros: total, at: now },
      });
      return created;
    });
    return rentedNumberResource(rented, row, "object");
  } catch (err) {
    if (isUniqueViolation(err)) {
      const h = await ctx.db.rentedNumber.findUnique({ where: { msisdn }, select: { accountId: true } });
      fail(h?.accountId === input.accountId ? "numberAlreadyRented" : "numberTaken", { property: "msisdn" });
    }
    throw err;
  }
}
