// The account's audit log, newest first: filtered by actor (part of the user's email or the
// application's name, or its id), action (exact, or a prefix ending in "."), and time; paged for
// the page and the API, and all of it, page by page, for the CSV export.
import type { Ctx } from "../context.ts";
import type { Prisma } from "../../db/generated/client.ts";

export interface AuditFilter {
  accountId: string;
  actor?: string;
  action?: string;
  from?: Date;
  to?: Date;
}

function where(f: AuditFilter): Prisma.AuditEventWhereInput {
  const actor = f.actor?.trim();
  const action = f.action?.trim();
  return {
    accountId: f.accountId,
    ...(actor ? { OR: [{ actorName: { contains: actor, mode: "insensitive" } }, { actorId: actor }] } : {}),
    ...(action ? { action: action.endsWith(".") ? { startsWith: action } : action } : {}),
    ...(f.from || f.to ? { at: { ...(f.from ? { gte: f.from } : {}), ...(f.to ? { lte: f.to } : {}) } } : {}),
  };
}

export async function listAuditEvents(ctx: Ctx, f: AuditFilter, page: number, size: number) {
  const [rows, total] = await Promise.all([
    ctx.db.auditEvent.findMany({ where: where(f), orderBy: [{ at: "desc" }, { id: "desc" }], skip: page * size, take: size }),
    ctx.db.auditEvent.count({ where: where(f) }),
  ]);
  return { rows, total };
}

/** Every matching event, a thousand at a time. */
export async function* auditEventPages(ctx: Ctx, f: AuditFilter) {
  for (let page = 0; ; page++) {
    const rows = await ctx.db.auditEvent.findMany({ where: where(f), orderBy: [{ at: "desc" }, { id: "desc" }], skip: page * 1000, take: 1000 });
    if (rows.length) yield rows;
    if (rows.length < 1000) return;
  }
}

/** The distinct actions the account's log holds, for the page's filter. */
export async function auditActions(ctx: Ctx, accountId: string): Promise<string[]> {
  const rows = await ctx.db.auditEvent.findMany({ where: { accountId }, distinct: ["action"], select: { action: true }, orderBy: { action: "asc" } });
  return rows.map((r) => r.action);
}
