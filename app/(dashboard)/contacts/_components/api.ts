// The Contacts pages' calls to /api/dashboard/contacts/….
import type { Page } from "@/lib/http/paging";
import type {
  BulkContactsBody,
  BulkResult,
  ContactForm,
  DashboardContact,
  DashboardGroup,
  DashboardLabel,
  ImportChunkBody,
  ImportResult,
  LabelForm,
  MergeGroupsForm,
} from "@/lib/schemas/dashboard-contacts";
import { apiFetch } from "@/lib/ui/api-client";

export type { DashboardContact, DashboardGroup, DashboardLabel, ImportResult };

export interface ContactsQuery {
  page: number;
  size: number;
  search: string;
  group: string;
}

export function fetchContacts(q: ContactsQuery): Promise<Page<DashboardContact>> {
  const params = new URLSearchParams({ page: String(q.page), size: String(q.size) });
  if (q.search.trim()) params.set("search", q.search.trim());
  if (q.group) params.set("group", q.group);
  return apiFetch(`/api/dashboard/contacts?${params}`);
}

export function createContact(body: ContactForm): Promise<DashboardContact> {
  return apiFetch("/api/dashboard/contacts", { method: "POST", json: body });
}

export function updateContact(id: string, body: ContactForm): Promise<DashboardContact> {
  return apiFetch(`/api/dashboard/contacts/${encodeURIComponent(id)}`, { method: "PUT", json: body });
}

export function deleteContact(id: string): Promise<DashboardContact> {
  return apiFetch(`/api/dashboard/contacts/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function bulkContacts(body: BulkContactsBody): Promise<BulkResult> {
  return apiFetch("/api/dashboard/contacts/bulk", { method: "POST", json: body });
}

export function importChunk(body: ImportChunkBody): Promise<ImportResult> {
  return apiFetch("/api/dashboard/contacts/import", { method: "POST", json: body });
}

export async function fetchGroups(): Promise<DashboardGroup[]> {
  return (await apiFetch<Page<DashboardGroup>>("/api/dashboard/contacts/groups?size=2000")).content;
}

export function createGroup(name: string): Promise<DashboardGroup> {
  return apiFetch("/api/dashboard/contacts/groups", { method: "POST", json: { name } });
}

export function mergeGroups(body: MergeGroupsForm): Promise<DashboardGroup> {
  return apiFetch("/api/dashboard/contacts/groups/merge", { method: "POST", json: body });
}

export function deleteGroup(name: string, deleteContacts: boolean): Promise<{ name: string; deletedContacts: boolean }> {
  return apiFetch(`/api/dashboard/contacts/groups/${encodeURIComponent(name)}?deleteContacts=${deleteContacts}`, { method: "DELETE" });
}

export function fetchLabels(): Promise<DashboardLabel[]> {
  return apiFetch("/api/dashboard/contacts/labels");
}

export function createLabel(body: LabelForm): Promise<DashboardLabel> {
  return apiFetch("/api/dashboard/contacts/labels", { method: "POST", json: body });
}

// Every contacts query starts with "contacts", so one invalidation refreshes the table, the
// groups' sizes and the labels after any change.
export const contactsKey = ["contacts"] as const;
export const contactsPageKey = (q: ContactsQuery) => ["contacts", "page", q] as const;
export const groupsKey = ["contacts", "groups"] as const;
export const labelsKey = ["contacts", "labels"] as const;

/** Display name of a built-in group. */
export function groupLabel(name: string): string {
  return name === "All" ? "All contacts" : name === "NotListed" ? "In no group" : name;
}
