// ctx.simulateMobileOriginated: a throwaway SMSC simulator sends a mobile-originated deliver_sm
// over a real SMPP connection made for the occasion; resolves with the message as that
// connection received it (the core then receives it as one from the SMSC).
import type { InboundMessage } from "../core/ports/carrier.ts";
import { startSmscSimulator } from "../carrier/smsc-simulator.ts";
import { connectCarrier } from "../carrier/smpp-carrier.ts";

const quiet = () => {};

export async function simulateMobileOriginated(message: { from: string; to: string; text: string }): Promise<InboundMessage> {
  const simulator = await startSmscSimulator({ host: "127.0.0.1", port: 0, log: quiet });
  try {
    const carrier = await connectCarrier(simulator.url, { binds: 1, log: quiet });
    try {
      let received: InboundMessage | null = null;
      carrier.onReceipt(async () => {});
      carrier.onInbound(async (m) => {
        received = m;
      });
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        simulator.sendInbound(message),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("the inbound message was not acknowledged within 20 s")), 20_000))),
      ]).finally(() => clearTimeout(timer));
      if (!received) throw new Error("the simulator's inbound message did not arrive");
      return received;
    } finally {
      await carrier.close();
    }
  } finally {
    await simulator.close();
  }
}
