// Contact rows to the API's contact view (lib/schemas/contacts.ts).
import type { ContactView, LabelTypes, LabelValue } from "../core/contacts/model.ts";
import { labelValues, type ContactRow } from "../core/contacts/contact-rows.ts";

/** A contact's labels in the order the account defined them (the database keeps no key order). */
function orderedLabels(values: Record<string, LabelValue>, types: LabelTypes): ContactView["labels"] {
  const names = Object.keys(values);
  if (names.length < 2) return names.map((name) => labelItem(name, values[name], types));
  const rank = new Map([...types.keys()].map((n, i) => [n, i]));
  return names.sort((a, b) => (rank.get(a) ?? Infinity) - (rank.get(b) ?? Infinity) || a.localeCompare(b)).map((name) => labelItem(name, values[name], types));
}

function labelItem(name: string, value: LabelValue, types: LabelTypes): ContactView["labels"][number] {
  return { name, type: types.get(name) ?? (typeof value === "number" ? "Number" : "Text"), value };
}

export function toContactView(row: ContactRow, types: LabelTypes): ContactView {
  return {
    id: row.id,
    firstName: row.firstName ?? "",
    lastName: row.lastName ?? "",
    mobile: row.mobile,
    email: row.email ?? "",
    country: row.country ?? "",
    vip: Boolean(row.vip),
    groups: row.groups ?? [],
    blacklistedServices: row.blacklistedServices ?? [],
    labels: orderedLabels(labelValues(row.labels), types),
  };
}
