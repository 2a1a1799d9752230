// Test delivery (issue 20): a sample event of any kind, signed with the account's current secret,
// POSTed once to a URL through the same hardened client, and the request and answer shown, so a
// receiver's signature check can be tried before going live. Nothing is stored.
import crypto from "node:crypto";
import type { Ctx } from "../context.ts";
import { callbackHeaders, postCallback } from "./outbound-http.ts";
import type { CallbackKind } from "./delivery-states.ts";

function sample(kind: CallbackKind, at: Date): object {
  const id = crypto.randomUUID();
  const date = at.toISOString();
  switch (kind) {
    case "sms.status":
      return { messageId: id, to: "+306912345678", from: "Switchboard", status: { name: "Delivered", date }, country: "GR", smsCount: 1, test: true };
    case "campaign.state":
      return { trackingId: id, state: "Sent", date, test: true };
    case "sms.inbound":
    case "pool.inbound":
      return { messageId: id, from: "+306912345678", to: "+306900000000", body: "Hello", date, test: true };
    case "otp.flow":
      return { flowId: id, status: "Succeeded", date, test: true };
    case "email.open":
    case "email.click":
      return { emailId: id, event: kind === "email.open" ? "open" : "click", date, test: true };
  }
}

export async function testDelivery(ctx: Ctx, input: { accountId: string; url: string; kind: CallbackKind }) {
  const account = await ctx.db.account.findUniqueOrThrow({ where: { id: input.accountId }, select: { webhookSecret: true } });
  const id = crypto.randomUUID();
  const at = ctx.now();
  const body = JSON.stringify({ ...sample(input.kind, at), kind: input.kind });
  const r = await postCallback({ url: input.url, id, body, secret: account.webhookSecret, at, attempt: 1 }, { timeoutMs: 10_000, allowPrivate: ctx.config.allowPrivateCallbackUrls });
  return {
    request: { method: "POST", url: input.url, headers: callbackHeaders(id, at, 1, r.signature), body },
    response: { statusCode: r.statusCode, headers: r.responseHeaders ?? {}, body: r.responseBody, error: r.error },
    ok: r.ok,
    latencyMs: r.latencyMs,
  };
}
