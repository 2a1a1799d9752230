// npm run smsc-sim — the bundled SMSC simulator on its own (an SMPP 3.4 server), for pointing a
// Switchboard (SMSC_URL=…) or any SMPP client at it. Test-number outcomes: DESIGN.md.
//   SMSC_SIM_HOST (127.0.0.1; 0.0.0.0 to listen on every interface), SMSC_SIM_PORT (2775),
//   SMSC_SIM_SYSTEM_ID / SMSC_SIM_PASSWORD (switchboard / switchboard), SIM_DELIVERY_DELAY_MS (1500).
import { startSmscSimulator } from "../lib/carrier/smsc-simulator.ts";
import { log } from "../lib/log/logger.ts";

const port = Number(process.env.SMSC_SIM_PORT ?? 2775);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`SMSC_SIM_PORT must be a port number (got ${process.env.SMSC_SIM_PORT})\n`);
  process.exit(2);
}
const sim = await startSmscSimulator({
  host: process.env.SMSC_SIM_HOST || "127.0.0.1",
  port,
  systemId: process.env.SMSC_SIM_SYSTEM_ID || "switchboard",
  password: process.env.SMSC_SIM_PASSWORD || "switchboard",
  recordLimit: 0,
  log,
});
process.stdout.write(`SMSC simulator listening: ${sim.url}\n`);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`${signal}: stopping the SMSC simulator (${sim.submitted()} submit_sm received)\n`);
  await sim.close();
  process.exit(0);
};
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
