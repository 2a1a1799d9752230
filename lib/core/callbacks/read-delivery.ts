// One callback of the webhook log with every attempt: the request as it was sent (headers with
// the signature, the body) and what came back (status, headers, the start of the body) or the
// network error. Another account's callback is not found (404), never forbidden.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { isUuid } from "../../ids.ts";
import { callbackHeaders } from "./outbound-http.ts";
import { shownState } from "./delivery-filter.ts";

export async function findOwnCallback(ctx: Ctx, accountId: string, id: string) {
  const cb = isUuid(id) ? await ctx.db.callback.findFirst({ where: { id, accountId } }) : null;
  if (!cb) fail("notFound", { message: "Callback not found.", property: "id" });
  return cb;
}

export async function readDelivery(ctx: Ctx, input: { accountId: string; id: string }) {
  const cb = await findOwnCallback(ctx, input.accountId, input.id);
  const attempts = await ctx.db.callbackAttempt.findMany({ where: { callbackId: cb.id }, orderBy: { attempt: "asc" } });
  // The body is the stored payload serialised as the sender serialises it: the bytes that were signed.
  const body = JSON.stringify(cb.payload);
  const state = shownState(cb.state, cb.attempts);
  return {
    id: cb.id,
    kind: cb.kind,
    url: cb.url,
    endpoint: cb.endpoint ?? "",
    state,
    // When callbacks.deliver tries a retrying callback again (its due time; while an attempt is under way, the end of its lease).
    // Null otherwise, and for an inbound message's callback (retried by its own job).
    nextAttemptAt: state === "retrying" ? cb.dueAt : null,
    messageId: cb.messageId,
    campaignId: cb.campaignId,
    createdAt: cb.createdAt,
    completedAt: cb.completedAt,
    replayedBy: cb.replayedBy,
    payload: cb.payload,
    attempts: attempts.map((a) => ({
      attempt: a.attempt,
      at: a.at,
      latencyMs: a.latencyMs,
      replayedBy: a.replayedBy,
      request: { method: "POST", url: cb.url, headers: a.signature ? callbackHeaders(cb.id, a.at, a.attempt, a.signature) : {}, body },
      response: {
        statusCode: a.statusCode,
        headers: (a.responseHeaders as Record<string, string> | null) ?? {},
        body: a.responseBody,
        error: a.error,
      },
    })),
  };
}

export type DeliveryDetail = Awaited<ReturnType<typeof readDelivery>>;
