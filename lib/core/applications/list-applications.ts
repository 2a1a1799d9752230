// The account's applications, newest first; revoked ones only when asked for.
import type { Ctx } from "../context.ts";
import { pageWindow } from "../page-window.ts";

export async function listApplications(ctx: Ctx, input: { accountId: string; page: number; size: number; includeRevoked?: boolean }) {
  const where = { accountId: input.accountId, ...(input.includeRevoked ? {} : { revokedAt: null }) };
  const [total, rows] = await Promise.all([ctx.db.application.count({ where }), ctx.db.application.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], ...pageWindow(input) })]);
  return { total, rows };
}
