// GET /l/{code} — an SMS short link: 302 to the URL that was in the message, the visit recorded
// (a link preview or HEAD as a prefetch, not a click); an expired code gets a small page (410
// Gone) and an unknown one too (404).
import { getDatabase } from "@/lib/db";
import { contextFor } from "@/lib/server/context";
import { followLink } from "@/lib/core/links/follow-link";
import { visitorOf } from "../../t/visitor";

const page = (title: string, heading: string, text: string) => `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title>
<body style="font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;color:#333">
<h1 style="font-size:1.25rem">${heading}</h1>
<p>${text}</p>
</body></html>`;

const notFound = page("Link not found", "This link is not valid", "It may have been mistyped, or it has expired. Check the message it came in, or ask its sender for a new one.");
const expired = page("Link expired", "This link has expired", "Links in text messages work for a limited time. Ask its sender for a new one.");

async function follow(req: Request, params: Promise<{ code: string }>): Promise<Response> {
  const { code } = await params;
  const { ip, userAgent } = visitorOf(req);
  const country = req.headers.get("cf-ipcountry") ?? req.headers.get("x-vercel-ip-country") ?? req.headers.get("x-country-code") ?? "";
  const r = await followLink(contextFor(await getDatabase()), code, { method: req.method, ip, userAgent, country });
  if (r.kind === "redirect") return new Response(null, { status: 302, headers: { location: r.url, "cache-control": "no-store", "referrer-policy": "no-referrer" } });
  const [status, html] = r.kind === "expired" ? [410, expired] : [404, notFound];
  return new Response(req.method === "HEAD" ? null : html, { status, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
}

export function GET(req: Request, { params }: { params: Promise<{ code: string }> }): Promise<Response> {
  return follow(req, params);
}

export function HEAD(req: Request, { params }: { params: Promise<{ code: string }> }): Promise<Response> {
  return follow(req, params);
}
