// Rented numbers: the catalogue search, renting, updating, listing and cancelling (the spec's
// /numbers endpoints), and the dashboard's JSON for the Numbers pages. The bodies also type the
// dashboard's forms.
import { z } from "zod";
import { isoDate } from "./iso.ts";
import { composerRoute, dashboardRoute, defineRoute } from "../http/route-spec.ts";
import { pageQuery, pageSchema } from "../http/paging.ts";
import { stringish } from "./sms.ts";

const costItem = z.object({ price: z.number(), currency: z.string() });
const inboundCost = costItem.extend({ service: z.string() });

export const availableNumber = z.object({
  msisdn: z.string(),
  country: z.string(),
  services: z.array(z.string()),
  inboundCosts: z.array(inboundCost),
  monthlyCosts: costItem,
  activationCosts: costItem,
  chargeInterval: z.number().int(),
  tollFree: z.boolean(),
  type: z.enum(["VLN", "TOLL_FREE"]),
  areaCode: z.string(),
});

const rentedFields = {
  trackingId: z.string(),
  msisdn: z.string(),
  country: z.string(),
  services: z.array(z.string()),
  inboundCosts: z.array(inboundCost),
  chargeInterval: z.number().int(),
  tollFree: z.boolean(),
  inboundSmsCallbackUrl: z.string(),
  voiceInboundStrategy: z.object({ dialplanUrl: z.string() }),
  inboundVoiceCallbackUrl: z.string(),
  nextRenewal: isoDate,
  rentedAt: isoDate,
};
/** As rent answers it: costs as objects. */
export const rentedNumber = z.object({ ...rentedFields, monthlyCosts: costItem, activationCosts: costItem });
/** As update and list answer it: costs as arrays (the spec's form). */
export const listedNumber = z.object({ ...rentedFields, monthlyCosts: z.array(costItem), activationCosts: z.array(costItem) });

const url = z.string().trim().max(2000, "At most 2000 characters");
export const numberCallbacksBody = z.object({
  inboundSmsCallbackUrl: url.optional(),
  voiceInboundStrategy: z.object({ dialplanUrl: url.optional() }).optional(),
  inboundVoiceCallbackUrl: url.optional(),
});
export type NumberCallbacksBody = z.infer<typeof numberCallbacksBody>;

export const rentNumberBody = numberCallbacksBody.extend({
  msisdn: stringish
    .pipe(z.string().trim().min(1, "msisdn is required"))
    .describe("The number to rent, E.164 with '+'.")
    .meta({ examples: ["+12125550123"] }),
});

const sortParam = z.string().max(100).optional().describe("msisdn, country, areaCode, monthlyCosts or activationCosts, optionally followed by ,asc or ,desc");
const numbersPage = pageQuery(20, 500);
const common = { tag: "Numbers", auth: "bearer", scope: "virtual_number" } as const;

export const listAvailableRoute = defineRoute(common, "GET /numbers/available", {
  summary: "Available numbers of a country",
  query: numbersPage.extend({
    country: z
      .string("country is required: give an ISO 3166-1 alpha-2 code such as US or GR.")
      .trim()
      .min(1, "country is required: give an ISO 3166-1 alpha-2 code such as US or GR.")
      .describe("ISO 3166-1 alpha-2.")
      .meta({ examples: ["US"] }),
    service: z.string().trim().optional().describe("sms or voice"),
    areaCode: z.string().trim().optional().describe("3-digit area code, US and Canada only"),
    type: z.string().trim().optional().describe("VLN or TOLL_FREE, US and Canada only"),
    sort: sortParam,
  }),
  response: pageSchema(availableNumber),
  errors: ["validation"],
});

export const numberFilter = z.object({
  fieldName: z.enum(["country", "msisdn", "service", "areaCode", "type"]),
  searchTerm: stringish.pipe(z.string().trim().min(1, "searchTerm is required").max(100)),
  searchOperator: z.enum(["is", "contains", "starts_with", "ends_with"]).optional(),
});

export const searchAvailableRoute = defineRoute(common, "POST /numbers/available/search", {
  summary: "Search available numbers with filters",
  description: "The body is an array of filters; one must be on country. areaCode and type (VLN, TOLL_FREE) apply to the US and Canada only.",
  query: numbersPage.extend({ sort: sortParam }),
  body: z.preprocess(
    (v) => (v && typeof v === "object" && !Array.isArray(v) && Array.isArray((v as { filters?: unknown }).filters) ? (v as { filters: unknown }).filters : v),
    z.array(numberFilter).max(20, "At most 20 filters"),
  ),
  response: pageSchema(availableNumber),
  errors: ["validation"],
});

