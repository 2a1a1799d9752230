// Who may read /metrics: a scraper with `Authorization: Bearer <METRICS_TOKEN>` when the token
// is set; without one, only a scraper on this machine (loopback), and on a web instance only on
// the embedded defaults, as Next does not show a route the connection's own address.
import crypto from "node:crypto";
import { env } from "../../env.ts";
import { processMetrics } from "./registry.ts";

export interface MetricsAnswer {
  status: number;
  contentType: string;
  body: string;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
export const isLoopback = (address: string | undefined | null): boolean => Boolean(address && LOOPBACK.test(address.trim()));

/** `loopback`: the request came from this machine, as far as the caller can tell. */
export async function metricsAnswer(authorization: string | null | undefined, loopback: boolean): Promise<MetricsAnswer> {
  const token = env().METRICS_TOKEN;
  const text = (status: number, body: string): MetricsAnswer => ({ status, contentType: "text/plain; charset=utf-8", body });
  if (token) {
    const given = /^bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1] ?? "";
    if (!sameSecret(given, token)) return text(401, "Send Authorization: Bearer <METRICS_TOKEN>.\n");
  } else if (!loopback) return text(403, "Metrics are open to this machine only; set METRICS_TOKEN to scrape from elsewhere.\n");
  const registry = processMetrics().registry;
  return { status: 200, contentType: registry.contentType, body: await registry.metrics() };
}

function sameSecret(a: string, b: string): boolean {
  const x = crypto.createHash("sha256").update(a).digest();
  const y = crypto.createHash("sha256").update(b).digest();
  return crypto.timingSafeEqual(x, y);
}
