// Next.js calls register() once when the server process starts.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Before anything opens the database: its statements are traced when tracing starts first.
  await (await import("./lib/trace/start-tracing")).startTracing("switchboard");
  // Before the first request: paths with an empty segment are routed, not redirected.
  (await import("./lib/server/empty-segments")).collapseEmptySegments();
  const { boot } = await import("./lib/server/boot");
  await boot();
}
