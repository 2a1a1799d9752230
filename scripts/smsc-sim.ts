// npm run smsc-sim — a bundled SMSC simulator on its own (an SMPP 3.4 server), for pointing a
// Switchboard connector (SMSC_URL=…, connector add --url …) or any SMPP client at it; run as many
// as wanted, one per port, and turn their trouble switches through --control-port to try routing
// and failover. Test-number outcomes: DESIGN.md. Options: --help, or SIMULATOR_USAGE in
// lib/carrier/smsc-sim/command-line.ts (flags win over SMSC_SIM_HOST, SMSC_SIM_PORT,
// SMSC_SIM_SYSTEM_ID, SMSC_SIM_PASSWORD and SIM_DELIVERY_DELAY_MS).
import { readFileSync } from "node:fs";
import { CommandLineError, SIMULATOR_USAGE, type SimulatorCommand, simulatorCommand } from "../lib/carrier/smsc-sim/command-line.ts";
import { startControlServer } from "../lib/carrier/smsc-sim/control-server.ts";
import { startSmscSimulator } from "../lib/carrier/smsc-simulator.ts";
import { log } from "../lib/log/logger.ts";

const args = process.argv.slice(2);
if (args.includes("--help") || args.includes("-h")) {
  process.stdout.write(`${SIMULATOR_USAGE}\n`);
  process.exit(0);
}
let command: SimulatorCommand;
let tls: { cert: Buffer; key: Buffer } | undefined;
try {
  command = simulatorCommand(args, process.env);
  if (command.tls) tls = { cert: readFileSync(command.tls.certFile), key: readFileSync(command.tls.keyFile) };
} catch (e) {
  if (!(e instanceof CommandLineError) && !(e instanceof Error && "code" in e)) throw e;
  process.stderr.write(`smsc-sim: ${e.message}\n\n${SIMULATOR_USAGE}\n`);
  process.exit(2);
}
const sim = await startSmscSimulator({
  host: command.host,
  port: command.port,
  systemId: command.systemId,
  password: command.password,
  deliveryDelayMs: command.deliveryDelayMs,
  respondDelayMs: command.respondDelayMs,
  tls,
  recordLimit: 0,
  log,
});
if (command.throttle) sim.throttle();
if (command.stall) sim.stall();
if (command.dropBinds) sim.drop(Infinity);
const control = command.controlPort === undefined ? null : await startControlServer(sim, { host: command.host, port: command.controlPort });
process.stdout.write(`SMSC simulator listening: ${sim.url}\n`);
if (control) process.stdout.write(`control: ${control.url}\n`);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`${signal}: stopping the SMSC simulator (${sim.submitted()} submit_sm received)\n`);
  await control?.close();
  await sim.close();
  process.exit(0);
};
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
