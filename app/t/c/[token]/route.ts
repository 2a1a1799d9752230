// GET /t/c/{linkId}.{signature} — click tracking: records the click and redirects to the link
// recorded for that email. Nothing else is ever redirected to: an unknown or unsigned token is a
// 404 page; an address over its visits per second waits (429).
import { getDatabase } from "@/lib/db";
import { contextFor } from "@/lib/server/context";
import { recordClick } from "@/lib/core/email/record-event";
import { visitorOf, visitWait } from "../../visitor";

const page = (status: number, title: string, text: string, headers: Record<string, string> = {}) =>
  new Response(`<!doctype html><title>${title}</title><p>${text}</p>`, { status, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", ...headers } });

export async function GET(req: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await params;
  const ctx = contextFor(await getDatabase());
  const visitor = visitorOf(req);
  const wait = await visitWait(ctx, visitor.ip);
  if (wait) return page(429, "Too many requests", "Too many requests from your address; try the link again in a moment.", { "retry-after": String(wait) });
  const url = await recordClick(ctx, token, visitor);
  if (!url) return page(404, "Link not found", "This link is not valid.");
  return new Response(null, { status: 302, headers: { location: url, "cache-control": "no-store", "referrer-policy": "no-referrer" } });
}
