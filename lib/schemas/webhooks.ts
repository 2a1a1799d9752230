// The webhook center (issue 20): the delivery log of every callback, replays, endpoint health,
// pause and resume, the account's settings; bearer routes with scope `webhooks` in the public
// document, and the dashboard's copies of them (plus the test delivery form).
import { z } from "zod";
import { isoDate } from "./iso.ts";
import { dashboardCopy, dashboardRoute, defineRoute } from "../http/route-spec.ts";
import { optionalLooseDate } from "../http/query-date.ts";
import { callbackKinds, deliveryStates } from "../core/callbacks/delivery-states.ts";
import { idParams } from "./path-segment.ts";

const common = { tag: "Webhooks", auth: "bearer", scope: "webhooks" } as const;

const stateList = z
  .preprocess(
    (v) =>
      typeof v === "string"
        ? v
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z.array(z.enum(deliveryStates)).max(5),
  )
  .optional()
  .meta({ description: `One state or several, comma-separated: ${deliveryStates.join(", ")}.` });

const blankless = (max: number) => z.preprocess((v) => (v === "" ? undefined : v), z.string().trim().max(max).optional());

export const deliveryFilter = z.object({
  kind: blankless(64).describe("Callback kind: sms.status, campaign.state, sms.inbound, pool.inbound, otp.flow, email.open, email.click."),
  state: stateList,
  host: blankless(253).describe("Destination host name (without port)."),
  resourceId: blankless(64).describe("The trackingId of a message or campaign."),
  from: optionalLooseDate.describe("Created at or after (ISO 8601)."),
  to: optionalLooseDate.describe("Created before (ISO 8601)."),
});

export const listDeliveriesQuery = deliveryFilter.extend({
  cursor: blankless(200).describe("nextCursor of the previous page."),
  size: z
    .preprocess((v) => (v === undefined || v === "" ? 50 : Number(v)), z.number().int().min(1, "size must be at least 1").max(200, "size must be at most 200"))
    .meta({ type: "integer", minimum: 1, maximum: 200, default: 50, description: "Page size (default 50, at most 200)." }),
});

const lastAttempt = z.object({ at: isoDate, statusCode: z.number().int(), latencyMs: z.number().int(), error: z.string() }).nullable();

export const deliverySummary = z.object({
  id: z.string().describe("The callback's id: its webhook-id header."),
  kind: z.string(),
  url: z.string(),
  endpoint: z.string().describe("scheme://host/path: what health, pause and pace are kept for."),
  state: z.enum(deliveryStates),
  attempts: z.number().int(),
  messageId: z.string().nullable(),
  campaignId: z.string().nullable(),
  createdAt: isoDate,
  completedAt: isoDate,
  replayedBy: z.string().nullable(),
  lastAttempt,
});

export const deliveryPage = z.object({ content: z.array(deliverySummary), nextCursor: z.string().nullable() });

const exchange = z.object({
  request: z.object({ method: z.string(), url: z.string(), headers: z.record(z.string(), z.string()), body: z.string() }),
  response: z.object({ statusCode: z.number().int(), headers: z.record(z.string(), z.string()), body: z.string(), error: z.string() }),
});

export const deliveryDetail = deliverySummary.omit({ lastAttempt: true, attempts: true }).extend({
  nextAttemptAt: isoDate.describe("When a retrying callback is attempted next; empty unless it is retrying (and for inbound-message callbacks, retried on their own schedule)."),
  payload: z.unknown(),
  attempts: z.array(exchange.extend({ attempt: z.number().int(), at: isoDate, latencyMs: z.number().int(), replayedBy: z.string().nullable() })),
});

export const replayBody = z
  .object({
    ids: z.array(z.string().max(64)).min(1).max(1000).optional().describe("Callback ids to replay (any that have ended)."),
    filter: deliveryFilter.optional().describe("Or every failed or paused callback matching this filter."),
    dryRun: z.boolean().optional().describe("Only count what would be replayed."),
    expectedCount: z.number().int().min(0).max(10_000).optional().describe("The count you confirm (from a dryRun); required to replay."),
  })
  // One of ids and filter is required (a 400 naming "filter" otherwise): a replay of everything is refused.
  .meta({ description: "Name the callbacks to replay: ids, or a filter.", examples: [{ filter: { state: ["failed"] }, expectedCount: 0 }] });

export const replayAnswer = z.object({ replayId: z.string().nullable(), count: z.number().int(), cap: z.number().int() });

export const replayProgressAnswer = z.object({
  id: z.string(),
  requestedBy: z.string(),
  filter: z.unknown(),
  total: z.number().int(),
  handedOver: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  paused: z.number().int(),
  waiting: z.number().int(),
  done: z.boolean(),
  createdAt: isoDate,
});

const window = z.object({
  attempts: z.number().int(),
  successRate: z.number().nullable(),
  latencyMs: z.object({ p50: z.number().nullable(), p95: z.number().nullable(), p99: z.number().nullable() }),
});

export const endpointHealth = z.object({
  endpoint: z.string(),
  paused: z.boolean(),
  pausedAt: isoDate,
  consecutiveFailures: z.number().int(),
  failingSince: isoDate,
  lastSuccessAt: isoDate,
  lastFailureAt: isoDate,
  lastStatus: z.number().int(),
  lastError: z.string(),
  waiting: z.number().int().describe("Callbacks waiting while it is paused (dead letters)."),
  lastHour: window,
  lastDay: window,
  hourly: z.array(z.tuple([z.number().int(), z.number().int()])).describe("Attempts per hour over 24 hours, oldest first: [succeeded, failed]."),
});

