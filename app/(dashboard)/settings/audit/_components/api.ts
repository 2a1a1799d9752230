// Settings › Audit log's calls to /api/dashboard/audit-events.
import type { AuditEventView } from "@/lib/schemas/audit";
import { apiFetch } from "@/lib/ui/api-client";

export type { AuditEventView };

export interface AuditFilters {
  actor: string;
  action: string;
  /** yyyy-mm-dd, the user's own day; "" for no bound. */
  from: string;
  to: string;
}

export interface AuditPage {
  content: AuditEventView[];
  totalElements: number;
  totalPages: number;
  actions: string[];
}

export const auditKey = ["audit-events"] as const;

/** The query string of a filter: days are read in the browser's time zone, the whole of `to` included. */
export function auditQuery(f: AuditFilters): URLSearchParams {
  const q = new URLSearchParams();
  if (f.actor.trim()) q.set("actor", f.actor.trim());
  if (f.action) q.set("action", f.action);
  if (f.from) q.set("from", new Date(`${f.from}T00:00:00`).toISOString());
  if (f.to) q.set("to", new Date(`${f.to}T23:59:59.999`).toISOString());
  return q;
}

export const fetchAuditEvents = (f: AuditFilters, page: number, size: number) =>
  apiFetch<AuditPage>(`/api/dashboard/audit-events?${new URLSearchParams({ ...Object.fromEntries(auditQuery(f)), page: String(page), size: String(size) })}`);

export const exportUrl = (f: AuditFilters) => `/api/dashboard/audit-events/export?${auditQuery(f)}`;
