// The balance never changes without a ledger row, and concurrent charges never overdraw.
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/test-db.ts";
import { createAccount } from "./create-account.ts";
import { topUpAccount } from "./top-up-account.ts";
import { chargeAccount } from "./charge-account.ts";
import { DomainError } from "../errors.ts";
import { toMicros } from "../../money.ts";

const db = useTestDatabase();

describe("account ledger", () => {
  it("records an opening balance and every top-up with before and after", async () => {
    const ctx = db.ctx();
    const account = await createAccount(ctx, { name: "Ledger Co", balance: 5 });
    await topUpAccount(ctx, { accountId: account.id, amountMicros: toMicros("0.000001") });
    const rows = await ctx.db.ledgerEntry.findMany({ where: { accountId: account.id }, orderBy: { createdAt: "asc" } });
    expect(rows.map((r) => r.amountMicros)).toEqual([5_000_000n, 1n]);
    expect(rows[1].balanceBeforeMicros).toBe(5_000_000n);
    expect(rows[1].balanceAfterMicros).toBe(5_000_001n);
  });

  it("refuses a charge larger than the balance with 400001009 and changes nothing", async () => {
    const ctx = db.ctx();
    const account = await createAccount(ctx, { name: "Short Co", balance: 1 });
    const attempt = ctx.db.$transaction((tx) => chargeAccount(tx, { accountId: account.id, amountMicros: toMicros(2), description: "too much", at: new Date() }));
    await expect(attempt).rejects.toMatchObject({ kind: "insufficientBalance", code: "400001009" });
    const after = await ctx.db.account.findUniqueOrThrow({ where: { id: account.id } });
    expect(after.balanceMicros).toBe(1_000_000n);
    expect(await ctx.db.ledgerEntry.count({ where: { accountId: account.id, kind: "Charge" } })).toBe(0);
  });

  it("lets concurrent charges spend exactly the balance and no more; the ledger sums to the balance", async () => {
    const ctx = db.ctx();
    const account = await createAccount(ctx, { name: "Race Co", balance: 1 });
    const price = toMicros("0.03"); // 33 charges fit into 1.00, the 34th does not
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => ctx.db.$transaction((tx) => chargeAccount(tx, { accountId: account.id, amountMicros: price, description: `sms ${i}`, at: new Date() }))),
    );
    const ok = results.filter((r) => r.status === "fulfilled").length;
    const refused = results.filter((r) => r.status === "rejected");
    expect(ok).toBe(33);
    expect(refused.every((r) => (r as PromiseRejectedResult).reason instanceof DomainError)).toBe(true);
    const after = await ctx.db.account.findUniqueOrThrow({ where: { id: account.id } });
    expect(after.balanceMicros).toBe(1_000_000n - 33n * price);
    const entries = await ctx.db.ledgerEntry.findMany({ where: { accountId: account.id } });
    expect(entries.reduce((s, e) => s + e.amountMicros, 0n)).toBe(after.balanceMicros);
  });
});
