// A campaign's numbers: messages per status (recipients not yet turned into messages count as
// Queued) and its cost so far (what was charged, less what failed and was refunded). Counted
// from its messages while it runs; once it is Finished or Failed nothing changes any more, and
// the counts stored then (campaigns.final_counts, by setCampaignState) are used instead.
import type { Ctx, Tx } from "../context.ts";
import { smsStatuses } from "../sms/statuses.ts";

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

function tally(c: CountedCampaign, rows: readonly Pick<StatusRow, "status" | "n" | "refunded">[]): CampaignCounts {
  const statuses = zero();
  let messages = 0;
  let refunded = 0n;
  for (const r of rows) {
    if (r.status in statuses) statuses[r.status as keyof typeof statuses] += Number(r.n);
    messages += Number(r.n);
    refunded += BigInt(r.refunded ?? 0);
  }
  // Recipients not yet turned into messages are waiting: Queued.
  statuses.Queued += Math.max(0, c.totalMessages - messages);
  return { statuses, costMicros: c.costMicros - refunded, messages };
}

function fromStored(c: CountedCampaign, f: StoredCounts): CampaignCounts {
  const statuses = zero();
  for (const [status, n] of Object.entries(f.statuses)) if (status in statuses) statuses[status as keyof typeof statuses] += n;
  statuses.Queued += Math.max(0, c.totalMessages - f.messages);
  return { statuses, costMicros: c.costMicros - BigInt(f.refundedMicros), messages: f.messages };
}

/** One campaign's counts (in a transaction when given one). */
export async function campaignCounts(db: Tx, c: CountedCampaign): Promise<CampaignCounts> {
  if (c.state === "Scheduled") return { statuses: { ...zero(), Queued: c.totalMessages }, costMicros: c.costMicros, messages: 0 };
  const f = stored(c);
  if (f) return fromStored(c, f);
  return tally(c, await db.$queryRawUnsafe<StatusRow[]>(GROUPED, [c.id]));
}

/** campaignCounts() for many campaigns at once: one grouped query for those still counted live. */
export async function countsOf(ctx: Ctx, campaigns: readonly CountedCampaign[]): Promise<Map<string, CampaignCounts>> {
  const live = campaigns.filter((c) => c.state !== "Scheduled" && !stored(c)).map((c) => c.id);
  const { rows } = live.length ? await ctx.sql.query<StatusRow>(GROUPED, [live]) : { rows: [] as StatusRow[] };
  const out = new Map<string, CampaignCounts>();
  for (const c of campaigns) {
    const f = stored(c);
    if (c.state === "Scheduled") out.set(c.id, { statuses: { ...zero(), Queued: c.totalMessages }, costMicros: c.costMicros, messages: 0 });
    else if (f) out.set(c.id, fromStored(c, f));
    else out.set(c.id, tally(c, rows.filter((r) => r.campaign_id === c.id)));
  }
  return out;
}

/** Counts a campaign's messages, in the form stored when it reaches a final state. */
export async function finalCounts(db: Tx, campaignId: string): Promise<StoredCounts> {
  const rows = await db.$queryRawUnsafe<StatusRow[]>(GROUPED, [campaignId]);
  return {
    statuses: Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])),
    messages: rows.reduce((n, r) => n + Number(r.n), 0),
    refundedMicros: rows.reduce((n, r) => n + BigInt(r.refunded ?? 0), 0n).toString(),
  };
}
