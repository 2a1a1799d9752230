// Routing rules (issue 16): the operator's create and edit bodies, a rule as answers show it,
// the route tester's question and answer, and the operator routes that carry them. The fields
// are plain text as stored ('' matches anything, a comma list any of its values); their meaning
// is checked by lib/core/routing/rule-fields.ts, which the command line shares.
import { z } from "zod";
import { isoDate } from "./iso.ts";
import { defineRoute, operatorRoute } from "../http/route-spec.ts";
import { SENDER_TYPES, STRATEGIES } from "../core/routing/route-rules.ts";
import { idParams } from "./path-segment.ts";

const list = (what: string, example: string) =>
  z
    .string({ error: `${what} is text` })
    .trim()
    .max(2000, "At most 2000 characters")
    .describe(`${what}: '' for any, or a comma list (${example}).`);

export const routeFields = {
  name: z.string().trim().max(100, "At most 100 characters"),
  accountId: z
    .string()
    .trim()
    .nullable()
    .transform((v) => v || null)
    .describe("Only this account's messages; null or '' for every account."),
  country: list("Destination countries, ISO 3166-1 alpha-2", "GR,CY"),
  prefix: list("Number prefixes, digits with an optional +", "+3069,3070"),
  network: list("Destination networks, MCC-MNC", "20201,20205"),
  kind: list("Message kinds: single, campaign, otp, pool", "otp,single"),
  senderType: z.enum(["", ...SENDER_TYPES], { error: "senderType is alphanumeric, numeric or '' (any)" }),
  strategy: z.enum(STRATEGIES, { error: "strategy is priority, weights or cost" }),
  connectorIds: z
    .array(z.string().max(64), { error: "connectorIds is a list of connector ids" })
    .min(1, "Name at least one connector")
    .max(10, "At most 10 connectors")
    .describe("Connectors in priority order (strategy priority), or the ones weights and costs choose between."),
  weights: z.array(z.number().int("Weights are whole numbers").min(0, "Weights are not negative").max(1_000_000), { error: "weights is a list of numbers" }).max(10),
  enabled: z.boolean({ error: "enabled is true or false" }),
};

const position = z.number({ error: "position is a number" }).int("position is a whole number").min(1, "position starts at 1");

export const createRouteBody = z
  .object(routeFields)
  .partial()
  .extend({ connectorIds: routeFields.connectorIds, position: position.optional().describe("1 is tried first; default: after the others.") });
export type CreateRouteInput = z.output<typeof createRouteBody>;

export const updateRouteBody = z.object(routeFields).partial().extend({ position: position.optional() });
export type UpdateRouteInput = z.output<typeof updateRouteBody>;

/** A rule as answers show it: its fields as stored ('' for every account), where it stands, and what it matches. */
export const routeResource = z.object(routeFields).extend({
  id: z.string(),
  position: z.number(),
  accountId: z.string(),
  /** The connectors' names, in the same order as connectorIds. */
  connectors: z.array(z.string()),
  /** What it matches, as the command line writes it: "country=GR,kind=otp", or "everything". */
  match: z.string(),
  createdAt: isoDate,
  updatedAt: isoDate,
});

export const routeTestBody = z.object({
  accountId: z.string().trim().max(64).optional().describe("The sending account; left out: rules for every account only."),
  from: z.string().trim().max(16, "At most 16 characters").optional().describe("The sender: alphanumeric or numeric."),
  to: z.string({ error: "to is required" }).trim().min(1, "to is required").max(32).describe("The destination number, E.164."),
  kind: z.enum(["single", "campaign", "otp", "pool"], { error: "kind is single, campaign, otp or pool" }).optional(),
  network: z.string().trim().max(7).optional().describe("The destination's MCC-MNC, when a rule matches on it (it is not known from the number)."),
});

export const routeTestResult = z.object({
  /** The connector the message would go to (the first started one of the order), or "" for none. */
  connector: z.string(),
  connectorId: z.string(),
  /** The rule that decided, or "" when none matched (the connector named default). */
  routeId: z.string(),
  rule: routeResource.nullable(),
  reason: z.string(),
  order: z.array(z.object({ id: z.string(), name: z.string(), enabled: z.boolean(), cost: z.number().nullable() })),
  destination: z.object({ to: z.string(), country: z.string(), network: z.string(), senderType: z.string() }),
});

// ---- operator routes (platform administrators)

const operator = operatorRoute;
const writeErrors = ["connectorNotFound", "accountNotFound"] as const;

export const listRoutesRoute = defineRoute(operator, "GET /operator/routes", { summary: "Routing rules, in the order they are tried", response: z.object({ content: z.array(routeResource) }) });
export const createRouteRoute = defineRoute(operator, "POST /operator/routes", { summary: "Add a routing rule", body: createRouteBody, response: routeResource, errors: [...writeErrors] });
export const getRouteRoute = defineRoute(operator, "GET /operator/routes/{id}", { summary: "One routing rule", params: idParams, response: routeResource, errors: ["routingRuleNotFound"] });
export const updateRouteRoute = defineRoute(operator, "PATCH /operator/routes/{id}", {
  summary: "Edit a routing rule, or move it (position)",
  params: idParams,
  body: updateRouteBody,
  response: routeResource,
  errors: ["routingRuleNotFound", ...writeErrors],
});
export const deleteRouteRoute = defineRoute(operator, "DELETE /operator/routes/{id}", { summary: "Delete a routing rule", params: idParams, errors: ["routingRuleNotFound"] });
export const testRouteRoute = defineRoute(operator, "POST /operator/route-test", {
  summary: "Which connector a message would go to, and which rule chose it",
  body: routeTestBody,
  response: routeTestResult,
  errors: ["accountNotFound"],
});
