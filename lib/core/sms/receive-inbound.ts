// A mobile-originated SMS from the SMSC. For now: an opt-out word (STOP, UNSUBSCRIBE…) blacklists
// the sender's contacts for Sms. Storing inbound messages and forwarding them to a rented
// number's callback belongs to the numbers capability.
import type { Ctx } from "../context.ts";
import type { InboundMessage } from "../../carrier/types.ts";
import { handleInboundStop } from "../contacts/handle-inbound-stop.ts";
import { log } from "../../http/logger.ts";

export async function receiveInbound(ctx: Ctx, m: InboundMessage): Promise<void> {
  const blacklisted = await handleInboundStop(ctx, { from: m.from, text: m.text });
  if (blacklisted) log("info", "opt-out received; contacts blacklisted for Sms", { from: m.from, contacts: blacklisted });
}
