// Dashboard JSON for the Contacts pages: the contact list and form, bulk actions on selected
// contacts, CSV import in chunks, groups and custom labels. The contact form's schema types the
// page's react-hook-form and checks the mobile with the same parser the server uses; the core
// functions still check every field. Everyone may read; owners and marketers may change.
import { z } from "zod";
import { isoDate } from "./iso.ts";
import { composerRoute, dashboardRoute, defineRoute } from "../http/route-spec.ts";
import { pagedList } from "../http/paging.ts";
import { parseMobile } from "../core/contacts/normalize-contact-input.ts";
import { BLACKLIST_SERVICES } from "../core/contacts/model.ts";
import { contactView, groupSizeView } from "./contacts.ts";
import { decodeSegment } from "./path-segment.ts";

// ---------------------------------------------------------------------------------------------
// The contact form.

export const contactForm = z
  .object({
    mobile: z.string().trim().min(1, "Enter the mobile number").max(40, "That is too long for a phone number"),
    firstName: z.string().trim().max(60, "At most 60 characters"),
    lastName: z.string().trim().max(60, "At most 60 characters"),
    email: z
      .string()
      .trim()
      .max(254, "At most 254 characters")
      .refine((v) => v === "" || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), "Enter an email address like name@example.com, or leave it empty"),
    country: z
      .string()
      .trim()
      .refine((v) => v === "" || /^[A-Za-z]{2}$/.test(v), "Choose a country"),
    vip: z.boolean(),
    groups: z.array(z.string().trim().min(1).max(100)).max(200),
    /** Custom label values by name; an empty value removes the label from the contact. */
    labels: z.record(z.string(), z.string().max(1000, "At most 1,000 characters")),
  })
  .superRefine((f, ctx) => {
    if (f.mobile && !parseMobile(f.mobile, f.country ? f.country.toUpperCase() : undefined))
      ctx.addIssue({
        code: "custom",
        path: ["mobile"],
        message: f.country ? "Not a valid mobile number for that country" : "Enter the number with its country code, e.g. +306912345678, or choose a country",
      });
  });

export type ContactForm = z.infer<typeof contactForm>;

/** The form's values as the contact functions take them (empty label values are dropped there). */
export function contactInput(form: ContactForm): Record<string, unknown> {
  return { ...form, country: form.country.toUpperCase() };
}

export const dashboardContact = contactView.extend({ createdAt: isoDate });
export type DashboardContact = z.infer<typeof dashboardContact>;

const contactParams = z.object({ id: z.string().max(100) });

// Typed as "+30 691 234 5678" it should still find +306912345678.
const search = z
  .string()
  .max(200)
  .transform((s) => {
    const t = s.trim();
    return /^[+\d][\d\s().-]*$/.test(t) && /\d{3}/.test(t.replace(/\D/g, "")) ? t.replace(/[\s().-]/g, "") : t;
  })
  .optional();

export const listDashboardContactsRoute = defineRoute(dashboardRoute, "GET /dashboard/contacts", {
  summary: "A page of contacts, newest first, searched by name, mobile or email and filtered by group",
  ...pagedList(dashboardContact, 25, 200, { search, group: z.string().max(100).optional(), sort: z.string().max(100).optional() }),
  errors: ["groupNotFound"],
});

/** What creating and changing a contact share: the form in, the contact out, and what can go wrong. */
const contactWrite = { body: contactForm, response: contactView } as const;
const writeErrors = ["validation", "contactOrGroupExists", "invalidLabels", "labelNotFound", "groupNotFound"] as const;

export const createDashboardContactRoute = defineRoute(composerRoute, "POST /dashboard/contacts", { summary: "Create a contact", ...contactWrite, errors: [...writeErrors] });

export const updateDashboardContactRoute = defineRoute(composerRoute, "PUT /dashboard/contacts/{id}", {
  summary: "Change a contact: every field of the form, its labels and its groups",
  params: contactParams,
  ...contactWrite,
  errors: ["contactNotFound", ...writeErrors],
});

export const deleteDashboardContactRoute = defineRoute(composerRoute, "DELETE /dashboard/contacts/{id}", {
  summary: "Delete a contact",
  params: contactParams,
  response: contactView,
  errors: ["contactNotFound"],
});

// ---------------------------------------------------------------------------------------------
// Bulk actions on selected contacts.

const ids = z.array(z.string().trim().min(1).max(100)).min(1, "Select at least one contact").max(10_000, "At most 10,000 contacts at once");
const groupName = z.string().trim().min(1, "Choose a group").max(100, "At most 100 characters");
const service = z.enum(BLACKLIST_SERVICES).default("Sms");

export const bulkContactsBody = z.discriminatedUnion("action", [
  z.object({ action: z.literal("addToGroup"), ids, group: groupName }),
  z.object({ action: z.literal("removeFromGroup"), ids, group: groupName }),
  z.object({ action: z.literal("blacklist"), ids, service }),
  z.object({ action: z.literal("unblacklist"), ids, service }),
  z.object({ action: z.literal("delete"), ids }),
]);
export type BulkContactsBody = z.input<typeof bulkContactsBody>;

export const bulkResult = z.object({
  /** Contacts that changed (or were deleted). */
  affected: z.number().int(),
  /** The group's size after adding or removing; absent for other actions. */
  group: groupSizeView.optional(),
});
export type BulkResult = z.infer<typeof bulkResult>;

