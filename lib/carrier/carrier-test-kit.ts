// What the carrier's tests share: simulators and carriers that close after each test, what a
// carrier hands over (receipts, inbound messages), parts with defaults, waiting for a condition,
// and a self-signed certificate for SMPP over TLS.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { onTestFinished } from "vitest";
import type { ConnectorOptions } from "./connector-options.ts";
import { type CarrierOptions, type ConnectRuntime, connectCarrier, connectConnector, type SmppCarrier } from "./smpp-carrier.ts";
import { type SimulatorOptions, type SmscSimulator, startSmscSimulator } from "./smsc-simulator.ts";
import type { DeliveryReceipt, InboundMessage, SubmitPart } from "../core/ports/carrier.ts";

const cleanups: (() => Promise<void>)[] = [];
let flushQueued = false;

/**
 * Closes what the running test started (simulators, carriers, processes), newest first, when it
 * finishes. Per test, not a file's afterEach: the test files share one module graph per worker
 * (vitest's isolate: false), so a hook this module registered when first imported ran for that
 * file alone, and later files' simulator processes outlived the run.
 */
export function atTestEnd(cleanup: () => Promise<void>): void {
  cleanups.push(cleanup);
  if (flushQueued) return;
  flushQueued = true;
  onTestFinished(async () => {
    flushQueued = false;
    for (const c of cleanups.splice(0).reverse()) await c();
  });
}

export async function sim(options: SimulatorOptions = {}): Promise<SmscSimulator> {
  const s = await startSmscSimulator({ deliveryDelayMs: 50, ...options });
  atTestEnd(() => s.close());
  return s;
}

export async function carrier(url: string, options: CarrierOptions = {}): Promise<SmppCarrier> {
  const c = await connectCarrier(url, { submitsPerSecond: Infinity, ...options });
  atTestEnd(() => c.close());
  return c;
}

/** A simulator and a carrier bound to it: where most carrier tests start. */
export async function carrierOnSim(simOptions: SimulatorOptions = {}, carrierOptions: CarrierOptions = {}): Promise<{ s: SmscSimulator; c: SmppCarrier }> {
  const s = await sim(simOptions);
  return { s, c: await carrier(s.url, carrierOptions) };
}

/** A connector to simulator `s` with its credentials, and `over` on top. */
export async function connector(s: SmscSimulator, over: Partial<ConnectorOptions> = {}, runtime: ConnectRuntime = {}): Promise<SmppCarrier> {
  const u = new URL(s.url);
  const c = await connectConnector({ host: u.hostname, port: s.port, systemId: decodeURIComponent(u.username), password: decodeURIComponent(u.password), tps: 0, ...over }, runtime);
  atTestEnd(() => c.close());
  return c;
}

export function receipts(c: SmppCarrier): DeliveryReceipt[] {
  const got: DeliveryReceipt[] = [];
  c.onReceipt(async (r) => {
    got.push(r);
  });
  return got;
}

/** The mobile-originated messages `c` hands over, as they come. */
export function inboundMessages(c: SmppCarrier): InboundMessage[] {
  const got: InboundMessage[] = [];
  c.onInbound(async (m) => {
    got.push(m);
  });
  return got;
}

export async function waitFor(cond: () => boolean, timeoutMs = 3000, what = "condition"): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let partSeq = 0;
export const part = (over: Partial<SubmitPart> = {}): SubmitPart => ({
  partId: `p${++partSeq}`,
  from: "Switchboard",
  to: "+306912345678",
  text: "Hello from Switchboard",
  encoding: "gsm7",
  flash: false,
  validityMinutes: 60,
  ...over,
});

/** A self-signed certificate for 127.0.0.1 and localhost, made by openssl in a folder removed after the test. */
export function selfSignedCertificate(): { certFile: string; keyFile: string; cert: Buffer; key: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), "switchboard-smpp-tls-"));
  atTestEnd(async () => rmSync(dir, { recursive: true, force: true }));
  const certFile = path.join(dir, "cert.pem");
  const keyFile = path.join(dir, "key.pem");
  const args = "req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 -subj /CN=localhost -addext subjectAltName=IP:127.0.0.1,DNS:localhost".split(" ");
  execFileSync("openssl", [...args, "-keyout", keyFile, "-out", certFile], { stdio: "ignore" });
  return { certFile, keyFile, cert: readFileSync(certFile), key: readFileSync(keyFile) };
}
