// The services this process holds: its SMS carrier, its Viber provider and where it sends mail.
// The composition root installs them as it starts them (carrier.ts, viber.ts, boot.ts); tests
// install their own. Kept on globalThis because Next bundles route handlers and instrumentation
// as separate module graphs, which must see the same services.
import type { Carrier } from "../core/ports/carrier.ts";
import type { ViberProvider } from "../core/ports/viber.ts";
import { env } from "../env.ts";

interface Services {
  carrier?: Promise<Carrier>;
  viber?: ViberProvider;
  smtpUrl?: string;
}

const key = Symbol.for("switchboard.services");
type G = typeof globalThis & { [key]?: Services };
const services = (): Services => ((globalThis as G)[key] ??= {});

export function setCarrier(carrier: Promise<Carrier> | Carrier | undefined): void {
  services().carrier = carrier ? Promise.resolve(carrier) : undefined;
}

export function getCarrier(): Promise<Carrier> {
  const p = services().carrier;
  return p ?? Promise.reject(new Error("No SMS carrier in this process: only workers submit messages"));
}

export function setViberProvider(provider: ViberProvider | undefined): void {
  services().viber = provider;
}

export function getViberProvider(): ViberProvider {
  const p = services().viber;
  if (!p) throw new Error("No Viber provider in this process: only workers send OTP messages");
  return p;
}

/** The bundled sink's address once this process started it (boot.ts). */
export function setSmtpUrl(url: string | undefined): void {
  services().smtpUrl = url;
}

/** SMTP_URL, else the sink started here, else SMTP_SINK_PORT on this machine (another process runs it). */
export function smtpUrl(): string {
  const e = env();
  return e.SMTP_URL ?? services().smtpUrl ?? `smtp://127.0.0.1:${e.SMTP_SINK_PORT}`;
}
