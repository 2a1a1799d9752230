// Paths with an empty segment (`/contacts/my/blacklist//groups`, `//api/sms`): Next.js answers
// them with a 308 to the path without it, before any rewrite or route runs, and API clients do
// not follow it (they read an empty body). The server's requests are routed as if the empty
// segments were absent instead: the HTTP server's request event sees the path with repeated
// slashes collapsed, before Next.js does. Installed once, at boot (instrumentation.ts).
import http from "node:http";

/** The request target with every run of slashes in its path made one; the query is left as is. */
export function withoutEmptySegments(url: string): string {
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  if (!path.includes("//")) return url;
  return path.replace(/\/{2,}/g, "/") + (end === -1 ? "" : url.slice(end));
}

let installed = false;

/** Rewrites `req.url` of every HTTP server of this process as it emits "request". */
export function collapseEmptySegments(): void {
  if (installed) return;
  installed = true;
  const proto = http.Server.prototype as { emit: (event: string | symbol, ...args: unknown[]) => boolean };
  const emit = proto.emit;
  proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const req = args[0] as http.IncomingMessage;
      if (req.url?.includes("//")) req.url = withoutEmptySegments(req.url);
    }
    return emit.call(this, event, ...args);
  };
}
