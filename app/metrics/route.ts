// GET /metrics — this web instance's metrics in the Prometheus text format: with
// `Authorization: Bearer <METRICS_TOKEN>`, or without a token from this machine on the embedded
// defaults (Next shows a route only the X-Forwarded-For it fills in from the connection).
import { env } from "@/lib/env";
import { isLoopback, metricsAnswer } from "@/lib/server/metrics/expose";

export const dynamic = "force-dynamic";

export async function GET(req: Request): Promise<Response> {
  const forwarded = req.headers.get("x-forwarded-for");
  const loopback = env().embedded && forwarded !== null && !forwarded.includes(",") && isLoopback(forwarded);
  const m = await metricsAnswer(req.headers.get("authorization"), loopback);
  return new Response(m.body, { status: m.status, headers: { "Content-Type": m.contentType, "Cache-Control": "no-store" } });
}
