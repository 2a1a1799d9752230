// Application id and secret from `Authorization: Basic …` (any letter case) or, as some
// Routee clients send them, client_id/client_secret in the form body.

export function readClientCredentials(req: Request, body: { client_id?: string; client_secret?: string }) {
  const header = req.headers.get("authorization") ?? "";
  const m = /^basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (m) {
    const decoded = Buffer.from(m[1], "base64").toString("utf8");
    const i = decoded.indexOf(":");
    if (i > 0) return { clientId: safeDecode(decoded.slice(0, i)), clientSecret: safeDecode(decoded.slice(i + 1)) };
  }
  return { clientId: body.client_id ?? "", clientSecret: body.client_secret ?? "" };
}

// RFC 6749 §2.3.1 form-encodes id and secret before Base64; plain values pass through.
function safeDecode(v: string): string {
  try {
    return decodeURIComponent(v.replace(/\+/g, " "));
  } catch {
    return v;
  }
}
