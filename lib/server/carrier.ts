// Connects this worker process to its SMSC: SMSC_URL when set, otherwise the bundled simulator,
// started here (on SMSC_SIM_PORT, 2775 by default, or a free port when that one is taken), and
// wires the connection to the core: receipts update messages, mobile-originated messages are
// received on rented numbers, and job handlers reach it through ctx.carrier().
import type { Database } from "../db/connection.ts";
import type { Ctx } from "../core/context.ts";
import type { Carrier } from "../core/ports/carrier.ts";
import { receiptApplier } from "../core/sms/apply-receipts.ts";
import type { ReceiptOptions } from "../core/sms/apply-receipt.ts";
import { receiveInbound } from "../core/numbers/receive-inbound.ts";
import { carrierOptionsFromUrl, connectCarrier } from "../carrier/smpp-carrier.ts";
import { startSmscSimulator } from "../carrier/smsc-simulator.ts";
import { log } from "../log/logger.ts";
import { env } from "../env.ts";
import { contextFor } from "./context.ts";
import { setCarrier } from "./services.ts";

export interface CarrierHandle {
  carrier: Carrier;
  url: string;
  close(): Promise<void>;
}

/** Receipts and inbound messages of `carrier` go to the core; it becomes this process's carrier. */
export function attachCarrier(ctx: Ctx, carrier: Carrier, receiptOptions?: ReceiptOptions): void {
  carrier.onReceipt(receiptApplier(ctx, receiptOptions));
  carrier.onInbound((m) => receiveInbound(ctx, m));
  setCarrier(carrier);
}

export async function startCarrier(database: Database): Promise<CarrierHandle> {
  const e = env();
  let url = e.SMSC_URL;
  let simulator: Awaited<ReturnType<typeof startSmscSimulator>> | null = null;
  if (!url) {
    const port = e.SMSC_SIM_PORT;
    simulator = await startSmscSimulator({ port, deliveryDelayMs: e.SIM_DELIVERY_DELAY_MS }).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== "EADDRINUSE") throw err;
      log("warn", `port ${port} is taken; the SMSC simulator listens on a free port instead`);
      return startSmscSimulator({ port: 0, deliveryDelayMs: e.SIM_DELIVERY_DELAY_MS });
    });
    url = simulator.url;
  }
  const ctx = contextFor(database);
  // Receipts enqueue callbacks and OTP jobs inside their status change's transaction: a queue
  // first created there would hold that transaction's connection while pg-boss set it up on another.
  await ctx.enqueue.ready();
  // The bundled simulator takes whatever it is sent: two binds, a window of 50, no rate limit.
  // A real SMSC's contract is written in SMSC_URL: ?binds=4&window=20&tps=500.
  const fromUrl = carrierOptionsFromUrl(url);
  const carrier = await connectCarrier(url, {
    binds: fromUrl.binds ?? (simulator ? 2 : 1),
    window: fromUrl.window ?? (simulator ? 50 : 10),
    submitsPerSecond: fromUrl.submitsPerSecond ?? (simulator ? Infinity : 100),
    submitTimeoutMs: fromUrl.submitTimeoutMs,
    log: (level, msg, fields) => log(level, msg, fields),
  });
  attachCarrier(ctx, carrier);
  log("info", "carrier connected", { smsc: url.replace(/\/\/[^@]*@/, "//***@"), simulator: Boolean(simulator) });
  return {
    carrier,
    url,
    close: async () => {
      setCarrier(undefined);
      await carrier.close();
      await simulator?.close();
    },
  };
}
