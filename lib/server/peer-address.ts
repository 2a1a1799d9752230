// `next start` hands route handlers a Request without the socket, and fills X-Forwarded-For with
// the peer's address only when the client sent none, so a client could name any address it
// liked. Appending the peer to every incoming request's X-Forwarded-For, before Next reads it,
// makes the list's last entry the truth (lib/http/client-address.ts reads it from the right).
import http from "node:http";

const patched = Symbol("switchboard.peerAddress");
type Patched = typeof http.Server.prototype & { [patched]?: true };

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
    }
    return (emit as (...a: unknown[]) => boolean).apply(this, [event, ...args]);
  } as typeof proto.emit;
}
