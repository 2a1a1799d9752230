// GET /l/{code}: the short link's URL, from an in-memory cache in front of short_links (the
// redirect is on the hot path of a campaign's clicks), and the visit handed to the click writer.
// Only a URL recorded for a code is ever answered: anything else is "unknown", and a link past
// its end (expires_at) is "expired", also when the cache read it while it still worked.
import crypto from "node:crypto";
import type { Ctx } from "../context.ts";
import type { Sql } from "../../db/connection.ts";
import { CODE_LENGTH } from "./find-links.ts";
import { isPrefetch } from "./prefetch.ts";
import { writeClick, type LinkTarget } from "./click-writer.ts";

export interface Visit {
  method: string;
  ip: string;
  userAgent: string;
  country: string;
}

const codePattern = new RegExp(`^[0-9A-Za-z]{${CODE_LENGTH}}$`);
const MAX_ENTRIES = 200_000;
const FOUND_MS = 10 * 60_000;
// A code not found is remembered briefly: walkers cost no query, and a link written a moment
// after (a campaign stores its rows as the SMSC answers) is soon found.
const MISSING_MS = 2_000;

/** What the redirect answers: the URL, or why there is none. */
export type FollowResult = { kind: "redirect"; url: string } | { kind: "expired" } | { kind: "unknown" };

// expires_ms: when the link stops working (epoch ms; a number on pg and PGlite alike).
type Row = LinkTarget & { expires_ms: number };
type Entry = { target: Row | null; until: number };
const caches = new WeakMap<Sql, Map<string, Entry>>();

const lookup = `SELECT s.code, s.url, (extract(epoch FROM s.expires_at) * 1000)::float8 AS expires_ms, s.message_id::text AS message_id, s.account_id::text AS account_id, s.campaign_id::text AS campaign_id,
       coalesce(m.callback_url, '') AS callback_url, coalesce(m."to", '') AS "to", coalesce(m."from", '') AS "from", coalesce(m.label, '') AS label
  FROM short_links s LEFT JOIN messages m ON m.id = s.message_id WHERE s.code = $1`;

async function target(ctx: Pick<Ctx, "sql">, code: string, now: number): Promise<Row | null> {
  let cache = caches.get(ctx.sql);
  if (!cache) caches.set(ctx.sql, (cache = new Map()));
  const hit = cache.get(code);
  if (hit && hit.until > now) return hit.target;
  const { rows } = await ctx.sql.prepared<Row>("short_link_lookup", lookup, [code]);
  const found = rows[0] ?? null;
  // A message stored after its link was first read has its callback URL by the next read. The
  // entry keeps the link's end (expires_ms), so a link read while it worked expires in the cache too.
  const until = now + (found?.message_id && found.to ? FOUND_MS : MISSING_MS);
  cache.delete(code);
  cache.set(code, { target: found, until });
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return found;
}

/** The URL to redirect to, with the visit queued for the click writer; or why there is none (an expired link's visits are not counted). */
export async function followLink(ctx: Ctx, code: string, visit: Visit): Promise<FollowResult> {
  if (!codePattern.test(code)) return { kind: "unknown" };
  const now = ctx.now().getTime();
  const t = await target(ctx, code, now);
  if (!t) return { kind: "unknown" };
  if (t.expires_ms <= now) return { kind: "expired" };
  writeClick(ctx, t, {
    at: ctx.now(),
    prefetch: isPrefetch(visit.method, visit.userAgent),
    method: visit.method.toUpperCase().slice(0, 10),
    userAgent: visit.userAgent.slice(0, 500),
    ipHash: visit.ip ? crypto.createHmac("sha256", ctx.config.authSecret).update(`click ip ${visit.ip}`).digest("base64url").slice(0, 22) : "",
    country: /^[A-Za-z]{2}$/.test(visit.country) ? visit.country.toUpperCase() : "",
  });
  return { kind: "redirect", url: t.url };
}
