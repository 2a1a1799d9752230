// Runs before the dashboard's pages (not the API, which withApi answers): adds what depends on
// the configuration at run time to their answers (lib/http/security-headers.ts).
import { NextResponse } from "next/server";
import { transportSecurity } from "./lib/http/security-headers";

export function proxy() {
  const res = NextResponse.next();
  transportSecurity(res.headers);
  return res;
}

// Pages only: the API, Next's static files and the /t and /l redirects need no page headers.
export const config = { matcher: ["/((?!api/|_next/|t/|l/|favicon.ico|icon.svg).*)"] };
