// GET /t/o/{emailId} — the open-tracking pixel: records an open and answers a 1×1 transparent GIF
// (the same GIF for an unknown token, so the pixel never shows as broken, and for an address
// over its visits per second, whose open is then not recorded).
import { getDatabase } from "@/lib/db";
import { contextFor } from "@/lib/server/context";
import { recordOpen } from "@/lib/core/email/record-event";
import { visitorOf, visitWait } from "../../visitor";

const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

export async function GET(req: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await params;
  try {
    const ctx = contextFor(await getDatabase());
    const visitor = visitorOf(req);
    if ((await visitWait(ctx, visitor.ip)) === 0) await recordOpen(ctx, token.replace(/\.gif$/i, ""), visitor);
  } catch {
    // The pixel answers whatever happens to the record.
  }
  return new Response(new Uint8Array(GIF), {
    headers: { "content-type": "image/gif", "cache-control": "no-store, no-cache, must-revalidate, private", pragma: "no-cache", "content-length": String(GIF.length) },
  });
}
