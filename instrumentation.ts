// Next.js calls register() once when the server process starts.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { boot } = await import("./lib/server/boot");
  await boot();
}
