// GET /t/c/{linkId} — click tracking: records the click and redirects to the link recorded for
// that email. Nothing else is ever redirected to: an unknown token is a 404 page.
import { getDatabase } from "@/lib/db";
import { contextFor } from "@/lib/server/context";
import { recordClick } from "@/lib/core/email/record-event";
import { visitorOf } from "../../visitor";

export async function GET(req: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await params;
  const url = await recordClick(contextFor(await getDatabase()), token, visitorOf(req));
  if (!url)
    return new Response("<!doctype html><title>Link not found</title><p>This link is not valid.</p>", {
      status: 404,
      headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
    });
  return new Response(null, { status: 302, headers: { location: url, "cache-control": "no-store", "referrer-policy": "no-referrer" } });
}
