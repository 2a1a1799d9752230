// A rented number hands at most one SMS part per second to the SMSC. The pace lives on the
// number's row, so it holds across any number of workers: reserving slots is one UPDATE that
// moves next_send_at on by one interval per part and returns how long the caller must wait for
// its first slot, measured on the database's clock (no clock skew between workers).
import type { Ctx } from "../context.ts";

/** One interval per part: a second, plus slack for timer and network jitter, so the SMSC never sees two within a second. */
export const SEND_INTERVAL_MS = 1020;

/** Whether a sender can be a rented number at all (digits only); alphanumeric senders are never paced. */
export const mayBeRentedNumber = (from: string) => /^\d{6,16}$/.test(from);

/**
 * Reserves `parts` consecutive slots on the rented number `from` (digits, no '+').
 * null: `from` is not a rented number, nothing to wait for.
 */
export async function reserveSendSlots(ctx: Ctx, from: string, parts: number): Promise<{ waitMs: number; slotAt: Date } | null> {
  if (!mayBeRentedNumber(from)) return null;
  const { rows } = await ctx.sql.query<{ wait_ms: number | string; slot_at: Date | string }>(
    `UPDATE rented_numbers
        SET next_send_at = GREATEST(coalesce(next_send_at, clock_timestamp()), clock_timestamp()) + $2 * interval '1 millisecond'
      WHERE msisdn = $1
      RETURNING next_send_at - $2 * interval '1 millisecond' AS slot_at,
                GREATEST(0, EXTRACT(EPOCH FROM (next_send_at - $2 * interval '1 millisecond' - clock_timestamp())) * 1000)::float8 AS wait_ms`,
    ["+" + from, parts * SEND_INTERVAL_MS],
  );
  const r = rows[0];
  return r ? { waitMs: Number(r.wait_ms), slotAt: new Date(r.slot_at) } : null;
}

/** How long until `slotAt`, on the database's clock (0 when it has passed). */
export async function msUntil(ctx: Ctx, slotAt: Date): Promise<number> {
  const { rows } = await ctx.sql.query<{ ms: number | string }>(
    `SELECT GREATEST(0, EXTRACT(EPOCH FROM ($1::timestamptz - clock_timestamp())) * 1000)::float8 AS ms`,
    [slotAt.toISOString()],
  );
  return Number(rows[0]?.ms ?? 0);
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
