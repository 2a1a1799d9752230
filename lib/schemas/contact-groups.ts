// Contact groups as Routee's clients call them (spec/routee-extras.md §1): listing and sizes,
// creating (empty, all, filtered, merged, difference), deleting, and their members.
import { z } from "zod";
import { defineRoute } from "../http/route-spec.ts";
import { pagedList } from "../http/paging.ts";
import { SEARCH_OPERATORS } from "../core/contacts/model.ts";
import { asText, contactView, decodeSegment, groupNamesBody, groupSizeView, idsBody, nameOf } from "./contacts.ts";

const groupParams = z.object({ name: z.string().transform(decodeSegment).pipe(z.string().trim().min(1, "The group name is empty")) });

const tagGroups = "Contact groups";

export const listGroupsRoute = defineRoute({
  method: "GET",
  path: "/groups/my",
  tag: tagGroups,
  summary: "Every group's name",
  description: "All (every contact) and NotListed (contacts in no group) come first; every account has them.",
  auth: "bearer",
  scope: "contact",
  response: z.array(z.object({ name: z.string() })),
});

export const groupsPageRoute = defineRoute({
  method: "GET",
  path: "/groups/my/page",
  tag: tagGroups,
  summary: "A page of groups with their sizes",
  auth: "bearer",
  scope: "contact",
  ...pagedList(groupSizeView, 10, 2000),
});

export const getGroupRoute = defineRoute({
  method: "GET",
  path: "/groups/my/{name}",
  tag: tagGroups,
  summary: "A group's size",
  auth: "bearer",
  scope: "contact",
  params: groupParams,
  response: groupSizeView,
  errors: ["groupNotFound"],
});

const groupName = (min: number, max: number) => z.preprocess(asText, z.string().trim().min(min, `name must have at least ${min} characters`).max(max, `name is at most ${max} characters`));

export const createGroupRoute = defineRoute({
  method: "POST",
  path: "/groups/my",
  tag: tagGroups,
  summary: "Create a group: empty, with every contact, or with the contacts matching filters",
  description: `filters: [{fieldName (a label), searchTerm, searchOperator (${SEARCH_OPERATORS.join(", ")}; default is)}], all of which must match, case-insensitively.`,
  auth: "bearer",
  scope: "contact",
  body: z.object({
    name: groupName(1, 100),
    strategy: z
      .preprocess(
        (v) => (v === null || v === "" ? undefined : typeof v === "string" ? v.trim().charAt(0).toUpperCase() + v.trim().slice(1).toLowerCase() : v),
        z.enum(["None", "Filtered", "All"]).optional(),
      )
      .meta({ description: "None (default), Filtered or All." }),
    filters: z
      .unknown()
      .optional()
      .meta({
        type: "array",
        items: {
          type: "object",
          properties: { fieldName: { type: "string" }, searchTerm: { type: "string" }, searchOperator: { type: "string", enum: [...SEARCH_OPERATORS] } },
        },
      }),
  }),
  response: groupSizeView,
  errors: ["contactOrGroupExists", "invalidGroupFilters"],
});

export const deleteGroupsRoute = defineRoute({
  method: "DELETE",
  path: "/groups/my",
  tag: tagGroups,
  summary: "Delete groups, and with deleteContacts=true their contacts",
  description: "Also served as POST /groups/my/delete.",
  auth: "bearer",
  scope: "contact",
  query: z.object({
    deleteContacts: z
      .preprocess((v) => typeof v === "string" && v.trim().toLowerCase() === "true", z.boolean())
      .meta({ type: "boolean", default: false, description: "Delete the groups' contacts too (default false)." }),
  }),
  body: groupNamesBody,
  response: z.array(z.object({ name: z.string(), deletedContacts: z.boolean() })),
  errors: ["groupNotFound"],
});

export const deleteGroupsAliasRoute = defineRoute({ ...deleteGroupsRoute, method: "POST", path: "/groups/my/delete", internal: true });

const combineBody = z.object({
  name: groupName(2, 30),
  groups: z.preprocess((v) => (Array.isArray(v) ? v.map((x) => asText(nameOf(x))) : v), z.array(z.string().trim().min(1, "A group name is empty").max(100)).min(1, "Name at least one group").max(100)),
});

/** A new group made of existing ones: a name and the groups it combines, answered with its size. */
const combineGroups = { tag: tagGroups, auth: "bearer", scope: "contact", body: combineBody, response: groupSizeView, errors: ["groupNotFound", "contactOrGroupExists"] } as const;

export const mergeGroupsRoute = defineRoute(combineGroups, "POST /groups/my/merge", {
  summary: "Create a group from the union of groups",
  description: "Each contact once; every member gets the new group's tag.",
});

export const differenceGroupsRoute = defineRoute(combineGroups, "POST /groups/my/difference", {
  summary: "Create a group from the contacts of the first group that are in none of the others",
});

export const groupContactsRoute = defineRoute({
  method: "GET",
  path: "/groups/my/{name}/contacts",
  tag: tagGroups,
  summary: "A page of a group's contacts",
  description: "sort: a label name, optionally followed by ,asc or ,desc.",
  auth: "bearer",
  scope: "contact",
  params: groupParams,
  ...pagedList(contactView, 10, 2000, { sort: z.string().max(100).optional() }),
  errors: ["groupNotFound"],
});

export const addGroupContactsRoute = defineRoute({
  method: "POST",
  path: "/groups/my/{name}/contacts",
  tag: tagGroups,
  summary: "Add contacts to a group",
  auth: "bearer",
  scope: "contact",
  params: groupParams,
  body: idsBody,
  response: groupSizeView,
  errors: ["groupNotFound", "contactNotFound"],
});

export const removeGroupContactsRoute = defineRoute({
  ...addGroupContactsRoute,
  method: "DELETE",
  summary: "Take contacts out of a group",
});
