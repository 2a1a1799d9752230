// GET, POST /api/dashboard/contacts/labels — the contact fields, built-in and custom, and a new custom label
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { createDashboardLabelRoute, listDashboardLabelsRoute } from "@/lib/schemas/dashboard-contacts";
import { listLabels } from "@/lib/core/contacts/list-labels";
import { createLabels } from "@/lib/core/contacts/create-labels";
import { DEFAULT_LABELS } from "@/lib/core/contacts/model";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: withApi(listDashboardLabelsRoute, async ({ ctx, principal }) =>
    Object.entries(await listLabels(ctx, principal.accountId)).map(([name, type]) => ({ name, type, builtIn: Object.hasOwn(DEFAULT_LABELS, name) })),
  ),
  POST: withApi(createDashboardLabelRoute, async ({ ctx, principal, body }) => {
    const [label] = await createLabels(ctx, principal.accountId, [body]);
    return { ...label, builtIn: false };
  }),
});
