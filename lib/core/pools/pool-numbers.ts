// Which rented numbers a pool holds. A number joins one pool at most and only its own account's.
import type { Ctx, Tx } from "../context.ts";
import { fail } from "../errors.ts";
import { normalizeMsisdn } from "../numbers/normalize-msisdn.ts";

export async function poolNumberList(db: Ctx["db"] | Tx, poolId: string): Promise<string[]> {
  const rows = await db.poolNumber.findMany({ where: { poolId }, orderBy: { addedAt: "asc" }, select: { msisdn: true } });
  return rows.map((r) => r.msisdn);
}

/** Checks the numbers can join pool `poolId` of `accountId`; answers them in E.164. */
export async function checkJoinable(db: Ctx["db"] | Tx, accountId: string, poolId: string | null, input: string[]): Promise<string[]> {
  const msisdns = [...new Set(input.map((m) => normalizeMsisdn(m) ?? fail("validation", { message: `${m} is not a phone number.`, property: "numbers" })))];
  if (!msisdns.length) return [];
  const rented = await db.rentedNumber.findMany({ where: { msisdn: { in: msisdns }, accountId }, select: { msisdn: true } });
  const mine = new Set(rented.map((r) => r.msisdn));
  const missing = msisdns.filter((m) => !mine.has(m));
  if (missing.length) fail("numberNotFound", { message: `You do not rent ${missing.join(", ")}.`, property: missing });
  await requireNotInOtherPool(db, poolId, msisdns);
  return msisdns;
}

/**
 * None of the numbers is in a pool other than `poolId`. Checked again inside the transaction that
 * adds them (after an insert that skips numbers already in a pool): a request adding the same
 * number to another pool may have got in between, and the skipped insert would hide it.
 */
export async function requireNotInOtherPool(db: Ctx["db"] | Tx, poolId: string | null, msisdns: string[]): Promise<void> {
  if (!msisdns.length) return;
  const taken = await db.poolNumber.findMany({ where: { msisdn: { in: msisdns }, ...(poolId ? { NOT: { poolId } } : {}) }, select: { msisdn: true, poolId: true } });
  if (taken.length) fail("numberInOtherPool", { message: `${taken.map((t) => `${t.msisdn} is in pool ${t.poolId}`).join("; ")}.`, property: taken.map((t) => t.msisdn) });
}
