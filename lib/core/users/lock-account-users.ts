// Inside a transaction: locks the account's row, so changes to its users run one at a time, and
// reads its users. Used by the role change and removal, which must never leave no owner.
import type { Tx } from "../context.ts";
import { fail } from "../errors.ts";
import { txSql } from "../../db/tx-sql.ts";

export async function lockAccountUsers(tx: Tx, accountId: string) {
  const locked = await txSql(tx).query<{ id: string }>(`SELECT id FROM accounts WHERE id = $1::uuid FOR UPDATE`, [accountId]);
  if (locked.rows.length === 0) fail("accountNotFound");
  const users = await tx.user.findMany({
    where: { accountId },
    select: { id: true, email: true, name: true, role: true, createdAt: true, lastLoginAt: true },
  });
  return { users };
}
