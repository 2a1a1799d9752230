// GET /l/{code} — an SMS short link: 302 to the URL that was in the message, the visit recorded
// (a link preview or HEAD as a prefetch, not a click); an unknown code gets a small page.
import { getDatabase } from "@/lib/db";
import { contextFor } from "@/lib/server/context";
import { followLink } from "@/lib/core/links/follow-link";
import { visitorOf } from "../../t/visitor";

const notFound = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Link not found</title>
<body style="font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;color:#333">
<h1 style="font-size:1.25rem">This link is not valid</h1>
<p>It may have been mistyped, or it has expired. Check the message it came in, or ask its sender for a new one.</p>
</body></html>`;

async function follow(req: Request, params: Promise<{ code: string }>): Promise<Response> {
  const { code } = await params;
  const { ip, userAgent } = visitorOf(req);
  const country = req.headers.get("cf-ipcountry") ?? req.headers.get("x-vercel-ip-country") ?? req.headers.get("x-country-code") ?? "";
  const url = await followLink(contextFor(await getDatabase()), code, { method: req.method, ip, userAgent, country });
  if (!url) return new Response(req.method === "HEAD" ? null : notFound, { status: 404, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
  return new Response(null, { status: 302, headers: { location: url, "cache-control": "no-store", "referrer-policy": "no-referrer" } });
}

export function GET(req: Request, { params }: { params: Promise<{ code: string }> }): Promise<Response> {
  return follow(req, params);
}

export function HEAD(req: Request, { params }: { params: Promise<{ code: string }> }): Promise<Response> {
  return follow(req, params);
}
