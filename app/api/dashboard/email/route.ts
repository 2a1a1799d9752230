// GET, POST /api/dashboard/email — the account's emails, and sending a test email
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { pageOf } from "@/lib/http/paging";
import { listEmailsRoute, sendTestEmailRoute } from "@/lib/schemas/email";
import { listEmails } from "@/lib/core/email/list-emails";
import { sendEmail } from "@/lib/core/email/send-email";

export const { PUT, PATCH, DELETE, GET, POST } = methods({
  GET: withApi(listEmailsRoute, async ({ ctx, principal, query }) => {
    const { total, rows } = await listEmails(ctx, principal.accountId, query);
    return pageOf(rows, total, query.page, query.size);
  }),
  POST: withApi(sendTestEmailRoute, ({ ctx, principal, body }) => sendEmail(ctx, { accountId: principal.accountId, body })),
});
