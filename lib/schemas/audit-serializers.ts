// Audit events as answers and CSV lines show them.
import type { AuditEvent } from "../db/generated/client.ts";
import { csvCell } from "../core/tracking/tracking-csv.ts";
import type { AuditEventView } from "./audit.ts";
import { iso } from "./iso.ts";

export function auditEventOf(e: AuditEvent): AuditEventView {
  return {
    id: e.id,
    at: iso(e.at),
    actor: { kind: e.actorKind as AuditEventView["actor"]["kind"], id: e.actorId, name: e.actorName },
    action: e.action,
    target: e.target,
    detail: (e.detail ?? {}) as Record<string, unknown>,
    ip: e.ip,
    userAgent: e.userAgent,
  };
}

export const auditCsvHeader = "at,actorKind,actor,actorId,action,target,detail,ip,userAgent\r\n";

export function auditCsvLine(e: AuditEvent): string {
  const cells = [iso(e.at), e.actorKind, e.actorName, e.actorId, e.action, e.target, JSON.stringify(e.detail ?? {}), e.ip, e.userAgent];
  return `${cells.map((c) => csvCell(c)).join(",")}\r\n`;
}
