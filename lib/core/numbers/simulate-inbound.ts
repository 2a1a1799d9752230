// `sim inbound` and the dashboard's "Simulate inbound" button: an SMSC simulator sends a
// mobile-originated deliver_sm over a real SMPP connection (ctx.simulateMobileOriginated, made
// for the occasion, so it works in the server, in a worker-less command line and on any
// deployment), and it is received exactly as one from the SMSC would be (receiveInbound).
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { receiveInboundMessage } from "./receive-inbound.ts";
import { normalizeMsisdn } from "./normalize-msisdn.ts";

export interface SimulateInboundInput {
  to: string;
  from: string;
  body: string;
  /** When given, `to` must be one of this account's numbers. */
  accountId?: string;
}

export async function simulateInbound(ctx: Ctx, input: SimulateInboundInput): Promise<{ messageId: string }> {
  const to = normalizeMsisdn(input.to);
  if (!to) fail("validation", { message: "to must be a number in E.164 format, like +12125550123.", property: "to" });
  const from = normalizeMsisdn(input.from);
  if (!from) fail("validation", { message: "from must be a number in E.164 format, like +306912345678.", property: "from" });
  if (!input.body) fail("validation", { message: "body is required.", property: "body" });
  if (input.body.length > 1600) fail("validation", { message: "body is at most 1600 characters.", property: "body" });
  const rented = await ctx.db.rentedNumber.findUnique({ where: { msisdn: to }, select: { accountId: true } });
  if (!rented || (input.accountId && rented.accountId !== input.accountId))
    fail("numberNotFound", { message: `${to} is not a rented number${input.accountId ? " of this account" : ""}.`, property: "to" });

  const received = await ctx.simulateMobileOriginated({ from, to, text: input.body });
  const messageId = await receiveInboundMessage(ctx, received, rented.accountId);
  if (!messageId) fail("numberNotFound", { message: `${to} is not a rented number.`, property: "to" });
  return { messageId };
}
