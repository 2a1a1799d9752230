// Normalises API paths before routing: doubled and trailing slashes, and the British spellings
// that Routee's clients use (/sms/analyse). Everything else passes untouched.
import { NextResponse, type NextRequest } from "next/server";

export function proxy(req: NextRequest) {
  const { pathname } = req.nextUrl;
  let path = pathname.replace(/\/{2,}/g, "/");
  if (path.length > 1) path = path.replace(/\/+$/, "");
  path = path.replace(/^\/api\/sms\/analyse(?=\/|$)/, "/api/sms/analyze");
  if (path === pathname) return NextResponse.next();
  const url = req.nextUrl.clone();
  url.pathname = path;
  return NextResponse.rewrite(url);
}

export const config = { matcher: ["/api/:path*"] };
