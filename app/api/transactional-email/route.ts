// POST /api/transactional-email — send an email with open and click tracking
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { sendEmailRoute } from "@/lib/schemas/email";
import { sendEmail } from "@/lib/core/email/send-email";

export const { GET, PUT, PATCH, DELETE, POST } = methods({
  POST: withApi(sendEmailRoute, ({ ctx, principal, body }) => sendEmail(ctx, { accountId: principal.accountId, applicationId: principal.applicationId, body })),
});
