// The JSON answer of a health probe route, with the request id every API answer carries.
import { json } from "../../http/render-error.ts";
import { requestIdFor } from "../../http/request-id.ts";

export function probeAnswer(req: Request, a: { status: number; body: object }): Response {
  return json(a.status, a.body, { "Cache-Control": "no-store", "X-Request-Id": requestIdFor(req) });
}
