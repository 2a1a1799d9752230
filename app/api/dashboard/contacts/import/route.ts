// POST /api/dashboard/contacts/import — one chunk of a CSV import: created, updated and failed rows
import { withApi } from "@/lib/http/with-api";
import { methods } from "@/lib/http/methods";
import { importChunkRoute } from "@/lib/schemas/dashboard-contacts";
import { importContacts } from "@/lib/core/contacts/import-contacts";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: withApi(importChunkRoute, ({ ctx, principal, body }) =>
    importContacts(ctx, principal.accountId, body.rows, {
      startRow: body.startRow,
      rowNumbers: body.rowNumbers,
      defaultCountry: body.defaultCountry || undefined,
      group: body.group || undefined,
    }),
  ),
});
