// The JSON answer of a health probe route, with the request id every API answer carries.
import { jsonAnswer } from "../../http/compress.ts";
import { requestIdFor } from "../../http/request-id.ts";

export function probeAnswer(req: Request, a: { status: number; body: object }): Response {
  return jsonAnswer(JSON.stringify(a.body), { status: a.status, headers: { "Cache-Control": "no-store", "X-Request-Id": requestIdFor(req) } });
}
