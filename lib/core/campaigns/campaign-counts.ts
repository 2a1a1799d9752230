// A campaign's numbers: messages per status (recipients not yet turned into messages count as
// Queued) and its cost so far (what was charged, less what failed and was refunded). Counted
// from its messages while it runs; once it is Finished or Failed nothing changes any more, and
// the counts stored then (campaigns.final_counts, by setCampaignState) are used instead.
import type { Ctx, Tx } from "../context.ts";
import { smsStatuses } from "../sms/statuses.ts";
import { txSql } from "../../db/tx-sql.ts";

export interface CampaignCounts {
  statuses: Record<(typeof smsStatuses)[number], number>;
  costMicros: bigint;
  messages: number;
}

/** What counts() needs of a campaign. */
export interface CountedCampaign {
  id: string;
  totalMessages: number;
  costMicros: bigint;
  state: string;
  finalCounts?: unknown;
}

/** A row of the grouped count: one status of one campaign. */
interface StatusRow {
  campaign_id: string;
  status: string;
  n: number;
  refunded: string | null;
}

/** The stored form (JSON): bigints as strings. */
interface StoredCounts {
  statuses: Record<string, number>;
  messages: number;
  refundedMicros: string;
}

const GROUPED = `SELECT campaign_id::text, status, count(*)::int AS n,
                        sum(CASE WHEN status IN ('Failed', 'Unsent') THEN price_micros ELSE 0 END)::text AS refunded
                 FROM messages WHERE campaign_id = ANY($1::uuid[]) GROUP BY campaign_id, status`;

const zero = () => Object.fromEntries(smsStatuses.map((s) => [s, 0])) as CampaignCounts["statuses"];

function stored(c: CountedCampaign): StoredCounts | null {
  const f = c.finalCounts as Partial<StoredCounts> | null | undefined;
  return f && typeof f === "object" && f.statuses && typeof f.messages === "number" && typeof f.refundedMicros === "string" ? (f as StoredCounts) : null;
}

/** A campaign's grouped rows, in the stored form. */
function summarize(rows: readonly Pick<StatusRow, "status" | "n" | "refunded">[]): StoredCounts {
  return {
    statuses: Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])),
    messages: rows.reduce((n, r) => n + Number(r.n), 0),
    refundedMicros: rows.reduce((n, r) => n + BigInt(r.refunded ?? 0), 0n).toString(),
  };
}

function countsFrom(c: CountedCampaign, f: StoredCounts): CampaignCounts {
  const statuses = zero();
  for (const [status, n] of Object.entries(f.statuses)) if (status in statuses) statuses[status as keyof typeof statuses] += n;
  // Recipients not yet turned into messages are waiting: Queued.
  statuses.Queued += Math.max(0, c.totalMessages - f.messages);
  return { statuses, costMicros: c.costMicros - BigInt(f.refundedMicros), messages: f.messages };
}

/** Counts known without a query: a Scheduled campaign's (all Queued), or those stored when it ended. */
function known(c: CountedCampaign): CampaignCounts | null {
  if (c.state === "Scheduled") return { statuses: { ...zero(), Queued: c.totalMessages }, costMicros: c.costMicros, messages: 0 };
  const f = stored(c);
  return f && countsFrom(c, f);
}

/** One campaign's counts (in a transaction when given one). */
export async function campaignCounts(db: Tx, c: CountedCampaign): Promise<CampaignCounts> {
  return known(c) ?? countsFrom(c, await finalCounts(db, c.id));
}

/** campaignCounts() for many campaigns at once: one grouped query for those still counted live. */
export async function countsOf(ctx: Ctx, campaigns: readonly CountedCampaign[]): Promise<Map<string, CampaignCounts>> {
  const out = new Map<string, CampaignCounts>();
  const live: CountedCampaign[] = [];
  for (const c of campaigns) {
    const k = known(c);
    if (k) out.set(c.id, k);
    else live.push(c);
  }
  if (live.length) {
    const { rows } = await ctx.sql.query<StatusRow>(GROUPED, [live.map((c) => c.id)]);
    for (const c of live) out.set(c.id, countsFrom(c, summarize(rows.filter((r) => r.campaign_id === c.id))));
  }
  return out;
}

/** Counts a campaign's messages, in the form stored when it reaches a final state. */
export async function finalCounts(db: Tx, campaignId: string): Promise<StoredCounts> {
  return summarize((await txSql(db).query<StatusRow>(GROUPED, [[campaignId]])).rows);
}
