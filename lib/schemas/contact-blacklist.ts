// The contact blacklist as Routee's clients call it (spec/routee-extras.md §1): contacts a
// service (SMS, Email…) must not reach, by contact id or by whole groups.
import { z } from "zod";
import { defineRoute } from "../http/route-spec.ts";
import { BLACKLIST_SERVICES, blacklistService } from "../core/contacts/model.ts";
import { contactView, decodeSegment, groupNamesBody, idsBody, tagContacts, updated } from "./contacts.ts";

const serviceParams = z.object({
  service: z
    .string()
    .transform((s, ctx) => {
      const service = blacklistService(decodeSegment(s));
      if (!service) {
        ctx.addIssue({ code: "custom", message: `The service must be one of ${BLACKLIST_SERVICES.join(", ")}` });
        return z.NEVER;
      }
      return service;
    })
    .meta({ enum: [...BLACKLIST_SERVICES] }),
});

/** Putting contacts on a service's blacklist or taking them off: their ids, answered with how many changed. */
const changeBlacklist = { tag: tagContacts, auth: "bearer", scope: "contact", params: serviceParams, body: idsBody, response: updated, errors: ["contactNotFound"] } as const;

export const addToBlacklistRoute = defineRoute(changeBlacklist, "POST /contacts/my/blacklist/{service}", {
  summary: "Blacklist contacts for a service",
  description: `service: ${BLACKLIST_SERVICES.join(", ")}. Answers how many contacts were added.`,
});

/** /contacts/my/blacklist with no service: the error naming the services, after the token check. */
export const missingBlacklistServiceRoute = defineRoute({
  method: "GET",
  path: "/contacts/my/blacklist",
  tag: tagContacts,
  summary: "The blacklist without a service: a 400 naming the services",
  auth: "bearer",
  scope: "contact",
  internal: true,
  errors: ["validation"],
});

export const listBlacklistRoute = defineRoute({
  method: "GET",
  path: "/contacts/my/blacklist/{service}",
  tag: tagContacts,
  summary: "Contacts blacklisted for a service",
  auth: "bearer",
  scope: "contact",
  params: serviceParams,
  response: z.array(contactView),
});

export const removeFromBlacklistRoute = defineRoute(changeBlacklist, "DELETE /contacts/my/blacklist/{service}", {
  summary: "Take contacts off a service's blacklist",
  description: "Answers how many contacts were taken off. Also served as POST /contacts/my/blacklist/{service}/remove.",
});

export const removeFromBlacklistAliasRoute = defineRoute({
  ...removeFromBlacklistRoute,
  method: "POST",
  path: "/contacts/my/blacklist/{service}/remove",
  internal: true,
});

export const removeGroupsFromBlacklistRoute = defineRoute({
  method: "DELETE",
  path: "/contacts/my/blacklist/{service}/groups",
  tag: tagContacts,
  summary: "Take every contact of some groups off a service's blacklist",
  auth: "bearer",
  scope: "contact",
  params: serviceParams,
  body: groupNamesBody,
  response: updated,
  errors: ["groupNotFound"],
});
