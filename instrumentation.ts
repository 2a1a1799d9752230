// Next.js calls register() once when the server process starts.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Before the first request: paths with an empty segment are routed, not redirected.
  (await import("./lib/server/empty-segments")).collapseEmptySegments();
  const { boot } = await import("./lib/server/boot");
  await boot();
}
