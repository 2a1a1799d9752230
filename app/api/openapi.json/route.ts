// GET /api/openapi.json — the OpenAPI 3.1 document, generated from the routes' zod schemas
import { openApiDocument } from "@/lib/openapi/document";
import { json } from "@/lib/http/render-error";
import { requestIdFor } from "@/lib/http/request-id";
import { env } from "@/lib/env";

export async function GET(req: Request) {
  return json(200, openApiDocument(`${env().PUBLIC_URL}/api`), { "Cache-Control": "public, max-age=60", "X-Request-Id": requestIdFor(req) });
}
