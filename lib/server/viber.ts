// Connects this worker process to its Viber provider: the bundled simulator (a real adapter would
// be chosen here from its configuration). Status reports update OTP flows through the core, and
// job handlers reach the provider through ctx.viber().
import type { Database } from "../db/connection.ts";
import type { ViberProvider } from "../core/ports/viber.ts";
import { applyViberStatus } from "../core/otp/apply-viber-status.ts";
import { startViberSimulator } from "../providers/viber/simulator.ts";
import { env } from "../env.ts";
import { log } from "../log/logger.ts";
import { contextFor } from "./context.ts";
import { setViberProvider } from "./services.ts";

export async function startViber(database: Database, options: { deliveryDelayMs?: number } = {}): Promise<{ provider: ViberProvider; close(): Promise<void> }> {
  const ctx = contextFor(database);
  await ctx.enqueue.ready();
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
