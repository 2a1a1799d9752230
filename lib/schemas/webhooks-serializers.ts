// The webhook center's rows in the shape its answers carry (lib/schemas/webhooks.ts): dates as
// ISO text ("" for none).
import type { z } from "zod";
import { iso } from "./iso.ts";
import type { DeliverySummary } from "../core/callbacks/list-deliveries.ts";
import type { DeliveryDetail } from "../core/callbacks/read-delivery.ts";
import type { EndpointHealth } from "../core/callbacks/endpoint-health.ts";
import type { deliveryDetail, deliverySummary, endpointHealth, replayProgressAnswer } from "./webhooks.ts";
import type { replayProgress } from "../core/callbacks/replay-callbacks.ts";

export function deliverySummaryView(d: DeliverySummary): z.infer<typeof deliverySummary> {
  return {
    ...d,
    createdAt: iso(d.createdAt),
    completedAt: iso(d.completedAt),
    lastAttempt: d.lastAttempt ? { ...d.lastAttempt, at: iso(d.lastAttempt.at) } : null,
  };
}

export function deliveryPageView(page: { content: DeliverySummary[]; nextCursor: string | null }) {
  return { content: page.content.map(deliverySummaryView), nextCursor: page.nextCursor };
}

export function deliveryDetailView(d: DeliveryDetail): z.infer<typeof deliveryDetail> {
  return {
    ...d,
    createdAt: iso(d.createdAt),
    completedAt: iso(d.completedAt),
    nextAttemptAt: iso(d.nextAttemptAt),
    attempts: d.attempts.map((a) => ({ ...a, at: iso(a.at) })),
  };
}

export function endpointHealthView(e: EndpointHealth): z.infer<typeof endpointHealth> {
  return {
    ...e,
    pausedAt: iso(e.pausedAt),
    failingSince: iso(e.failingSince),
    lastSuccessAt: iso(e.lastSuccessAt),
    lastFailureAt: iso(e.lastFailureAt),
  };
}

export function replayProgressView(p: Awaited<ReturnType<typeof replayProgress>>): z.infer<typeof replayProgressAnswer> {
  return { ...p, createdAt: iso(p.createdAt) };
}
