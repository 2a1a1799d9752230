// GET /l/{code}: the short link's URL, from an in-memory cache in front of short_links (the
// redirect is on the hot path of a campaign's clicks), and the visit handed to the click writer.
// Only a URL recorded for a code is ever answered: anything else is "not found".
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

type Entry = { target: LinkTarget | null; until: number };
const caches = new WeakMap<Sql, Map<string, Entry>>();

const lookup = `SELECT s.code, s.url, s.message_id::text AS message_id, s.account_id::text AS account_id, s.campaign_id::text AS campaign_id,
       coalesce(m.callback_url, '') AS callback_url, coalesce(m."to", '') AS "to", coalesce(m."from", '') AS "from", coalesce(m.label, '') AS label
  FROM short_links s LEFT JOIN messages m ON m.id = s.message_id WHERE s.code = $1`;

async function target(ctx: Pick<Ctx, "sql">, code: string): Promise<LinkTarget | null> {
  let cache = caches.get(ctx.sql);
  if (!cache) caches.set(ctx.sql, (cache = new Map()));
  const now = Date.now();
  const hit = cache.get(code);
  if (hit && hit.until > now) return hit.target;
  const { rows } = await ctx.sql.prepared<LinkTarget>("short_link_lookup", lookup, [code]);
  const found = rows[0] ?? null;
  // A message stored after its link was first read has its callback URL by the next read.
  const until = now + (found?.message_id && found.to ? FOUND_MS : MISSING_MS);
  cache.delete(code);
  cache.set(code, { target: found, until });
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return found;
}

/** The URL to redirect to, and the visit queued for the click writer; null for a code that names no short link. */
export async function followLink(ctx: Ctx, code: string, visit: Visit): Promise<string | null> {
  if (!codePattern.test(code)) return null;
  const t = await target(ctx, code);
  if (!t) return null;
  writeClick(ctx, t, {
    at: ctx.now(),
    prefetch: isPrefetch(visit.method, visit.userAgent),
    method: visit.method.toUpperCase().slice(0, 10),
    userAgent: visit.userAgent.slice(0, 500),
    ipHash: visit.ip ? crypto.createHmac("sha256", ctx.config.authSecret).update(`click ip ${visit.ip}`).digest("base64url").slice(0, 22) : "",
    country: /^[A-Za-z]{2}$/.test(visit.country) ? visit.country.toUpperCase() : "",
  });
  return t.url;
}
