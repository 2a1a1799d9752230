// What every core function receives: the database, a clock, the job queue, the services this
// process has (carrier, Viber, SMTP), the domain events' subscribers and the configuration the
// domain needs. The composition root (lib/server/context.ts) builds it; routes, jobs, the command
// line and tests are handed one, and nothing in lib/core reaches for a global.
import type { PrismaClient } from "../db/generated/client.ts";
import type { Sql } from "../db/connection.ts";
import type { Enqueue } from "../jobs/queue.ts";
import type { Carrier, InboundMessage } from "./ports/carrier.ts";
import type { ViberProvider } from "./ports/viber.ts";
import type { Metrics } from "./ports/metrics.ts";
import type { Events } from "./events.ts";

/** The configuration the domain reads (lib/env.ts parses the environment into it). */
export interface CoreConfig {
  /** Where the dashboard and the tracking links are served (no trailing slash). */
  publicUrl: string;
  /** What SMS short links start with (SHORT_LINK_BASE, default `${publicUrl}/l`; no trailing slash). */
  shortLinkBase: string;
  /** Days a short link works unless its request or campaign says otherwise (SHORT_LINK_TTL_DAYS). */
  shortLinkTtlDays: number;
  /** Callback URLs may point at private and loopback addresses (the embedded default). */
  allowPrivateCallbackUrls: boolean;
  /** The deployment's secret: OTP codes are sealed under a key derived from it. */
  authSecret: string;
  /** Days messages, callbacks and emails are kept for accounts without a retention of their own. */
  retentionDays: number;
}

export interface Ctx {
  db: PrismaClient;
  sql: Sql;
  now(): Date;
  /** Enqueues a job, inside the given transaction when there is one. */
  enqueue: Enqueue;
  /** Tells this process's workers of a queue that jobs were just committed (instead of their next poll). */
  wake(queue: { name: string }): void;
  /** The SMS carrier of this process; rejects where none is connected (only workers submit). */
  carrier(): Promise<Carrier>;
  /** The Viber provider of this process; throws where there is none (only workers send OTPs). */
  viber(): ViberProvider;
  /** Where this process sends mail: SMTP_URL, else the bundled sink. */
  smtpUrl(): string;
  /**
   * Hands a mobile-originated message to a throwaway SMSC simulator, which sends it over a real
   * SMPP connection; resolves with the message as the connection received it.
   */
  simulateMobileOriginated(message: { from: string; to: string; text: string }): Promise<InboundMessage>;
  /** The domain events' subscribers (lib/server/reactions.ts). */
  events: Events;
  config: CoreConfig;
  /** What this process counts for Prometheus (lib/server/metrics); add a batch at once on hot paths. */
  metrics: Metrics;
}

/** A Prisma client or the transaction client handed to $transaction callbacks. */
export type Tx = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;
