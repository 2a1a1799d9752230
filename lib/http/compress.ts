// Which JSON answers Next.js may gzip. It gzips every answer of a route handler whose client
// accepts gzip (a route handler's answer has no Content-Length, so the size threshold of its
// compression never applies), each through a new zlib stream on the event loop:
// - a small answer (most of the API's) gains nothing, since it fits one TCP segment either way,
//   and the stream costs about as much as the request: a flood of sign-ins answered 429 took a
//   quarter of the server's time in zlib (docs/performance.md, B9);
// - a large one (a 30k campaign's analysis is 2.3 MB) is gzipped 16 KB of output at a time, each
//   step a turn of the event loop: about 100 ms for 2.3 MB on an idle server, and 400-500 ms right
//   after a campaign is accepted, while the same loop starts sending it (B2b).
// A route handler cannot send its own gzip (Next.js drops a Response's Content-Encoding), so
// these are marked no-transform instead; what lies between is gzipped as before.

/** Below this size a JSON answer is sent as it is. */
export const COMPRESSED_FROM_BYTES = 1024;
/** From this size a JSON answer is sent as it is. */
export const UNCOMPRESSED_FROM_BYTES = 256 * 1024;

/** Whether an answer of this many characters goes out uncompressed. */
export function sentAsIs(length: number): boolean {
  return length < COMPRESSED_FROM_BYTES || length >= UNCOMPRESSED_FROM_BYTES;
}

/** Adds no-transform to the answer's Cache-Control (keeping what it says, e.g. no-store). */
export function markNoTransform(headers: Headers): void {
  const cc = headers.get("cache-control");
  if (!cc) headers.set("Cache-Control", "no-transform");
  else if (!/\bno-transform\b/i.test(cc)) headers.set("Cache-Control", `${cc}, no-transform`);
}

/** A JSON answer of `text` with these headers, marked no-transform when sentAsIs. */
export function jsonAnswer(text: string, init: { status: number; headers: Record<string, string> }): Response {
  const res = new Response(text, { status: init.status, headers: { "Content-Type": "application/json; charset=utf-8", ...init.headers } });
  if (sentAsIs(text.length)) markNoTransform(res.headers);
  return res;
}
