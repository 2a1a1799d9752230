// Contacts as the dashboard's table shows them: the API's view plus when each was created.
import type { ContactView } from "@/lib/core/contacts/model";
import type { ContactForm, DashboardContact } from "@/lib/schemas/dashboard-contacts";

export function toDashboardContact(view: ContactView, createdAt: Date | undefined): DashboardContact {
  return { ...view, createdAt: createdAt ? createdAt.toISOString() : "" };
}

/** The form's values as the contact functions take them (empty label values are dropped there). */
export function contactInput(form: ContactForm): Record<string, unknown> {
  return { ...form, country: form.country.toUpperCase() };
}
