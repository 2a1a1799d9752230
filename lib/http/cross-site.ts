// Cross-site request refusal for the dashboard's cookie-authenticated changes. SameSite=Lax alone
// lets a sibling site (another port or subdomain of the same host) send the session cookie with a
// form or a no-cors fetch; a browser names the page that sent a request in Sec-Fetch-Site and
// Origin, so a change is refused unless both (where sent) say it came from the dashboard itself.
// Clients that send neither (curl with a copied cookie) are not browsers a page can drive.
import { fail } from "../core/errors.ts";

const readOnly = new Set(["GET", "HEAD", "OPTIONS"]);

/** Why this request must be refused as cross-site, or null when it may go on. */
export function crossSiteReason(req: Request, publicUrl: string): string | null {
  if (readOnly.has(req.method)) return null;
  const site = req.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin") return `it was sent by another site (Sec-Fetch-Site: ${site})`;
  const origin = req.headers.get("origin");
  if (origin !== null && !isOwnOrigin(origin, req, publicUrl)) return `it was sent by ${origin.slice(0, 200)}, not by the dashboard`;
  return null;
}

/** Throws 403 crossSiteRequest when crossSiteReason finds one. */
export function refuseCrossSite(req: Request, publicUrl: string): void {
  const reason = crossSiteReason(req, publicUrl);
  if (reason) fail("crossSiteRequest", { message: `This change was refused: ${reason}. Make it from the dashboard's own pages.` });
}

/**
 * The dashboard's origin is PUBLIC_URL's, or the scheme and Host the request was sent to (the
 * dashboard opened by another name, such as 127.0.0.1); a browser writes Host from the address it
 * sends to, so a page elsewhere cannot make the two agree.
 */
function isOwnOrigin(origin: string, req: Request, publicUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // "null": a sandboxed frame, a data: or file: page
  }
  if (url.origin === new URL(publicUrl).origin) return true;
  const host = req.headers.get("host");
  // The scheme the client used: a TLS-ending proxy says https (a page cannot send this header
  // without the browser asking the server first, which it never allows).
  const scheme = req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() || new URL(req.url).protocol.slice(0, -1);
  return host !== null && url.host === host.toLowerCase() && url.protocol === `${scheme.toLowerCase()}:`;
}

/** A JSON media type: application/json or application/*+json, parameters aside. */
export function isJsonType(contentType: string): boolean {
  const essence = contentType.split(";")[0]!.trim().toLowerCase();
  return essence === "application/json" || /^application\/[\w.-]+\+json$/.test(essence);
}
