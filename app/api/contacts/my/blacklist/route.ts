// /api/contacts/my/blacklist without a service — an error envelope naming the services (after
// the token check, like every endpoint: an unauthenticated call is a 401)
import { withApi } from "@/lib/http/with-api";
import { fail } from "@/lib/core/errors";
import { missingBlacklistServiceRoute } from "@/lib/schemas/contact-blacklist";
import { BLACKLIST_SERVICES } from "@/lib/core/contacts/model";

const missingService = withApi(missingBlacklistServiceRoute, async () => {
  const message = `The service is missing: use /contacts/my/blacklist/{service} with one of ${BLACKLIST_SERVICES.join(", ")}.`;
  fail("validation", { message, property: "service", properties: { service: message } });
});

export { missingService as GET, missingService as POST, missingService as PUT, missingService as PATCH, missingService as DELETE };
