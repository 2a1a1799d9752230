// Every account of the platform for the operator console, newest first: balance, state, users,
// and the parts each sent in the last 24 hours and 7 days (reports/parts-sent.ts: the rollup
// where it has the hours, so a page costs a few index lookups whatever the traffic).
import type { Ctx } from "../context.ts";
import type { Prisma } from "../../db/generated/client.ts";
import { isUuid } from "../../ids.ts";
import { pageWindow } from "../page-window.ts";
import { partsSent } from "../reports/parts-sent.ts";

const DAY_MS = 86_400_000;

export interface ListAccountsInput {
  page: number;
  size: number;
  /** Part of the name, or an account id. */
  q?: string;
  state?: "active" | "suspended";
}

export async function listAccounts(ctx: Ctx, input: ListAccountsInput) {
  const q = input.q?.trim();
  const where: Prisma.AccountWhereInput = {
    ...(q ? (isUuid(q) ? { id: q } : { name: { contains: q, mode: "insensitive" } }) : {}),
    ...(input.state ? { suspendedAt: input.state === "suspended" ? { not: null } : null } : {}),
  };
  const [total, accounts] = await Promise.all([
    ctx.db.account.count({ where }),
    ctx.db.account.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "asc" }], ...pageWindow(input), include: { _count: { select: { users: true } } } }),
  ]);
  const usage = await usageOf(
    ctx,
    accounts.map((a) => a.id),
  );
  return { total, rows: accounts.map((a) => ({ account: a, users: a._count.users, ...usage(a.id) })) };
}

/** Parts sent in the last 24 hours and 7 days by each of the accounts. */
export async function usageOf(ctx: Ctx, accountIds: string[]) {
  const now = ctx.now();
  const [day, week] = await Promise.all([partsSent(ctx, accountIds, new Date(now.getTime() - DAY_MS), now), partsSent(ctx, accountIds, new Date(now.getTime() - 7 * DAY_MS), now)]);
  return (id: string) => ({ sent24h: day.get(id) ?? 0, sent7d: week.get(id) ?? 0 });
}
