// The JSON answer of a health probe route, with the request id every API answer carries.
import crypto from "node:crypto";

export function probeAnswer(req: Request, a: { status: number; body: object }): Response {
  const requestId = req.headers.get("x-request-id")?.slice(0, 64) || crypto.randomUUID();
  return Response.json(a.body, { status: a.status, headers: { "Cache-Control": "no-store", "X-Request-Id": requestId } });
}
