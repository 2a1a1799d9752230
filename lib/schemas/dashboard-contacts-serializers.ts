// Contacts as the dashboard's table shows them: the API's view plus when each was created.
import type { ContactView } from "../core/contacts/model.ts";
import type { DashboardContact } from "./dashboard-contacts.ts";

export function toDashboardContact(view: ContactView, createdAt: Date | undefined): DashboardContact {
  return { ...view, createdAt: createdAt ? createdAt.toISOString() : "" };
}
