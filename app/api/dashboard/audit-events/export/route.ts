// GET /api/dashboard/audit-events/export — the audit log's current filter as CSV, read a thousand events at a time
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { dashboardAuditExportRoute } from "@/lib/schemas/audit";
import { auditCsvHeader, auditCsvLine } from "@/lib/schemas/audit-serializers";
import { auditEventPages } from "@/lib/core/audit/list-audit-events";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: withApi(dashboardAuditExportRoute, async ({ ctx, principal, query }) => {
    const pages = auditEventPages(ctx, { accountId: principal.accountId, ...query });
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>(
      {
        start(controller) {
          controller.enqueue(encoder.encode(`\uFEFF${auditCsvHeader}`));
        },
        async pull(controller) {
          const next = await pages.next();
          if (next.done) return controller.close();
          controller.enqueue(encoder.encode(next.value.map(auditCsvLine).join("")));
        },
        async cancel() {
          await pages.return(undefined);
        },
      },
      { highWaterMark: 1 },
    );
    const stamp = ctx.now().toISOString().slice(0, 16).replace(/[:T]/g, "-");
    return new Response(body, {
      headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="audit-log-${stamp}.csv"`, "Cache-Control": "no-store" },
    });
  }),
});
