// The V8 flags Switchboard's server and worker processes run with: `npm start` puts them in the
// server's NODE_OPTIONS, `npm run worker` passes them to tsx (package.json), and the benchmarks
// and the scale-out deployment start their processes the same way. Run `next start` yourself?
// Set NODE_OPTIONS=--max-semi-space-size=64 as well.
//
// A campaign keeps tens of thousands of short-lived objects in flight (its batches' messages and
// parts, promises, PDUs, the rows of its statements). In V8's default young generation (16 MB
// semi-spaces on 64-bit) they outlive several scavenges and get copied each time: about a sixth
// of the server's CPU in a 30k campaign. With 64 MB semi-spaces (up to ~130 MB more memory at the
// peak) most die before they are copied; the B2 server used 25–30 % less CPU (docs/performance.md).
export const NODE_FLAGS = ["--max-semi-space-size=64"];

/** NODE_OPTIONS with NODE_FLAGS added, leaving any flag of the same name the user set. */
export function withNodeFlags(nodeOptions: string | undefined): string {
  const current = (nodeOptions ?? "").trim();
  const missing = NODE_FLAGS.filter((f) => !current.includes(f.split("=")[0]!));
  return [current, ...missing].filter(Boolean).join(" ");
}
