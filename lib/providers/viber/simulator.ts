// The bundled Viber simulator: accepts every message and reports on it after a delay, the way
// the destination's last four digits say (DESIGN.md's test numbers): 0006 is never delivered
// (EXPIRED), 0005 never gets a report (the flow's own ttl must end it), 0007 FAILED; any other
// number is DELIVERED. A report the handler rejects is tried again a little later.
import crypto from "node:crypto";
import type { ViberOtpMessage, ViberProvider, ViberReportStatus, ViberStatusReport, ViberSendResult } from "../../core/ports/viber.ts";

export interface ViberSimulatorOptions {
  deliveryDelayMs: number;
}

export function outcomeFor(to: string): ViberReportStatus | null {
  const last4 = to.replace(/\D/g, "").slice(-4);
  if (last4 === "0006") return "EXPIRED";
  if (last4 === "0005") return null;
  if (last4 === "0007") return "FAILED";
  return "DELIVERED";
}

export function startViberSimulator(options: ViberSimulatorOptions): ViberProvider & { sent: ViberOtpMessage[] } {
  let handler: ((r: ViberStatusReport) => Promise<void>) | null = null;
  const timers = new Set<NodeJS.Timeout>();
  const sent: ViberOtpMessage[] = [];
  let closed = false;

  const report = (r: ViberStatusReport, attempt = 0) => {
    const t = setTimeout(
      () => {
        timers.delete(t);
        if (closed || !handler) return;
        handler({ ...r, at: new Date() }).catch(() => {
          if (attempt < 5) report(r, attempt + 1);
        });
      },
      attempt === 0 ? options.deliveryDelayMs : 500 * attempt,
    );
    timers.add(t);
  };

  return {
    name: "viber-simulator",
    sent,
    async send(message): Promise<ViberSendResult> {
      if (closed) return { ok: false, error: "the simulator is closed", retryable: true };
      sent.push(message);
      const providerMessageId = crypto.randomUUID();
      const outcome = outcomeFor(message.to);
      if (outcome)
        report({
          providerMessageId,
          status: outcome,
          at: new Date(),
          description: outcome === "EXPIRED" ? "The recipient's Viber did not take the message within its ttl" : undefined,
        });
      return { ok: true, providerMessageId };
    },
    onStatus(h) {
      handler = h;
    },
    async close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}
