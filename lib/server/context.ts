// The composition root's context: the one place that turns the configuration, the database, the
// job list, the services this process holds and the reactions into the Ctx every core function
// receives. One per database (and clock) in the process.
import type { Database } from "../db/connection.ts";
import type { Ctx } from "../core/context.ts";
import { eventBus } from "../core/events.ts";
import { enqueuerFor } from "../jobs/queue.ts";
import { wakeWorkers } from "../jobs/wake.ts";
import { env } from "../env.ts";
import { jobs } from "./jobs.ts";
import { reactions } from "./reactions.ts";
import { getCarrier, getViberProvider, smtpUrl } from "./services.ts";
import { simulateMobileOriginated } from "./simulate-mo.ts";
import { processMetrics } from "./metrics/registry.ts";

const key = Symbol.for("switchboard.contexts");
type G = typeof globalThis & { [key]?: WeakMap<Database, Ctx> };

/** The context for this database, with the system clock or the one given (tests). */
export function contextFor(database: Database, now?: () => Date): Ctx {
  const cache = ((globalThis as G)[key] ??= new WeakMap());
  let ctx = cache.get(database);
  if (!ctx) {
    const e = env();
    ctx = {
      db: database.prisma,
      sql: database.sql,
      now: () => new Date(),
      enqueue: enqueuerFor(database, jobs),
      wake: (queue) => wakeWorkers(queue.name),
      carrier: getCarrier,
      viber: getViberProvider,
      smtpUrl,
      simulateMobileOriginated,
      events: eventBus(reactions()),
      config: {
        publicUrl: e.PUBLIC_URL,
        shortLinkBase: e.SHORT_LINK_BASE,
        shortLinkTtlDays: e.SHORT_LINK_TTL_DAYS,
        allowPrivateCallbackUrls: e.ALLOW_PRIVATE_CALLBACK_URLS,
        authSecret: e.AUTH_SECRET,
        retentionDays: e.RETENTION_DAYS,
      },
      metrics: processMetrics(),
    };
    cache.set(database, ctx);
  }
  return now ? { ...ctx, now } : ctx;
}
