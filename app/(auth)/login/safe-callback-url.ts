// Where to go after signing in: only a path on this site, never another origin.
export function safeCallbackUrl(value: string | string[] | undefined): string {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return "/";
  try {
    const url = new URL(raw, "http://switchboard.invalid");
    const path = url.pathname + url.search + url.hash;
    return path.startsWith("/login") || !path.startsWith("/") || path.startsWith("//") ? "/" : path;
  } catch {
    return "/";
  }
}
