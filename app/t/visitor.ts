// Who fetched a tracking URL, as far as the request says.
export function visitorOf(req: Request): { ip: string; userAgent: string } {
  const forwarded = req.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return { ip: (forwarded || req.headers.get("x-real-ip") || "").slice(0, 64), userAgent: req.headers.get("user-agent") ?? "" };
}
