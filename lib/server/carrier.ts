// Connects this worker process to its SMSCs: the connectors of the database, among them the one
// named default from SMSC_URL (otherwise the bundled simulator, started here on SMSC_SIM_PORT,
// 2775 by default, or a free port when that one is taken); receipts update messages,
// mobile-originated messages are received on rented numbers, and job handlers reach them through
// ctx.carrier() (the router). attachCarrier wires a single carrier instead (tests).
import type { Database } from "../db/connection.ts";
import type { Ctx } from "../core/context.ts";
import type { Carrier } from "../core/ports/carrier.ts";
import { receiptApplier } from "../core/sms/apply-receipts.ts";
import type { ReceiptOptions } from "../core/sms/apply-receipt.ts";
import { receiveInbound } from "../core/numbers/receive-inbound.ts";
import { carrierOptionsFromUrl } from "../carrier/smpp-carrier.ts";
import { startSmscSimulator } from "../carrier/smsc-simulator.ts";
import { log } from "../log/logger.ts";
import { env } from "../env.ts";
import { contextFor } from "./context.ts";
import { setCarrier } from "./services.ts";
import { startConnectors, type ConnectorsHandle, type ConnectorsOptions } from "./connectors.ts";
import { ensureDefaultConnector } from "./default-connector.ts";

export interface CarrierHandle {
  carrier: Carrier;
  url: string;
  connectors: ConnectorsHandle;
  close(): Promise<void>;
}

/** Receipts and inbound messages of `carrier` go to the core; it becomes this process's carrier. */
export function attachCarrier(ctx: Ctx, carrier: Carrier, receiptOptions?: ReceiptOptions): void {
  carrier.onReceipt(receiptApplier(ctx, receiptOptions));
  carrier.onInbound((m) => receiveInbound(ctx, m));
  setCarrier(carrier);
}

/**
 * Starts this worker's connectors: SMSC_URL (else the bundled simulator, started here) becomes
 * the connector named default, and every enabled connector of the table is connected and
 * followed (connectors.ts); the router over them becomes this process's carrier.
 */
export async function startCarrier(database: Database, options: ConnectorsOptions = {}): Promise<CarrierHandle> {
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
  // The bundled simulator takes whatever it is sent: two binds, a window of 50, no rate limit.
  // A real SMSC's contract is written in SMSC_URL: ?binds=4&window=20&tps=500.
  await ensureDefaultConnector(ctx, url, simulator ? { binds: 2, window: 50, tps: Infinity } : { binds: 1, window: 10, tps: 100 });
  const connectors = await startConnectors(database, { submitTimeoutMs: carrierOptionsFromUrl(url).submitTimeoutMs, ...options });
  log("info", "carrier connected", { smsc: url.replace(/\/\/[^@]*@/, "//***@"), simulator: Boolean(simulator) });
  return {
    carrier: connectors.router,
    url,
    connectors,
    close: async () => {
      await connectors.close();
      await simulator?.close();
    },
  };
}
