// Records one security-relevant action in the audit log: who (a dashboard user, an API
// application, or the platform itself), from where, when and what. A failure to record is
// logged, never turned into the failure of the action it describes, which has happened.
import crypto from "node:crypto";
import type { Ctx } from "../context.ts";
import { log } from "../../log/logger.ts";

export interface AuditActor {
  kind: "user" | "application" | "system";
  id: string;
  /** The user's email or the application's name. */
  name: string;
}

export interface AuditEntry {
  accountId: string | null;
  actor: AuditActor;
  action: string;
  target?: string;
  detail?: Record<string, unknown>;
  ip?: string;
  userAgent?: string;
}

export async function recordAudit(ctx: Ctx, e: AuditEntry): Promise<void> {
  try {
    await ctx.db.auditEvent.create({
      data: {
        id: crypto.randomUUID(),
        accountId: e.accountId,
        actorKind: e.actor.kind,
        actorId: e.actor.id,
        actorName: e.actor.name.slice(0, 254),
        action: e.action,
        target: (e.target ?? "").slice(0, 500),
        detail: (e.detail ?? {}) as object,
        ip: (e.ip ?? "").slice(0, 64),
        userAgent: (e.userAgent ?? "").slice(0, 500),
        at: ctx.now(),
      },
    });
  } catch (err) {
    log("error", "audit event not recorded", { action: e.action, accountId: e.accountId, error: err instanceof Error ? err.message : String(err) });
  }
}
