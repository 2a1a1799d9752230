// Any other /api path — a 404 in the error envelope rather than an HTML page. Routee's clients
// read unknown routes as Spring's {status, error, message}; both shapes are in one body.
import { DomainError } from "@/lib/core/errors";
import { errorResponse } from "@/lib/http/render-error";
import { requestIdFor } from "@/lib/http/request-id";

async function notFound(req: Request): Promise<Response> {
  const path = new URL(req.url).pathname;
  const message = `No endpoint ${req.method} ${path}. See /api/openapi.json.`;
  const requestId = requestIdFor(req);
  const envelope = errorResponse(new DomainError("routeNotFound", { message }), requestId);
  const body = { ...(await envelope.json()), status: 404, error: "Not Found", message, path };
  const headers = new Headers(envelope.headers);
  headers.set("X-Request-Id", requestId);
  return Response.json(body, { status: 404, headers });
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
