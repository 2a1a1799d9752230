// The text/html part of a raw message, decoded exactly as sent: the part's bytes after its
// transfer encoding (base64, quoted-printable, 7bit, 8bit) and charset. mailparser's `html`
// rewrites line endings, so the sink keeps this instead when it finds one. Pure.

type Part = { headers: Map<string, string>; body: Buffer };

function splitPart(raw: Buffer): Part {
  const text = raw.toString("latin1");
  let end = text.indexOf("\r\n\r\n");
  let sep = 4;
  if (end < 0) {
    end = text.indexOf("\n\n");
    sep = 2;
  }
  if (end < 0) return { headers: new Map(), body: Buffer.alloc(0) };
  const headers = new Map<string, string>();
  for (const line of text
    .slice(0, end)
    .replace(/\r?\n[ \t]+/g, " ")
    .split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  return { headers, body: raw.subarray(end + sep) };
}

function param(header: string, name: string): string | null {
  const m = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, "i").exec(header);
  return m ? (m[1] ?? m[2] ?? null) : null;
}

function decodeQp(body: Buffer): Buffer {
  const s = body.toString("latin1").replace(/=\r?\n/g, "");
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    if (s[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(s.slice(i + 1, i + 3))) {
      out.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else out.push(s.charCodeAt(i));
  }
  return Buffer.from(out);
}

function decodeBody(part: Part, whole: boolean): string {
  const cte = (part.headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  // A message that is one part ends with the line break that closes its last line.
  const body = whole && cte !== "base64" ? part.body.subarray(0, part.body.length - (part.body.toString("latin1").match(/\r?\n$/)?.[0].length ?? 0)) : part.body;
  const bytes = cte === "base64" ? Buffer.from(body.toString("latin1").replace(/[^A-Za-z0-9+/=]/g, ""), "base64") : cte === "quoted-printable" ? decodeQp(body) : body;
  const charset = (param(part.headers.get("content-type") ?? "", "charset") ?? "utf-8").toLowerCase();
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return bytes.toString("utf8");
  }
}

export function htmlPartOf(raw: Buffer, depth = 0): string | null {
  if (depth > 5) return null;
  const part = splitPart(raw);
  const type = part.headers.get("content-type") ?? "text/plain";
  const mime = type.split(";")[0]!.trim().toLowerCase();
  if (mime === "text/html" && !/^attachment/i.test(part.headers.get("content-disposition") ?? "")) {
    // The body ends at the boundary's CRLF, which belongs to the boundary, not the content.
    return decodeBody(part, depth === 0);
  }
  if (!mime.startsWith("multipart/")) return null;
  const boundary = param(type, "boundary");
  if (!boundary) return null;
  const text = part.body.toString("latin1");
  const delimiter = `--${boundary}`;
  const pieces = text.split(new RegExp(`\\r?\\n?${delimiter.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:--)?[ \\t]*\\r?\\n?`));
  for (const piece of pieces.slice(1)) {
    const found = htmlPartOf(Buffer.from(piece, "latin1"), depth + 1);
    if (found !== null) return found;
  }
  return null;
}
