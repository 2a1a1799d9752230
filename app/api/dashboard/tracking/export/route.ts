// GET /api/dashboard/tracking/export — the explorer's current search as CSV, streamed page by page
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { trackingExportRoute } from "@/lib/schemas/dashboard-tracking";
import { exploreTrackingPages } from "@/lib/core/tracking/explore-tracking";
import { csvHeader, csvLine } from "@/lib/core/tracking/tracking-csv";
import { log } from "@/lib/log/logger";
import { searchOf } from "../search";

export const { POST, PUT, PATCH, DELETE, GET } = methods({
  GET: withApi(trackingExportRoute, async ({ ctx, principal, query, requestId }) => {
    const search = searchOf(query, principal.accountId, ctx.now());
    const pages = exploreTrackingPages(ctx, search, 1000);
    const encoder = new TextEncoder();
    // Pull-based: the next page is read only when the client has taken the previous one, so a
    // slow download never piles pages up in memory.
    const body = new ReadableStream<Uint8Array>(
      {
        start(controller) {
          controller.enqueue(encoder.encode(`\uFEFF${csvHeader}`));
        },
        async pull(controller) {
          try {
            const next = await pages.next();
            if (next.done) return controller.close();
            controller.enqueue(encoder.encode(next.value.map(csvLine).join("")));
          } catch (err) {
            log("error", "tracking export failed", { requestId, error: err instanceof Error ? err.message : String(err) });
            controller.error(err);
          }
        },
        async cancel() {
          await pages.return(undefined);
        },
      },
      { highWaterMark: 1 },
    );
    const stamp = search.to.toISOString().slice(0, 16).replace(/[:T]/g, "-");
    return new Response(body, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="tracking-${stamp}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  }),
});
