// Large JSON answers (a 30k campaign's analysis is 2.3 MB) leave uncompressed. Next.js gzips
// what it serves 16 KB of output at a time, each step a turn of the event loop: about 100 ms for
// 2.3 MB on an idle server, and 400-500 ms right after a campaign is accepted, while the same
// loop starts sending it (docs/performance.md, B2b). A route handler cannot send its own gzip
// (Next.js drops a Response's Content-Encoding), so these are marked no-transform instead.

/** From this size a JSON answer is sent as it is. */
export const UNCOMPRESSED_FROM_BYTES = 256 * 1024;

/** Headers for a JSON answer of `text`: no-transform when it is large. */
export function compressionHeaders(text: string): Record<string, string> {
  return text.length >= UNCOMPRESSED_FROM_BYTES ? { "Cache-Control": "no-transform" } : {};
}
