// /api/contacts/my/blacklist without a service — an error envelope naming the services
import { DomainError } from "@/lib/core/errors";
import { errorResponse } from "@/lib/http/render-error";
import { BLACKLIST_SERVICES } from "@/lib/core/contacts/model";

async function missingService(): Promise<Response> {
  const message = `The service is missing: use /contacts/my/blacklist/{service} with one of ${BLACKLIST_SERVICES.join(", ")}.`;
  return errorResponse(new DomainError("validation", { message, property: "service", properties: { service: message } }), crypto.randomUUID());
}

export { missingService as GET, missingService as POST, missingService as PUT, missingService as PATCH, missingService as DELETE };
