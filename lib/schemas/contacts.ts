// Contacts, labels, blacklists and groups as Routee's clients call them (spec/routee-extras.md §1).
// Loose where the clients are: ids as strings or {id} objects, names as strings or {name},
// contact fields checked by normalizeContactInput so that label errors get their own codes.
// The blacklist and groups are in contact-blacklist.ts and contact-groups.ts.
import { z } from "zod";
import { defineRoute } from "../http/route-spec.ts";
import { pageQuery, pageSchema } from "../http/paging.ts";

const labelType = z.enum(["Text", "Number"]);

export const contactView = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  mobile: z.string().describe("E.164 with '+'."),
  email: z.string(),
  country: z.string().describe("ISO 3166-1 alpha-2."),
  vip: z.boolean(),
  groups: z.array(z.string()),
  blacklistedServices: z.array(z.string()),
  labels: z.array(z.object({ name: z.string(), type: labelType, value: z.union([z.string(), z.number()]) })),
});

const field = (type: string, description: string, examples?: unknown[]) =>
  z
    .unknown()
    .optional()
    .meta({ type, description, ...(examples ? { examples } : {}) });

/** Shape for the document; the values are checked by normalizeContactInput. */
export const contactBody = z.object({
  mobile: field("string", "Required on create (POST). E.164; without '+' is accepted, and a national number when country is given.", ["+306912345678"]),
  firstName: field("string", "Up to 60 characters."),
  lastName: field("string", "Up to 60 characters."),
  email: field("string", "E-mail address."),
  country: field("string", "ISO 3166-1 alpha-2; taken from the mobile number when not given."),
  vip: field("boolean", 'Default false; "true"/"false" accepted.'),
  labels: z
    .unknown()
    .optional()
    .meta({
      type: "array",
      items: { type: "object", properties: { name: { type: "string" }, value: { type: ["string", "number"] } } },
      description: "Custom label values [{name, value}]; the labels must exist (POST /contacts/labels/my).",
    }),
  groups: z
    .unknown()
    .optional()
    .meta({ type: "array", items: { type: "string" }, description: "Names of existing groups to put the contact in." }),
});

/**
 * POST's body: mobile is required. The document says so (`required: true` in its meta, which the
 * document turns into the object's required list); the parse lets a missing one through to
 * normalizeContactInput, whose refusal is Routee's exact "Validation Error!" with property mobile.
 */
export const createContactBody = contactBody.extend({
  mobile: z
    .unknown()
    .optional()
    .meta({ type: "string", required: true, description: "E.164; without '+' is accepted, and a national number when country is given.", examples: ["+306912345678"] }),
});

export const idOf = (v: unknown) => (v && typeof v === "object" && !Array.isArray(v) ? (v as { id?: unknown }).id : v);
export const nameOf = (v: unknown) => (v && typeof v === "object" && !Array.isArray(v) ? (v as { name?: unknown }).name : v);
export const asText = (v: unknown) => (typeof v === "number" ? String(v) : v);

/** Contact ids as strings (docs) or {id} objects (PHP, C#); at least one. */
export const idsBody = z
  .preprocess(
    (v) => (Array.isArray(v) ? v.map((x) => asText(idOf(x))) : v),
    z.array(z.string().trim().min(1, "An id is empty").max(100)).min(1, "Send at least one contact id").max(10_000, "At most 10000 ids"),
  )
  .meta({
    type: "array",
    items: { anyOf: [{ type: "string" }, { type: "object", properties: { id: { type: "string" } } }] },
    description: "Contact ids, as strings or {id} objects.",
  });

/** Group names as strings or {name} objects; at least one. */
export const groupNamesBody = z
  .preprocess((v) => (Array.isArray(v) ? v.map((x) => asText(nameOf(x))) : v), z.array(z.string().trim().min(1, "A group name is empty").max(100)).min(1, "Send at least one group name").max(1000))
  .meta({ type: "array", items: { type: "string" }, description: "Group names." });

export const updated = z.object({ updated: z.number().int() });

export const groupSizeView = z.object({
  name: z.string(),
  size: z.number().int(),
  numberOfContacts: z.number().int().describe("The same as size, for older clients."),
});

/** Path segments arrive percent-encoded from some routers; names like "AMD Telecom" are decoded once. */
export function decodeSegment(v: string): string {
  if (!/%[0-9A-Fa-f]{2}/.test(v)) return v;
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}

const idParams = z.object({ id: z.string().transform(decodeSegment) });
export const tagContacts = "Contacts";

