// GET, POST /api/dashboard/applications — the Applications page's table and create form
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { pageOf } from "@/lib/http/paging";
import { applicationToView } from "@/lib/schemas/applications-serializers";
import { createApplicationRoute, listApplicationsRoute } from "@/lib/schemas/applications";
import { listApplications } from "@/lib/core/applications/list-applications";
import { createApplication } from "@/lib/core/applications/create-application";
import type { Scope } from "@/lib/core/tokens/scopes";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: withApi(listApplicationsRoute, async ({ ctx, principal, query }) => {
    const { total, rows } = await listApplications(ctx, {
      accountId: principal.accountId,
      page: query.page,
      size: query.size,
      includeRevoked: query.revoked === "true",
    });
    return pageOf(rows.map(applicationToView), total, query.page, query.size);
  }),
  POST: withApi(createApplicationRoute, async ({ ctx, principal, body }) => {
    const { application, secret } = await createApplication(ctx, {
      accountId: principal.accountId,
      ...body,
      scopes: body.scopes as Scope[],
    });
    return { ...applicationToView(application), applicationSecret: secret };
  }),
});
