// Number pools: the spec's POST /pools/my and POST /pools/my/{poolId}/sms, the list, read,
// update and delete in the style of the rest, membership endpoints, and the dashboard's JSON.
import { z } from "zod";
import { isoDate } from "./iso.ts";
import { composerRoute, dashboardRoute, defineRoute } from "../http/route-spec.ts";
import { pagedList, pageQuery } from "../http/paging.ts";
import { looseBool, sendSmsBody, smsResource, stringish } from "./sms.ts";

const url = z.string().trim().max(2000, "At most 2000 characters");

export const smsSettingsBody = z.object({
  sticky: looseBool.optional().describe("Reuse the same number per recipient (default true)."),
  geomatch: looseBool.optional().describe("Prefer a number of the destination's country (default true)."),
  transcode: looseBool.optional().describe("Default false."),
  defaultCountry: z.string().trim().max(2).optional().describe("ISO 3166-1 alpha-2: where a sender comes from when nothing more suitable exists."),
  alphanumericSenderId: z.string().trim().max(11, "At most 11 characters").optional().describe("Sender for poolStrategy Alphanumeric."),
  callback: z.object({ url: url.optional(), strategy: z.enum(["OnChange", "OnCompletion"]).optional() }).optional(),
  inboundSMSCallbackUrl: url.optional(),
  inboundSmsCallbackUrl: url.optional(),
});

const poolName = z.string().trim().min(1, "poolName is required").max(100, "At most 100 characters");
const numbers = z.array(stringish).max(1000).describe("Rented numbers (E.164) in the pool.");

export const createPoolBody = z.object({ poolName, smsSettings: smsSettingsBody, numbers: numbers.optional() });
export const updatePoolBody = z.object({ poolName: poolName.optional(), smsSettings: smsSettingsBody.optional(), numbers: numbers.optional() });
export type CreatePoolBody = z.infer<typeof createPoolBody>;

export const poolResource = z.object({
  poolId: z.string(),
  poolName: z.string(),
  smsSettings: z.object({
    sticky: z.boolean(),
    geomatch: z.boolean(),
    transcode: z.boolean(),
    defaultCountry: z.string(),
    alphanumericSenderId: z.string(),
    callback: z.object({ url: z.string(), strategy: z.string() }),
    inboundSMSCallbackUrl: z.string(),
  }),
  numbers: z.array(z.string()),
  createdAt: isoDate,
  updatedAt: isoDate,
});

const poolParams = z.object({ poolId: z.string().max(64) });
const common = { tag: "Pools", auth: "bearer", scope: "number_pool" } as const;
/** The routes of one pool: its id in the path, the pool in the answer. */
const onePool = { params: poolParams, response: poolResource } as const;
const writeErrors = ["poolNameTaken", "numberNotFound", "numberInOtherPool", "callbackUrlRefused", "invalidSender"] as const;

export const createPoolRoute = defineRoute(common, "POST /pools/my", { summary: "Create a number pool", body: createPoolBody, response: poolResource, errors: [...writeErrors] });

export const listPoolsRoute = defineRoute(common, "GET /pools/my", { summary: "The account's pools", ...pagedList(poolResource, 20, 500) });

export const getPoolRoute = defineRoute(common, "GET /pools/my/{poolId}", { summary: "One pool", ...onePool, errors: ["poolNotFound"] });

export const updatePoolRoute = defineRoute(common, "PUT /pools/my/{poolId}", {
  summary: "Update a pool: its name, smsSettings fields, and with numbers its whole membership",
  ...onePool,
  body: updatePoolBody,
  errors: ["poolNotFound", ...writeErrors],
});

export const deletePoolRoute = defineRoute(common, "DELETE /pools/my/{poolId}", {
  summary: "Delete a pool (its numbers stay rented)",
  description: "Answers 200 with an empty body.",
  params: poolParams,
  errors: ["poolNotFound"],
});

export const addPoolNumbersRoute = defineRoute(common, "POST /pools/my/{poolId}/numbers", {
  summary: "Add rented numbers to a pool",
  ...onePool,
  body: z.object({ numbers: numbers.min(1, "Give at least one number") }),
  errors: ["poolNotFound", "numberNotFound", "numberInOtherPool"],
});

export const removePoolNumberRoute = defineRoute(common, "DELETE /pools/my/{poolId}/numbers/{msisdn}", {
  summary: "Take a number out of a pool (it stays rented)",
  params: poolParams.extend({ msisdn: z.string().max(40) }),
  response: poolResource,
  errors: ["poolNotFound", "numberNotFound"],
});

export const sendPoolSmsBody = z.object({
  poolStrategy: z.string().optional().describe("Numeric (default): a number of the pool; Alphanumeric: the pool's alphanumericSenderId."),
  to: stringish.describe("Destination, E.164."),
  ...sendSmsBody.omit({ from: true, to: true }).shape,
});

/** The SMS resource plus the pool that sent it. */
export const poolSmsResource = smsResource.extend({
  poolId: z.string(),
  poolName: z.string(),
  poolStrategy: z.string(),
  smsSettings: poolResource.shape.smsSettings,
});

export const sendPoolSmsRoute = defineRoute(common, "POST /pools/my/{poolId}/sms", {
  summary: "Send an SMS from a number the pool chooses",
  description: "sticky: the number used for the recipient before; geomatch: a number of the destination's country; then defaultCountry; then any number of the pool.",
  params: poolParams,
  body: sendPoolSmsBody,
  response: poolSmsResource,
  errors: ["poolNotFound", "poolHasNoNumber", "poolNoAlphanumericSender", "insufficientBalance", "destinationUnsupported", "callbackUrlRefused"],
});

// ---- dashboard

export const dashboardPoolsRoute = defineRoute(dashboardRoute, "GET /dashboard/pools", { summary: "The account's pools", query: pageQuery(50, 200) });
export const dashboardCreatePoolRoute = defineRoute(composerRoute, "POST /dashboard/pools", { summary: "Create a pool", body: createPoolBody });
export const dashboardPoolRoute = defineRoute(dashboardRoute, "GET /dashboard/pools/{poolId}", { summary: "One pool", params: poolParams });
export const dashboardUpdatePoolRoute = defineRoute(composerRoute, "PUT /dashboard/pools/{poolId}", { summary: "Update a pool", params: poolParams, body: updatePoolBody });
export const dashboardDeletePoolRoute = defineRoute(composerRoute, "DELETE /dashboard/pools/{poolId}", { summary: "Delete a pool", params: poolParams });
export const dashboardPoolSmsRoute = defineRoute(composerRoute, "POST /dashboard/pools/{poolId}/sms", {
  summary: "Send an SMS through a pool",
  params: poolParams,
  body: z.object({ to: z.string().trim().min(1, "Give a number"), body: z.string().min(1, "Write a message").max(1600), poolStrategy: z.enum(["Numeric", "Alphanumeric"]).optional() }),
});