export const endpointBody = z.object({ endpoint: z.string().trim().min(1, "endpoint is required").max(2000) });
export const endpointAnswer = z.object({ endpoint: z.string(), paused: z.boolean(), waiting: z.number().int().optional() });

export const settingsBody = z.object({
  pauseAfterFailures: z.number().int().min(1).max(10_000).optional(),
  pauseAfterMinutes: z.number().int().min(0).max(10_080).optional(),
  maxConcurrency: z.number().int().min(1).max(100).optional(),
  maxPerSecond: z.number().int().min(0).max(10_000).optional().describe("0: no limit."),
});
export const settingsAnswer = z.object({ pauseAfterFailures: z.number().int(), pauseAfterMinutes: z.number().int(), maxConcurrency: z.number().int(), maxPerSecond: z.number().int() });

export const listDeliveriesRoute = defineRoute(common, "GET /webhooks/deliveries", {
  summary: "The delivery log: every callback of the account, newest first, by cursor",
  query: listDeliveriesQuery,
  response: deliveryPage,
  errors: ["validation"],
});

export const readDeliveryRoute = defineRoute(common, "GET /webhooks/deliveries/{id}", {
  summary: "One callback with every attempt: the request as sent (signature included) and the answer",
  params: idParams,
  response: deliveryDetail,
  errors: ["notFound"],
});

export const replayDeliveryRoute = defineRoute(common, "POST /webhooks/deliveries/{id}/replay", {
  summary: "Replay one callback: same webhook-id, signed with the current secret",
  params: idParams,
  response: z.object({ id: z.string(), state: z.literal("pending"), replayedBy: z.string() }),
  errors: ["notFound", "conflict"],
});

export const replayDeliveriesRoute = defineRoute(common, "POST /webhooks/replays", {
  summary: "Replay a selection, or every failed or paused callback matching a filter (count first, then confirm)",
  body: replayBody,
  response: replayAnswer,
  errors: ["validation", "notFound", "conflict"],
});

export const replayProgressRoute = defineRoute(common, "GET /webhooks/replays/{id}", {
  summary: "A bulk replay's progress",
  params: idParams,
  response: replayProgressAnswer,
  errors: ["notFound"],
});

export const listEndpointsRoute = defineRoute(common, "GET /webhooks/endpoints", {
  summary: "Destinations with their health: success rate, latency, last error, paused or not",
  response: z.array(endpointHealth),
});

export const pauseEndpointRoute = defineRoute(common, "POST /webhooks/endpoints/pause", {
  summary: "Pause an endpoint: its callbacks wait as dead letters",
  body: endpointBody,
  response: endpointAnswer,
});

export const resumeEndpointRoute = defineRoute(common, "POST /webhooks/endpoints/resume", {
  summary: "Resume an endpoint: what waited is sent again, once each, in order",
  body: endpointBody,
  response: endpointAnswer,
  errors: ["notFound"],
});

export const readSettingsRoute = defineRoute(common, "GET /webhooks/settings", { summary: "When endpoints pause, and their pace", response: settingsAnswer });

export const updateSettingsRoute = defineRoute(common, "PUT /webhooks/settings", { summary: "Change when endpoints pause, and their pace", body: settingsBody, response: settingsAnswer });

// The dashboard's copies: reads for every role, changes for owners and marketers.
const dash = (path: string, summary: string) => ({ path: `/dashboard${path}`, summary });
export const dashListDeliveriesRoute = dashboardCopy(listDeliveriesRoute, dash("/webhooks/deliveries", "The delivery log"), dashboardRoute);
export const dashReadDeliveryRoute = dashboardCopy(readDeliveryRoute, dash("/webhooks/deliveries/{id}", "One delivery"), dashboardRoute);
export const dashReplayDeliveryRoute = dashboardCopy(replayDeliveryRoute, dash("/webhooks/deliveries/{id}/replay", "Replay one callback"));
export const dashReplayDeliveriesRoute = dashboardCopy(replayDeliveriesRoute, dash("/webhooks/replays", "Bulk replay"));
export const dashReplayProgressRoute = dashboardCopy(replayProgressRoute, dash("/webhooks/replays/{id}", "A replay's progress"), dashboardRoute);
export const dashListEndpointsRoute = dashboardCopy(listEndpointsRoute, dash("/webhooks/endpoints", "Endpoint health"), dashboardRoute);
export const dashPauseEndpointRoute = dashboardCopy(pauseEndpointRoute, dash("/webhooks/endpoints/pause", "Pause an endpoint"));
export const dashResumeEndpointRoute = dashboardCopy(resumeEndpointRoute, dash("/webhooks/endpoints/resume", "Resume an endpoint"));

export const testDeliveryRoute = dashboardCopy(
  defineRoute(common, "POST /webhooks/test", {
    summary: "Send a sample event to a URL and show the request and answer",
    body: z.object({ url: z.string().trim().min(1, "url is required").max(2000), kind: z.enum(callbackKinds) }),
    response: exchange.extend({ ok: z.boolean(), latencyMs: z.number().int() }),
  }),
  dash("/webhooks/test", "Test delivery"),
);

export const dashPausedEndpointsRoute = defineRoute(dashboardRoute, "GET /dashboard/webhooks/paused", {
  summary: "The account's paused endpoints (the dashboard's banner)",
  response: z.array(z.object({ endpoint: z.string(), pausedAt: isoDate })),
});
