// HEAD /api/contacts/my/mobile?value= — 200 when a contact has the mobile, else 404 (GET too)
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { fail } from "@/lib/core/errors";
import { mobileExistsRoute } from "@/lib/schemas/contacts";
import { mobileExists } from "@/lib/core/contacts/get-contact";

const check = withApi(mobileExistsRoute, async ({ ctx, principal, query }) => {
  if (!(await mobileExists(ctx, principal.accountId, query.value)))
    fail("contactNotFound", { message: `No contact has the mobile "${query.value}".`, entity: "Contact", value: query.value, property: "value" });
  return new Response(null, { status: 200 });
});

export const HEAD = check;
export const { POST, PUT, PATCH, DELETE, GET } = methods({ GET: check });