// --- contacts ---

export const createContactRoute = defineRoute({
  method: "POST",
  path: "/contacts/my",
  tag: tagContacts,
  summary: "Create a contact",
  auth: "bearer",
  scope: "contact",
  body: createContactBody,
  response: contactView,
  errors: ["validation", "contactOrGroupExists", "invalidLabels", "labelNotFound", "duplicateContactLabels", "groupNotFound"],
});

export const listContactsRoute = defineRoute({
  method: "GET",
  path: "/contacts/my",
  tag: tagContacts,
  summary: "List contacts, newest first",
  description: "search (name, mobile or email) and group narrow the list; they are Switchboard extensions.",
  auth: "bearer",
  scope: "contact",
  query: pageQuery(20, 2000).extend({
    search: z.string().max(200).optional(),
    group: z.string().max(100).optional(),
    sort: z.string().max(100).optional(),
  }),
  response: pageSchema(contactView),
  errors: ["groupNotFound"],
});

export const getContactRoute = defineRoute({
  method: "GET",
  path: "/contacts/my/{id}",
  tag: tagContacts,
  summary: "Get a contact",
  auth: "bearer",
  scope: "contact",
  params: idParams,
  response: contactView,
  errors: ["contactNotFound"],
});

export const updateContactRoute = defineRoute({
  method: "PUT",
  path: "/contacts/my/{id}",
  tag: tagContacts,
  summary: "Update a contact",
  description:
    "Fields left out (or null) keep their values; labels, when sent, replace the contact's labels; groups, when sent, " +
    "replace its groups (All and NotListed are ignored, others must exist). id in the body is ignored.",
  auth: "bearer",
  scope: "contact",
  params: idParams,
  body: contactBody,
  response: contactView,
  errors: ["contactNotFound", "validation", "invalidLabels", "duplicateContactLabels", "contactOrGroupExists", "labelNotFound", "groupNotFound"],
});

export const deleteContactRoute = defineRoute({
  method: "DELETE",
  path: "/contacts/my/{id}",
  tag: tagContacts,
  summary: "Delete a contact",
  description: "Answers the deleted contact.",
  auth: "bearer",
  scope: "contact",
  params: idParams,
  response: contactView,
  errors: ["contactNotFound"],
});

export const deleteContactsRoute = defineRoute({
  method: "DELETE",
  path: "/contacts/my",
  tag: tagContacts,
  summary: "Delete several contacts",
  description: "Answers the deleted ids. Also served as POST /contacts/my/delete.",
  auth: "bearer",
  scope: "contact",
  body: idsBody,
  response: z.array(z.string()),
  errors: ["contactNotFound"],
});

export const deleteContactsAliasRoute = defineRoute({ ...deleteContactsRoute, method: "POST", path: "/contacts/my/delete", internal: true });

export const mobileExistsRoute = defineRoute({
  method: "HEAD",
  path: "/contacts/my/mobile",
  tag: tagContacts,
  summary: "Whether a contact has this mobile: 200 if so, else 404",
  description: "The '+' of value must be URL-encoded (%2B); a space in its place is read as '+'. GET answers the same.",
  auth: "bearer",
  scope: "contact",
  query: z.object({ value: z.string().max(40).optional().default("") }),
  errors: ["contactNotFound"],
});

// --- labels ---

export const listLabelsRoute = defineRoute({
  method: "GET",
  path: "/contacts/labels/my",
  tag: tagContacts,
  summary: "Every contact label, default and custom, with its type",
  auth: "bearer",
  scope: "contact",
  response: z.record(z.string(), labelType),
});

const typeInAnyCase = z.preprocess((v) => (typeof v === "string" ? v.trim().charAt(0).toUpperCase() + v.trim().slice(1).toLowerCase() : v), labelType);

export const createLabelsRoute = defineRoute({
  method: "POST",
  path: "/contacts/labels/my",
  tag: tagContacts,
  summary: "Create custom contact labels",
  description: "Number labels accept only numeric values.",
  auth: "bearer",
  scope: "contact",
  body: z
    .array(
      z.object({
        name: z.string().trim().min(1, "name is required").max(100, "name is at most 100 characters"),
        type: typeInAnyCase,
      }),
    )
    .min(1, "Send at least one label")
    .max(100, "At most 100 labels at once"),
  response: z.array(z.object({ name: z.string(), type: labelType })),
  errors: ["validation", "labelExists", "repeatedLabelName"],
});
