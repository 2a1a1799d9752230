// A mobile-originated SMS from the SMSC. On a rented number it is stored as an Inbound message
// and forwarded to the number's (and its pool's) callback (lib/core/numbers/store-inbound.ts);
// an opt-out word (STOP, UNSUBSCRIBE…) blacklists the sender's contacts for Sms in the number's
// account only (none when the number is nobody's).
import type { Ctx } from "../context.ts";
import type { InboundMessage } from "../ports/carrier.ts";
import { handleInboundStop } from "../contacts/handle-inbound-stop.ts";
import { storeInbound } from "./store-inbound.ts";
import { log } from "../../log/logger.ts";

export async function receiveInbound(ctx: Ctx, m: InboundMessage): Promise<void> {
  await receiveInboundMessage(ctx, m);
}

/**
 * The same, answering the stored message's id (null when the number is nobody's). `accountId`:
 * the account the sender meant, when the caller knows it (the simulator checked the number), so a
 * cancellation between that check and the storing cannot leave a STOP without its account.
 */
export async function receiveInboundMessage(ctx: Ctx, m: InboundMessage, accountId?: string): Promise<string | null> {
  const stored = await storeInbound(ctx, m);
  const blacklisted = await handleInboundStop(ctx, { accountId: stored?.accountId ?? accountId, from: m.from, text: m.text });
  if (blacklisted) log("info", "opt-out received; contacts blacklisted for Sms", { from: m.from, contacts: blacklisted });
  return stored?.messageId ?? null;
}
