// Reads the query string and body into plain objects for zod, refusing oversized, malformed,
// too deeply nested or wrongly typed bodies with a 4xx before any handler runs, and NUL
// characters anywhere: PostgreSQL can neither store nor compare a text holding one.
import { fail } from "../core/errors.ts";
import type { RouteSpec } from "./route-spec.ts";
import { isJsonType } from "./cross-site.ts";

const DEFAULT_MAX_BODY = 1024 * 1024;
/** Deepest nesting of arrays and objects accepted in a JSON body. */
export const MAX_JSON_DEPTH = 64;

export function parseQuery(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URL(req.url).searchParams) out[refuseNul(k, "query")] = refuseNul(v, k);
  return out;
}

/** The value, unless it holds a NUL character (a 400 naming the property). */
export function refuseNul(value: string, property: string): string {
  if (value.includes("\0")) fail("validation", { property, properties: { [property]: "Contains a NUL character" }, message: `Validation Error! ${property} contains a NUL character (\\u0000).` });
  return value;
}

export async function readText(req: Request, max: number): Promise<string> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > max) fail("payloadTooLarge", { message: `The body is larger than ${max} bytes.` });
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      fail("payloadTooLarge", { message: `The body is larger than ${max} bytes.` });
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export async function parseBody(req: Request, spec: RouteSpec): Promise<unknown> {
  const text = await readText(req, spec.maxBody ?? DEFAULT_MAX_BODY);
  if (spec.bodyType === "form") return Object.fromEntries([...new URLSearchParams(text)].map(([k, v]) => [refuseNul(k, "body"), refuseNul(v, k)]));
  const type = req.headers.get("content-type") ?? "";
  // API clients may send JSON as text/plain (Routee's do); the dashboard's cookie may not, since a
  // page elsewhere can send text/plain, or no type, without asking the browser first.
  if (spec.auth === "session" ? (type || text) && !isJsonType(type) : type && !/json/i.test(type) && !/^text\/plain/i.test(type))
    fail("unsupportedMediaType", { message: `Send the body as application/json, not ${type.split(";")[0] || "without a Content-Type"}.` });
  if (text.trim() === "" || text.trim() === "null") {
    if (spec.emptyBody !== undefined) return spec.emptyBody;
    fail("emptyBody");
  }
  const found = scanJson(text, MAX_JSON_DEPTH);
  if (found === "tooDeep") fail("jsonTooDeep", { message: `The request body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep.` });
  if (found === "nul") refuseNul("\0", "body");
  try {
    return JSON.parse(text);
  } catch (err) {
    fail("malformedJson", { message: `The request body is not valid JSON: ${(err as Error).message}` });
  }
}

/**
 * One pass over JSON text before it is parsed: whether it nests arrays and objects deeper than
 * `maxDepth` (so a hostile body never reaches JSON.parse, zod or a recursive serialiser), or
 * holds a NUL character as the escape \u0000 (unescaped, JSON.parse refuses it).
 */
export function scanJson(text: string, maxDepth: number): "tooDeep" | "nul" | null {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) {
        if (text.startsWith("u0000", i + 1)) return "nul";
        i++; // skip the escaped character
      } else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > maxDepth) return "tooDeep";
    } else if (c === 125 || c === 93) depth--;
  }
  return null;
}
