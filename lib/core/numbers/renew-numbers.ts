// The monthly renewal: every rented number whose nextRenewal has come is charged its monthly
// cost and moved a month on, or, when the balance cannot pay, released — taken out of its pool
// and given back to the catalogue — with a number event that says why. One transaction per
// number; the row lock (FOR UPDATE SKIP LOCKED) lets several workers share the work.
import type { Ctx } from "../context.ts";
import { defineCronJob } from "../../jobs/job-shorthands.ts";
import { DomainError } from "../errors.ts";
import { chargeAccount } from "../accounts/charge-account.ts";
import { formatMoney } from "../../money.ts";
import { addMonth } from "./add-month.ts";
import { txSql } from "../../db/tx-sql.ts";
import { log } from "../../log/logger.ts";

export type RenewalOutcome = { msisdn: string; accountId: string; outcome: "Renewed" | "Released"; description: string };

export async function renewNumbers(ctx: Ctx, limit = 500): Promise<RenewalOutcome[]> {
  const now = ctx.now();
  const due = await ctx.db.rentedNumber.findMany({ where: { nextRenewal: { lte: now } }, select: { id: true }, orderBy: { nextRenewal: "asc" }, take: limit });
  const outcomes: RenewalOutcome[] = [];
  for (const { id } of due) {
    const outcome = await ctx.db.$transaction(async (tx): Promise<RenewalOutcome | null> => {
      const locked = await txSql(tx).query(`SELECT id FROM rented_numbers WHERE id = $1::uuid AND next_renewal <= $2 FOR UPDATE SKIP LOCKED`, [id, now]);
      if (locked.rows.length === 0) return null;
      const n = await tx.rentedNumber.findUniqueOrThrow({ where: { id } });
      const amount = formatMoney(n.monthlyMicros, n.currency);
      try {
        // A short balance throws before anything is written, so the transaction goes on.
        await chargeAccount(tx, { accountId: n.accountId, amountMicros: n.monthlyMicros, description: `Monthly rent of number ${n.msisdn}`, reference: n.id, at: now });
        const next = addMonth(n.nextRenewal);
        await tx.rentedNumber.update({ where: { id }, data: { nextRenewal: next } });
        const description = `Renewed for ${amount} until ${next.toISOString().slice(0, 10)}`;
        await tx.numberEvent.create({ data: { accountId: n.accountId, msisdn: n.msisdn, kind: "Renewed", description, amountMicros: n.monthlyMicros, at: now } });
        return { msisdn: n.msisdn, accountId: n.accountId, outcome: "Renewed", description };
      } catch (err) {
        if (!(err instanceof DomainError) || err.kind !== "insufficientBalance") throw err;
        const { balanceMicros } = await tx.account.findUniqueOrThrow({ where: { id: n.accountId }, select: { balanceMicros: true } });
        const description = `Released: the balance of ${formatMoney(balanceMicros, n.currency)} did not cover the monthly rent of ${amount}`;
        await tx.poolNumber.deleteMany({ where: { msisdn: n.msisdn } });
        await tx.poolStickySender.deleteMany({ where: { msisdn: n.msisdn } });
        await tx.rentedNumber.delete({ where: { id } });
        await tx.numberEvent.create({ data: { accountId: n.accountId, msisdn: n.msisdn, kind: "Released", description, amountMicros: 0n, at: now } });
        return { msisdn: n.msisdn, accountId: n.accountId, outcome: "Released", description };
      }
    });
    if (outcome) {
      outcomes.push(outcome);
      log(outcome.outcome === "Released" ? "warn" : "info", `number ${outcome.outcome.toLowerCase()}`, outcome);
    }
  }
  return outcomes;
}

export const renewNumbersJob = defineCronJob("numbers.renew", "*/10 * * * *", { retryLimit: 2, expireInSeconds: 600 }, (ctx) => renewNumbers(ctx));
