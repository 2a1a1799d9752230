// Message rows to the dashboard's shapes (lib/schemas/dashboard-sms.ts): prices as numbers,
// dates as ISO text ("" for none).
import type { Callback, CallbackAttempt, Message, MessageEvent, MessagePart } from "../db/generated/client.ts";
import { iso } from "./iso.ts";
import { fromMicros } from "../money.ts";
import { messageSummary as summarySchema, type CallbackView, type MessageEventView, type MessagePartView, type MessageSummary, type MessageView } from "./dashboard-sms.ts";
import { bodyPreview, pickShape } from "./pick-shape.ts";
import { latencySeconds } from "../core/sms/statuses.ts";
import type { PartRoute } from "../core/tracking/part-route.ts";

export function messageView(m: Message): MessageView {
  return {
    trackingId: m.id,
    status: m.status,
    detailedStatus: m.detailedStatus,
    statusDescription: m.statusDescription,
    statusAt: iso(m.statusAt),
    from: m.from,
    to: m.to,
    body: m.body,
    label: m.label,
    country: m.country,
    operator: m.operator,
    numberType: m.numberType,
    encoding: m.encoding,
    parts: m.parts,
    flash: m.flash,
    transcode: m.transcode,
    bodyAnalysis: m.bodyAnalysis as MessageView["bodyAnalysis"],
    ttl: m.ttl,
    price: fromMicros(m.priceMicros),
    currency: m.currency,
    applicationName: m.applicationName,
    campaignName: m.campaignName,
    callback: { url: m.callbackUrl, strategy: m.callbackStrategy },
    createdAt: iso(m.createdAt),
    expiresAt: iso(m.expiresAt),
    finalAt: iso(m.finalAt),
  };
}

export function messageSummary(m: Message): MessageSummary {
  return { ...pickShape(summarySchema, messageView(m)), body: bodyPreview(m.body) };
}

export function partView(p: MessagePart & PartRoute, messageCreatedAt: Date): MessagePartView {
  return {
    smsId: p.id,
    part: p.partNumber,
    text: p.text,
    status: p.status,
    detailedStatus: p.detailedStatus,
    statusDescription: p.statusDescription,
    statusAt: iso(p.statusAt),
    smscMessageId: p.smscMessageId ?? "",
    price: fromMicros(p.priceMicros),
    connector: p.connector,
    hops: p.hops,
    submittedAt: iso(p.submittedAt),
    doneAt: iso(p.doneAt),
    latency: latencySeconds(messageCreatedAt, p.doneAt),
  };
}

export function eventView(e: MessageEvent, partNumbers: Map<string, number>): MessageEventView {
  return {
    id: e.id,
    smsId: e.partId ?? "",
    part: e.partId ? (partNumbers.get(e.partId) ?? 0) : 0,
    status: e.status,
    detailedStatus: e.detailedStatus,
    description: e.description,
    at: iso(e.at),
  };
}

export function callbackView(c: Callback & { attemptLog: CallbackAttempt[] }): CallbackView {
  return {
    id: c.id,
    kind: c.kind,
    url: c.url,
    state: c.state,
    attempts: c.attempts,
    createdAt: iso(c.createdAt),
    completedAt: iso(c.completedAt),
    payload: c.payload,
    attemptLog: c.attemptLog.map((a) => ({
      attempt: a.attempt,
      at: iso(a.at),
      statusCode: a.statusCode,
      latencyMs: a.latencyMs,
      error: a.error,
      responseBody: a.responseBody,
    })),
  };
}