const msisdnParams = z.object({ msisdn: z.string().max(40) });

export const rentNumberRoute = defineRoute(common, "POST /numbers/my", {
  summary: "Rent a number: its activation and first month are charged",
  body: rentNumberBody,
  response: rentedNumber,
  errors: ["numberNotAvailable", "numberTaken", "numberAlreadyRented", "insufficientBalance", "callbackUrlRefused"],
});

export const listRentedRoute = defineRoute(common, "GET /numbers/my", { summary: "The account's rented numbers", query: numbersPage, response: pageSchema(listedNumber) });

export const getRentedRoute = defineRoute(common, "GET /numbers/my/{msisdn}", { summary: "One rented number", params: msisdnParams, response: listedNumber, errors: ["numberNotFound"] });

export const updateRentedRoute = defineRoute(common, "PUT /numbers/my/{msisdn}", {
  summary: "Update a rented number's callbacks",
  description: "The path's msisdn is written without '+'. Settings left out stay as they are; an empty string clears one.",
  params: msisdnParams,
  body: numberCallbacksBody,
  emptyBody: {},
  response: listedNumber,
  errors: ["numberNotFound", "callbackUrlRefused"],
});

export const cancelRentedRoute = defineRoute(common, "DELETE /numbers/my/{msisdn}", {
  summary: "Cancel a rented number",
  description: "Answers 200 with an empty body. Nothing is refunded. A number in a pool must leave it first.",
  params: msisdnParams,
  errors: ["numberNotFound", "numberInPool"],
});

// ---- dashboard

export const dashboardAvailableRoute = defineRoute(dashboardRoute, "GET /dashboard/numbers/available", {
  summary: "Search the catalogue (with costs in the account's currency)",
  query: pageQuery(20, 200).extend({
    country: z.string().trim().min(2, "Choose a country").max(2),
    type: z.enum(["", "VLN", "TOLL_FREE"]).optional(),
    service: z.enum(["", "Sms", "Voice"]).optional(),
    areaCode: z.string().trim().max(3).optional(),
    contains: z.string().trim().max(15).optional(),
  }),
  response: pageSchema(availableNumber),
});

export const dashboardRentedListRoute = defineRoute(dashboardRoute, "GET /dashboard/numbers", { summary: "The account's rented numbers", query: pageQuery(20, 200) });

export const dashboardRentRoute = defineRoute(composerRoute, "POST /dashboard/numbers", { summary: "Rent a number", body: rentNumberBody });

const dashMsisdn = z.object({ msisdn: z.string().max(40) });
export const dashboardNumberRoute = defineRoute(dashboardRoute, "GET /dashboard/numbers/{msisdn}", { summary: "A rented number with its history", params: dashMsisdn });
export const dashboardUpdateNumberRoute = defineRoute(composerRoute, "PUT /dashboard/numbers/{msisdn}", {
  summary: "Update a number's callbacks",
  params: dashMsisdn,
  body: numberCallbacksBody,
});
export const dashboardCancelNumberRoute = defineRoute(composerRoute, "DELETE /dashboard/numbers/{msisdn}", { summary: "Cancel a number", params: dashMsisdn });

export const dashboardConversationsRoute = defineRoute(dashboardRoute, "GET /dashboard/numbers/{msisdn}/conversations", {
  summary: "A number's correspondents, latest first",
  params: dashMsisdn,
  query: pageQuery(50, 200),
});

const conversationParams = z.object({ msisdn: z.string().max(40), correspondent: z.string().max(40) });
export const dashboardConversationRoute = defineRoute(dashboardRoute, "GET /dashboard/numbers/{msisdn}/conversations/{correspondent}", {
  summary: "The messages between a number and one correspondent",
  params: conversationParams,
});

export const replyBody = z.object({ body: z.string().trim().min(1, "Write a message").max(1600, "At most 1600 characters") });
export const dashboardReplyRoute = defineRoute(composerRoute, "POST /dashboard/numbers/{msisdn}/conversations/{correspondent}", {
  summary: "Reply from the number",
  params: conversationParams,
  body: replyBody,
});

export const simulateInboundBody = z.object({
  from: z.string().trim().min(1, "Give the sender's number").max(20),
  body: z.string().min(1, "Write a message").max(1600, "At most 1600 characters"),
});
export const dashboardSimulateInboundRoute = defineRoute(composerRoute, "POST /dashboard/numbers/{msisdn}/inbound", {
  summary: "Have the SMSC simulator send an SMS to the number",
  params: dashMsisdn,
  body: simulateInboundBody,
});
