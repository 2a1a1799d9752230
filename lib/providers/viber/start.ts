// Connects this worker process to its Viber provider: the bundled simulator (a real adapter would
// be chosen here from its configuration). Status reports update OTP flows through the core.
import type { Database } from "../../db/connection.ts";
import { contextFor } from "../../core/context.ts";
import { applyViberStatus } from "../../core/otp/apply-viber-status.ts";
import { otpJobs } from "../../core/otp/otp-jobs.ts";
import { env } from "../../env.ts";
import { log } from "../../log/logger.ts";
import { setViberProvider } from "./registry.ts";
import { startViberSimulator } from "./simulator.ts";
import type { ViberProvider } from "./types.ts";

export async function startViber(database: Database, options: { deliveryDelayMs?: number } = {}): Promise<{ provider: ViberProvider; close(): Promise<void> }> {
  const ctx = contextFor(database);
  // The SMS receipt hook enqueues inside the receipt's transaction: the queues must exist first.
  await ctx.enqueue.prepare(otpJobs);
  const provider = startViberSimulator({ deliveryDelayMs: options.deliveryDelayMs ?? env().SIM_DELIVERY_DELAY_MS });
  provider.onStatus((report) => applyViberStatus(ctx, report));
  setViberProvider(provider);
  log("info", "viber provider ready", { provider: provider.name });
  return {
    provider,
    close: async () => {
      setViberProvider(undefined);
      await provider.close();
    },
  };
}
