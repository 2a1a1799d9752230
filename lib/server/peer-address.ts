// `next start` hands route handlers a Request without the socket, and fills X-Forwarded-For with
// the peer's address only when the client sent none, so a client could name any address it
// liked. Appending the peer to every incoming request's X-Forwarded-For, before Next reads it,
// makes the list's last entry the truth (lib/http/client-address.ts reads it from the right).
// The same patch answers the few requests that must not reach Next at all (answerBeforeNext).
import http from "node:http";

const patched = Symbol("switchboard.peerAddress");
type Patched = typeof http.Server.prototype & { [patched]?: true };

/**
 * Looks at a stamped request's method, URL and (when it asks for them) headers, never its body:
 * a Response to send instead of Next's, or null.
 */
export type EarlyAnswer = (method: string, url: string, headers: () => Headers) => Response | null;
const early: EarlyAnswer[] = [];

/** Runs `answer` on every request once its address is stamped (see stampPeerAddresses). */
export function answerBeforeNext(answer: EarlyAnswer): void {
  early.push(answer);
}

export function stampPeerAddresses(): void {
  const proto = http.Server.prototype as Patched;
  if (proto[patched]) return;
  proto[patched] = true;
  const emit = proto.emit;
  proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const req = args[0] as http.IncomingMessage;
      const peer = req.socket?.remoteAddress;
      if (peer) {
        const given = req.headers["x-forwarded-for"];
        const list = Array.isArray(given) ? given.join(", ") : given;
        req.headers["x-forwarded-for"] = list ? `${list}, ${peer}` : peer;
      }
      if (early.length > 0 && sentEarly(req, args[1] as http.ServerResponse)) return true;
    }
    return (emit as (...a: unknown[]) => boolean).apply(this, [event, ...args]);
  } as typeof proto.emit;
}

function sentEarly(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  let headers: Headers | undefined;
  const lazyHeaders = () => (headers ??= headersOf(req));
  for (const answer of early) {
    const r = answer(req.method ?? "GET", req.url ?? "/", lazyHeaders);
    if (!r) continue;
    res.writeHead(r.status, Object.fromEntries(r.headers));
    void r.text().then(
      (body) => res.end(body),
      () => res.destroy(),
    );
    return true;
  }
  return false;
}

function headersOf(req: http.IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}
