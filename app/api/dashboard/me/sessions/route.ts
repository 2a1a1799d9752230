// GET /api/dashboard/me/sessions — the signed-in user's sessions that may still be open
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { mySessionsRoute } from "@/lib/schemas/account-security";
import { listSessions } from "@/lib/core/users/list-sessions";
import { iso } from "@/lib/schemas/iso";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: withApi(mySessionsRoute, async ({ ctx, principal }) => ({
    content: (await listSessions(ctx, { accountId: principal.accountId, userId: principal.userId })).map((s) => ({ ...s, signedInAt: iso(s.signedInAt), endsAt: iso(s.endsAt) })),
  })),
});
