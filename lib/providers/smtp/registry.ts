// Where this process sends mail: SMTP_URL, else the bundled sink (its address once started here,
// or SMTP_SINK_PORT on this machine when another process runs it).
import { env } from "../../env.ts";

const key = Symbol.for("switchboard.smtp-url");
type G = typeof globalThis & { [key]?: string };

export function setSmtpUrl(url: string | undefined): void {
  const g = globalThis as G;
  if (url) g[key] = url;
  else delete g[key];
}

export function smtpUrl(): string {
  const e = env();
  return e.SMTP_URL ?? (globalThis as G)[key] ?? `smtp://127.0.0.1:${e.SMTP_SINK_PORT}`;
}
