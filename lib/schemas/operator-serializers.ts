// Accounts, users and ledger rows to the operator console's views (lib/schemas/operator.ts).
import { iso } from "./iso.ts";
import { fromMicros } from "../money.ts";
import { accountState } from "../core/accounts/suspension.ts";
import type { LedgerEntryView, OperatorAccountDetail, OperatorAccountView } from "./operator.ts";
import type { Role } from "../db/generated/enums.ts";

type AccountRow = { id: string; name: string; currency: string; balanceMicros: bigint; suspendedAt: Date | null; suspendedReason: string; createdAt: Date };

export function toOperatorAccountView(a: AccountRow, extra: { users: number; sent24h: number; sent7d: number }): OperatorAccountView {
  return {
    id: a.id,
    name: a.name,
    currency: a.currency,
    balance: fromMicros(a.balanceMicros),
    state: accountState(a),
    suspendedAt: iso(a.suspendedAt),
    suspendedReason: a.suspendedReason,
    createdAt: iso(a.createdAt),
    ...extra,
  };
}

type UserRow = { id: string; email: string; name: string; role: Role; platformAdmin: boolean; lastLoginAt: Date | null };

export function toOperatorAccountDetail(o: { account: AccountRow; users: UserRow[]; sent24h: number; sent7d: number; openCampaigns: number; parkedJobs: number }): OperatorAccountDetail {
  return {
    ...toOperatorAccountView(o.account, { users: o.users.length, sent24h: o.sent24h, sent7d: o.sent7d }),
    userList: o.users.map((u) => ({ id: u.id, email: u.email, name: u.name, role: u.role, platformAdmin: u.platformAdmin, lastLoginAt: iso(u.lastLoginAt) })),
    openCampaigns: o.openCampaigns,
    parkedJobs: o.parkedJobs,
  };
}

export function toLedgerEntryView(e: { id: string; kind: string; source: string; description: string; amountMicros: bigint; balanceAfterMicros: bigint; createdAt: Date }): LedgerEntryView {
  return { id: e.id, kind: e.kind, source: e.source, description: e.description, amount: fromMicros(e.amountMicros), balanceAfter: fromMicros(e.balanceAfterMicros), createdAt: iso(e.createdAt) };
}
