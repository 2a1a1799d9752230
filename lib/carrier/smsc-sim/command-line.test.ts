import { describe, expect, it } from "vitest";
import { simulatorCommand } from "./command-line.ts";

describe("npm run smsc-sim's command line", () => {
  it("defaults to the bundled simulator's port and credentials, from the environment when set", () => {
    expect(simulatorCommand([])).toEqual({
      host: "127.0.0.1",
      port: 2775,
      systemId: "switchboard",
      password: "switchboard",
      deliveryDelayMs: undefined,
      controlPort: undefined,
      throttle: false,
      stall: false,
      dropBinds: false,
    });
    expect(simulatorCommand([], { SMSC_SIM_PORT: "2800", SMSC_SIM_SYSTEM_ID: "env", SMSC_SIM_PASSWORD: "pw", SIM_DELIVERY_DELAY_MS: "10", SMSC_SIM_HOST: "0.0.0.0" })).toMatchObject({
      host: "0.0.0.0",
      port: 2800,
      systemId: "env",
      password: "pw",
      deliveryDelayMs: 10,
    });
  });

  it("reads every flag; flags win over the environment", () => {
    const argv = "--port 2776 --system-id A --password secret --tls --cert c.pem --key k.pem --delivery-delay-ms 200 --respond-delay-ms 40 --control-port 8776 --throttle --stall --drop-binds".split(
      " ",
    );
    expect(simulatorCommand(argv, { SMSC_SIM_PORT: "2800", SMSC_SIM_SYSTEM_ID: "env" })).toEqual({
      host: "127.0.0.1",
      port: 2776,
      systemId: "A",
      password: "secret",
      deliveryDelayMs: 200,
      respondDelayMs: 40,
      tls: { certFile: "c.pem", keyFile: "k.pem" },
      controlPort: 8776,
      throttle: true,
      stall: true,
      dropBinds: true,
    });
    expect(simulatorCommand(["--port=0", "--system-id=B"])).toMatchObject({ port: 0, systemId: "B" });
  });

  it.each([
    [["--port", "http"], /--port must be a whole number from 0 to 65535/],
    [["--port", "70000"], /--port must be/],
    [["--control-port", "-1"], /--control-port/],
    [["--delivery-delay-ms", "soon"], /--delivery-delay-ms/],
    [["--respond-delay-ms", "slow"], /--respond-delay-ms must be a whole number/],
    [["--tls"], /--tls needs --cert and --key/],
    [["--tls", "--cert", "c.pem"], /--tls needs --cert and --key/],
    [["--cert", "c.pem", "--key", "k.pem"], /go with --tls/],
    [["--system-id", ""], /--system-id must not be empty/],
    [["--sytem-id", "A"], /Unknown option '--sytem-id'/],
    [["extra"], /positional/],
  ])("refuses %j", (argv, message) => {
    expect(() => simulatorCommand(argv)).toThrow(message);
  });
});
