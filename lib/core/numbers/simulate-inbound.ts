// `sim inbound` and the dashboard's "Simulate inbound" button: an SMSC simulator sends a
// mobile-originated deliver_sm over a real SMPP connection, and it is received exactly as one
// from the SMSC would be (receiveInbound). The simulator and the connection are made for the
// occasion, so it works in the server, in a worker-less command line and on any deployment.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { startSmscSimulator } from "../../carrier/smsc-simulator.ts";
import { connectCarrier } from "../../carrier/smpp-carrier.ts";
import { receiveInboundMessage } from "../sms/receive-inbound.ts";
import { normalizeMsisdn } from "./normalize-msisdn.ts";

export interface SimulateInboundInput {
  to: string;
  from: string;
  body: string;
  /** When given, `to` must be one of this account's numbers. */
  accountId?: string;
}

const quiet = () => {};

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

  const simulator = await startSmscSimulator({ host: "127.0.0.1", port: 0, log: quiet });
  let messageId: string | null = null;
  try {
    const carrier = await connectCarrier(simulator.url, { binds: 1, log: quiet });
    try {
      carrier.onReceipt(async () => {});
      carrier.onInbound(async (m) => {
        messageId = await receiveInboundMessage(ctx, m);
      });
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        simulator.sendInbound({ from, to, text: input.body }),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("the inbound message was not acknowledged within 20 s")), 20_000))),
      ]).finally(() => clearTimeout(timer));
    } finally {
      await carrier.close();
    }
  } finally {
    await simulator.close();
  }
  if (!messageId) fail("numberNotFound", { message: `${to} is not a rented number.`, property: "to" });
  return { messageId };
}
