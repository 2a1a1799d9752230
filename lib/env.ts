// Typed configuration, read once and checked at boot: a wrong value stops the start with a
// sentence naming the variable to fix.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

const bool = z.enum(["true", "false", "1", "0", "yes", "no"]).transform((v) => v === "true" || v === "1" || v === "yes");

const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  SHORT_LINK_BASE: z.url().optional(),
  /** Days an SMS short link works when its request or campaign does not say (trackLinksTtlDays). */
  SHORT_LINK_TTL_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  DATA_DIR: z.string().min(1).default(".data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SMSC_URL: z
    .string()
    .regex(/^s?smpp:\/\//, "must be an smpp:// (or ssmpp:// for TLS) URL")
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  SMTP_SINK_PORT: z.coerce.number().int().min(0).max(65535).default(2525),
  AUTH_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  ALLOW_PRIVATE_CALLBACK_URLS: bool.optional(),
  SIM_DELIVERY_DELAY_MS: z.coerce.number().int().min(0).default(1500),
  SMSC_SIM_PORT: z.coerce.number().int().min(0).max(65535).default(2775),
  WORKER: z.enum(["inline", "off"]).default("inline"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** auto: the demo account on the embedded database only; demo: on any database; off: never. */
  SEED: z.enum(["auto", "demo", "off"]).default("auto"),
  /** The listen address: loopback on the embedded default, every interface with DATABASE_URL. */
  HOSTNAME: z.string().min(1).optional(),
  /** Addresses and CIDR ranges of the reverse proxies whose X-Forwarded-For is believed (comma-separated). */
  TRUSTED_PROXIES: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every((a) => /^[\d.:a-fA-F]+(\/\d{1,3})?$/.test(a)), "must be IP addresses or CIDR ranges separated by commas"),
  /** Where `npm run worker` serves /api/health, /api/ready and /metrics; unset: not served. */
  WORKER_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Seconds a worker's claim on a leased job (a campaign batch, a batch of sms.submit) lasts unless renewed; unset: each job's own (10). */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(2).max(300).optional(),
  /** Days messages, callbacks and emails are kept, for accounts without a retention of their own. */
  RETENTION_DAYS: z.coerce.number().int().min(7).max(3650).default(400),
  /** The bearer token /metrics asks for; unset: /metrics answers on loopback only. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** Where traces go (OTLP, e.g. http://otel-collector:4318); unset: no tracing, the SDK is not loaded (lib/trace). */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
});

export type Env = z.infer<typeof schema> & {
  HOSTNAME: string;
  PUBLIC_URL: string;
  SHORT_LINK_BASE: string;
  AUTH_SECRET: string;
  ALLOW_PRIVATE_CALLBACK_URLS: boolean;
  dataDir: string;
  embedded: boolean;
};

export class ConfigError extends Error {}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Switchboard cannot start; fix these environment variables:\n${lines.join("\n")}`);
  }
  const e = result.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const embedded = !e.DATABASE_URL;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  const hostname = e.HOSTNAME ?? (embedded ? "127.0.0.1" : "0.0.0.0");
  return {
    ...e,
    dataDir,
    embedded,
    PUBLIC_URL: publicUrl,
    // A deployment may point a short domain at /l (SHORT_LINK_BASE=https://sb.example).
    SHORT_LINK_BASE: (e.SHORT_LINK_BASE ?? `${publicUrl}/l`).replace(/\/+$/, ""),
    AUTH_SECRET: e.AUTH_SECRET ?? persistentSecret(dataDir, "auth-secret"),
    HOSTNAME: hostname,
    // A server only this machine can reach may call receivers on it (the embedded default); one
    // that listens on a network must not be made to call into that network for anyone who asks.
    ALLOW_PRIVATE_CALLBACK_URLS: e.ALLOW_PRIVATE_CALLBACK_URLS ?? isLoopbackHost(hostname),
  };
}

/** Whether a listen address is this machine only. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === "localhost" || hostname === "::1" || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/** A random secret generated on first use and kept in DATA_DIR, so restarts keep sessions. */
export function persistentSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(32).toString("base64url");
    fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return fs.readFileSync(file, "utf8").trim();
  }
}

const cache = Symbol.for("switchboard.env");
type G = typeof globalThis & { [cache]?: Env };

export function env(): Env {
  const g = globalThis as G;
  return (g[cache] ??= parseEnv());
}
