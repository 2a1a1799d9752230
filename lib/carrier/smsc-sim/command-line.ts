// The command line of `npm run smsc-sim` read into what to start, checked before anything
// listens (so a typo says what is wrong instead of starting a simulator nobody asked for).
import { parseArgs } from "node:util";

export const SIMULATOR_USAGE = `npm run smsc-sim -- [--port P] [--host H] [--system-id X] [--password Y]
    [--tls --cert CERT.pem --key KEY.pem] [--delivery-delay-ms N] [--respond-delay-ms N] [--control-port C]
    [--throttle] [--stall] [--drop-binds]
  --port               SMPP port (default SMSC_SIM_PORT or 2775; 0: a free one)
  --host               where to listen (default SMSC_SIM_HOST or 127.0.0.1; 0.0.0.0: every interface)
  --system-id          the system_id binds must give (default SMSC_SIM_SYSTEM_ID or switchboard)
  --password           the password binds must give (default SMSC_SIM_PASSWORD or switchboard)
  --tls --cert --key   serve SMPP over TLS (ssmpp://) with this PEM certificate and key
  --delivery-delay-ms  submit → receipt delay (default SIM_DELIVERY_DELAY_MS or 1500)
  --respond-delay-ms   submit → submit_sm_resp delay (default 0), a distant or slow SMSC
  --control-port       HTTP control port: POST /throttle?seconds=N, /stall?seconds=N, /drop?seconds=N,
                       /normal; GET /stats, /delivered?since=&limit= (0: a free one)
  --throttle, --stall, --drop-binds   start with that switch on, until POST /normal`;

export interface SimulatorCommand {
  host: string;
  port: number;
  systemId: string;
  password: string;
  deliveryDelayMs?: number;
  respondDelayMs?: number;
  tls?: { certFile: string; keyFile: string };
  controlPort?: number;
  /** Switches on from the start (until POST /normal). */
  throttle: boolean;
  stall: boolean;
  dropBinds: boolean;
}

export class CommandLineError extends Error {}

function whole(name: string, v: string | undefined, max: number): number | undefined {
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v) || Number(v) > max) throw new CommandLineError(`${name} must be a whole number from 0 to ${max} (got ${JSON.stringify(v)})`);
  return Number(v);
}

/** Reads the arguments after `--` (flags win over the environment); throws CommandLineError. */
export function simulatorCommand(argv: string[], env: Record<string, string | undefined> = {}): SimulatorCommand {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: "string" },
        host: { type: "string" },
        "system-id": { type: "string" },
        password: { type: "string" },
        tls: { type: "boolean" },
        cert: { type: "string" },
        key: { type: "string" },
        "delivery-delay-ms": { type: "string" },
        "respond-delay-ms": { type: "string" },
        "control-port": { type: "string" },
        throttle: { type: "boolean" },
        stall: { type: "boolean" },
        "drop-binds": { type: "boolean" },
      },
    }));
  } catch (e) {
    throw new CommandLineError(e instanceof Error ? e.message : String(e));
  }
  const str = (name: string) => values[name] as string | undefined;
  const cert = str("cert");
  const key = str("key");
  if (values.tls && (!cert || !key)) throw new CommandLineError("--tls needs --cert and --key (PEM files)");
  if (!values.tls && (cert || key)) throw new CommandLineError("--cert and --key go with --tls");
  const systemId = str("system-id") ?? (env.SMSC_SIM_SYSTEM_ID || "switchboard");
  if (systemId === "") throw new CommandLineError("--system-id must not be empty");
  return {
    host: str("host") || env.SMSC_SIM_HOST || "127.0.0.1",
    port: whole("--port", str("port") ?? env.SMSC_SIM_PORT, 65535) ?? 2775,
    systemId,
    password: str("password") ?? (env.SMSC_SIM_PASSWORD || "switchboard"),
    deliveryDelayMs: whole("--delivery-delay-ms", str("delivery-delay-ms") ?? (env.SIM_DELIVERY_DELAY_MS || undefined), 86_400_000),
    respondDelayMs: whole("--respond-delay-ms", str("respond-delay-ms"), 600_000),
    ...(values.tls ? { tls: { certFile: cert!, keyFile: key! } } : {}),
    controlPort: whole("--control-port", str("control-port"), 65535),
    throttle: Boolean(values.throttle),
    stall: Boolean(values.stall),
    dropBinds: Boolean(values["drop-binds"]),
  };
}