export const bulkContactsRoute = defineRoute(composerRoute, "POST /dashboard/contacts/bulk", {
  summary: "Add selected contacts to a group, take them out, blacklist or unblacklist them, or delete them",
  body: bulkContactsBody,
  response: bulkResult,
  errors: ["validation", "contactNotFound", "groupNotFound"],
});

// ---------------------------------------------------------------------------------------------
// CSV import: the page parses the file and sends the mapped rows in chunks.

export const IMPORT_CHUNK_MAX = 5000;

export const importChunkBody = z
  .object({
    /** Contact objects as the API takes them ({mobile, firstName, …, labels: {name: value}}). */
    rows: z.array(z.unknown()).min(1, "Send at least one row").max(IMPORT_CHUNK_MAX, `At most ${IMPORT_CHUNK_MAX} rows per request`),
    /** The file's row number of rows[0] (the header is row 1). */
    startRow: z.number().int().min(1).max(10_000_000).default(2),
    /** Each row's number when they are not consecutive; as many as rows. */
    rowNumbers: z.array(z.number().int().min(1).max(10_000_000)).max(IMPORT_CHUNK_MAX).optional(),
    defaultCountry: z.string().trim().max(2).optional(),
    group: z.string().trim().max(100).optional(),
  })
  .refine((b) => !b.rowNumbers || b.rowNumbers.length === b.rows.length, { path: ["rowNumbers"], message: "Give one row number per row" });
export type ImportChunkBody = z.input<typeof importChunkBody>;

export const importResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  failed: z.array(z.object({ row: z.number().int(), value: z.string(), reason: z.string() })),
});
export type ImportResult = z.infer<typeof importResult>;

export const importChunkRoute = defineRoute(composerRoute, "POST /dashboard/contacts/import", {
  summary: "Import a chunk of CSV rows: new mobiles are created, known ones updated, bad rows reported",
  body: importChunkBody,
  maxBody: 8 * 1024 * 1024,
  response: importResult,
  errors: ["validation", "groupNotFound", "payloadTooLarge"],
});

// ---------------------------------------------------------------------------------------------
// Groups.

export const dashboardGroup = groupSizeView.extend({ builtIn: z.boolean() });
export type DashboardGroup = z.infer<typeof dashboardGroup>;

export const listDashboardGroupsRoute = defineRoute(dashboardRoute, "GET /dashboard/contacts/groups", {
  summary: "Every group with its size: All and NotListed first, then the account's own by name",
  ...pagedList(dashboardGroup, 1000, 2000),
});

export const groupForm = z.object({ name: groupName });
export type GroupForm = z.infer<typeof groupForm>;

/** What creating a group and merging groups into a new one share: the new group out, and its name taken. */
const newGroup = { response: groupSizeView, errors: ["validation", "contactOrGroupExists"] } as const;

export const createDashboardGroupRoute = defineRoute(composerRoute, "POST /dashboard/contacts/groups", { summary: "Create an empty group", body: groupForm, ...newGroup });

export const mergeGroupsForm = z.object({
  name: groupName,
  groups: z.array(z.string().trim().min(1).max(100)).min(2, "Choose at least two groups to merge").max(100),
});
export type MergeGroupsForm = z.infer<typeof mergeGroupsForm>;

export const mergeDashboardGroupsRoute = defineRoute(composerRoute, "POST /dashboard/contacts/groups/merge", {
  summary: "Create a group holding every contact of the chosen groups",
  body: mergeGroupsForm,
  ...newGroup,
  errors: [...newGroup.errors, "groupNotFound"],
});

export const deleteDashboardGroupRoute = defineRoute(composerRoute, "DELETE /dashboard/contacts/groups/{name}", {
  summary: "Delete a group; with deleteContacts=true its contacts too",
  params: z.object({ name: z.string().transform(decodeSegment).pipe(groupName) }),
  query: z.object({ deleteContacts: z.enum(["true", "false"]).default("false") }),
  response: z.object({ name: z.string(), deletedContacts: z.boolean() }),
  errors: ["validation", "groupNotFound"],
});

// ---------------------------------------------------------------------------------------------
// Custom labels.

export const dashboardLabel = z.object({ name: z.string(), type: z.enum(["Text", "Number"]), builtIn: z.boolean() });
export type DashboardLabel = z.infer<typeof dashboardLabel>;

export const listDashboardLabelsRoute = defineRoute(dashboardRoute, "GET /dashboard/contacts/labels", {
  summary: "Every contact label: the built-in fields, then the account's custom labels in the order they were made",
  response: z.array(dashboardLabel),
});

export const labelForm = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Name the label")
    .max(64, "At most 64 characters (the longest a message placeholder takes)")
    .regex(/^[A-Za-z][\w -]*$/, "Start with a letter; use letters, digits, spaces, _ or -"),
  type: z.enum(["Text", "Number"]),
});
export type LabelForm = z.infer<typeof labelForm>;

export const createDashboardLabelRoute = defineRoute(composerRoute, "POST /dashboard/contacts/labels", {
  summary: "Create a custom label",
  body: labelForm,
  response: dashboardLabel,
  errors: ["validation", "labelExists"],
});
