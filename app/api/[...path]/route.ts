// Any other /api path — a 404 in the error envelope rather than an HTML page
import { DomainError } from "@/lib/core/errors";
import { errorResponse } from "@/lib/http/render-error";

async function notFound(req: Request): Promise<Response> {
  const path = new URL(req.url).pathname;
  return errorResponse(new DomainError("routeNotFound", { message: `No endpoint ${req.method} ${path}. See /api/openapi.json.` }), crypto.randomUUID());
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
