// Reads the query string and body into plain objects for zod, refusing oversized, malformed or
// wrongly typed bodies with a 4xx before any handler runs.
import { fail } from "../core/errors.ts";
import type { RouteSpec } from "./route-spec.ts";

const DEFAULT_MAX_BODY = 1024 * 1024;

export function parseQuery(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URL(req.url).searchParams) out[k] = v;
  return out;
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
  if (spec.bodyType === "form") return Object.fromEntries(new URLSearchParams(text));
  const type = req.headers.get("content-type") ?? "";
  if (type && !/json/i.test(type) && !/^text\/plain/i.test(type))
    fail("unsupportedMediaType", { message: `Send the body as application/json, not ${type.split(";")[0]}.` });
  if (text.trim() === "" || text.trim() === "null") {
    if (spec.emptyBody !== undefined) return spec.emptyBody;
    fail("emptyBody");
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    fail("malformedJson", { message: `The request body is not valid JSON: ${(err as Error).message}` });
  }
}
