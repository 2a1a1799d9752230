// GET /api/dashboard/audit-events — the account's audit log for the owners' page, with the actions it holds
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { pageOf } from "@/lib/http/paging";
import { dashboardAuditRoute } from "@/lib/schemas/audit";
import { auditEventOf } from "@/lib/schemas/audit-serializers";
import { auditActions, listAuditEvents } from "@/lib/core/audit/list-audit-events";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: withApi(dashboardAuditRoute, async ({ ctx, principal, query: { page, size, ...filter } }) => {
    const [{ rows, total }, actions] = await Promise.all([listAuditEvents(ctx, { accountId: principal.accountId, ...filter }, page, size), auditActions(ctx, principal.accountId)]);
    return { ...pageOf(rows.map(auditEventOf), total, page, size), actions };
  }),
});
