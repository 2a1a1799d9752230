// Database rows to API shapes. Answers never omit a documented field and use "" or 0 for
// nothing, because Routee's typed clients bind them to non-nullable fields.
import { fromMicros } from "../money.ts";
import type { ApplicationView } from "../schemas/applications.ts";

type AppRow = {
  id: string;
  name: string;
  scopes: string[];
  tokenTtl: number;
  callbackUrl: string;
  callbackStrategy: string;
  transcode: boolean;
  rateLimitPerSecond: number;
  secretHint: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

export const iso = (d: Date | null | undefined): string => (d ? d.toISOString() : "");

export function applicationToView(a: AppRow): ApplicationView {
  return {
    applicationId: a.id,
    name: a.name,
    scopes: a.scopes,
    tokenTtl: a.tokenTtl,
    callback: { url: a.callbackUrl, strategy: a.callbackStrategy },
    transcode: a.transcode,
    rateLimitPerSecond: a.rateLimitPerSecond,
    secretHint: a.secretHint,
    createdAt: iso(a.createdAt),
    lastUsedAt: iso(a.lastUsedAt),
    revokedAt: iso(a.revokedAt),
  };
}

type LedgerRow = {
  id: string;
  source: string;
  amountMicros: bigint;
  balanceBeforeMicros: bigint;
  balanceAfterMicros: bigint;
  createdAt: Date;
};

export function topUpToTransaction(e: LedgerRow) {
  const base = {
    amount: fromMicros(e.amountMicros),
    balanceBefore: fromMicros(e.balanceBeforeMicros),
    balanceAfter: fromMicros(e.balanceAfterMicros),
    date: iso(e.createdAt),
  };
  return {
    id: e.id,
    source: e.source,
    transactionType: "TopUp" as const,
    status: "Completed" as const,
    ...base,
    actions: [{ id: e.id, type: "Credit" as const, status: "Completed" as const, ...base }],
  };
}
