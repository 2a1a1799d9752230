// GET /api/audit-events — the account's audit log for tokens with the audit scope
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { pageOf } from "@/lib/http/paging";
import { auditEventsRoute } from "@/lib/schemas/audit";
import { auditEventOf } from "@/lib/schemas/audit-serializers";
import { listAuditEvents } from "@/lib/core/audit/list-audit-events";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: withApi(auditEventsRoute, async ({ ctx, principal, query: { page, size, ...filter } }) => {
    const { rows, total } = await listAuditEvents(ctx, { accountId: principal.accountId, ...filter }, page, size);
    return pageOf(rows.map(auditEventOf), total, page, size);
  }),
});
