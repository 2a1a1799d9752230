// Clicks written in batches: the redirect only queues a visit; every 100 ms (or every 500
// visits) one statement writes them all to link_clicks and adds them to their short links'
// counters (prefetches apart), and each click of a message with a callback URL schedules a
// signed "sms.click" callback (the same delivery, signing and retries as delivery reports).
import type { Ctx } from "../context.ts";
import type { Sql } from "../../db/connection.ts";
import { log } from "../../log/logger.ts";
import { deliverCallback } from "../callbacks/deliver-callback.ts";
import { scheduleCallback } from "../callbacks/schedule-callback.ts";

/** A short link as the redirect knows it (short_links with its message's callback and numbers). */
export interface LinkTarget {
  code: string;
  url: string;
  message_id: string;
  account_id: string;
  campaign_id: string | null;
  callback_url: string;
  to: string;
  from: string;
  label: string;
}

export interface ClickRecord {
  at: Date;
  prefetch: boolean;
  method: string;
  userAgent: string;
  ipHash: string;
  country: string;
}

type Pending = { target: LinkTarget; click: ClickRecord };
type Writer = { ctx: Ctx; pending: Pending[]; timer: ReturnType<typeof setTimeout> | null; writing: Promise<void> };

const FLUSH_MS = 100;
const FLUSH_AT = 500;
const writers = new WeakMap<Sql, Writer>();

export function writeClick(ctx: Ctx, target: LinkTarget, click: ClickRecord): void {
  let w = writers.get(ctx.sql);
  if (!w) writers.set(ctx.sql, (w = { ctx, pending: [], timer: null, writing: Promise.resolve() }));
  w.pending.push({ target, click });
  if (w.pending.length >= FLUSH_AT) void flush(w);
  else if (!w.timer) {
    w.timer = setTimeout(() => void flush(w), FLUSH_MS);
    w.timer.unref?.();
  }
}

/** Writes what is queued now (tests and benchmarks wait for it; the timer does it otherwise). */
export async function flushClicks(ctx: Pick<Ctx, "sql">): Promise<void> {
  const w = writers.get(ctx.sql);
  if (w) await flush(w);
}

function flush(w: Writer): Promise<void> {
  if (w.timer) clearTimeout(w.timer);
  w.timer = null;
  const batch = w.pending.splice(0);
  // One write at a time, in order: a flush waits for the one before it.
  w.writing = w.writing.then(() => (batch.length ? write(w.ctx, batch) : undefined));
  return w.writing;
}

const insertClicks = `
WITH c AS (
  SELECT * FROM json_to_recordset($1::json) AS c(k text, m uuid, a uuid, g uuid, t timestamptz, p boolean, v text, ua text, h text, co text)
), ins AS (
  INSERT INTO link_clicks (code, message_id, account_id, campaign_id, at, prefetch, method, user_agent, ip_hash, country)
  SELECT k, m, a, g, t, p, v, ua, h, co FROM c
)
UPDATE short_links s
   SET clicks = s.clicks + x.clicks, prefetches = s.prefetches + x.prefetches,
       first_click_at = LEAST(s.first_click_at, x.first), last_click_at = GREATEST(s.last_click_at, x.last)
  FROM (SELECT k, (count(*) FILTER (WHERE NOT p))::int AS clicks, (count(*) FILTER (WHERE p))::int AS prefetches,
               min(t) FILTER (WHERE NOT p) AS first, max(t) FILTER (WHERE NOT p) AS last
          FROM c GROUP BY k) x
 WHERE s.code = x.k`;

async function write(ctx: Ctx, batch: Pending[]): Promise<void> {
  try {
    const rows = batch.map(({ target: t, click: c }) => ({
      k: t.code,
      m: t.message_id,
      a: t.account_id,
      g: t.campaign_id,
      t: c.at.toISOString(),
      p: c.prefetch,
      v: c.method,
      ua: c.userAgent,
      h: c.ipHash,
      co: c.country,
    }));
    await ctx.sql.query(insertClicks, [JSON.stringify(rows)]);
    const reported = batch.filter((b) => !b.click.prefetch && b.target.callback_url);
    if (reported.length) await scheduleClickCallbacks(ctx, reported);
  } catch (error) {
    // The visitors were redirected already; what could not be written is logged, not retried.
    log("error", "short link clicks not recorded", { clicks: batch.length, error: error instanceof Error ? error.message : String(error) });
  }
}

async function scheduleClickCallbacks(ctx: Ctx, reported: Pending[]): Promise<void> {
  await ctx.enqueue.ready();
  await ctx.db.$transaction(async (tx) => {
    for (const { target: t, click: c } of reported)
      await scheduleCallback(ctx, tx, {
        accountId: t.account_id,
        kind: "sms.click",
        url: t.callback_url,
        messageId: t.message_id,
        ...(t.campaign_id ? { campaignId: t.campaign_id } : {}),
        payload: clickPayload(t, c),
      });
  });
  ctx.wake(deliverCallback);
}

/** The body of a click callback (documented in README.md, "Short links"). */
export function clickPayload(t: LinkTarget, c: ClickRecord) {
  return {
    event: "click",
    messageId: t.message_id,
    campaignTrackingId: t.campaign_id ?? "",
    to: t.to,
    from: t.from,
    label: t.label,
    url: t.url,
    date: c.at.toISOString(),
    userAgent: c.userAgent,
    country: c.country,
  };
}
