// A rented number hands at most one SMS part per second to the SMSC. The pace lives on the
// number's row, so it holds across any number of workers: reserving slots is one UPDATE that
// moves next_send_at on by one interval per part and returns how long the caller must wait for
// its first slot, measured on the database's clock (no clock skew between workers).
import type { Ctx } from "../context.ts";

/** One slot per part: a second, plus slack so that a part seldom waits on the one before it (msUntilSendable). */
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
    [`+${from}`, parts * SEND_INTERVAL_MS],
  );
  const r = rows[0];
  return r ? { waitMs: Number(r.wait_ms), slotAt: new Date(r.slot_at) } : null;
}

/**
 * How long until the number may hand its SMSC the part whose slot is `slotAt`, on the database's
 * clock (0 when it may now). Slots alone cannot keep the SMSC's pace: a part that leaves late
 * (a busy event loop, a slow bind) would reach the SMSC less than a second before the next one,
 * which left on time. So it is also a second after the last part the SMSC answered
 * (`markSubmitted`): the SMSC received that part before it answered.
 */
export async function msUntilSendable(ctx: Ctx, from: string, slotAt: Date): Promise<number> {
  const { rows } = await ctx.sql.query<{ ms: number | string }>(
    `SELECT GREATEST(0, EXTRACT(EPOCH FROM (GREATEST($2::timestamptz, max(last_submit_at) + interval '1 second') - clock_timestamp())) * 1000)::float8 AS ms
       FROM rented_numbers WHERE msisdn = $1`,
    [`+${from}`, slotAt.toISOString()],
  );
  return Number(rows[0]?.ms ?? 0);
}

/** Records that the SMSC answered a part from the rented number `from` (digits, no '+') just now. */
export async function markSubmitted(ctx: Ctx, from: string): Promise<void> {
  await ctx.sql.query(`UPDATE rented_numbers SET last_submit_at = GREATEST(coalesce(last_submit_at, clock_timestamp()), clock_timestamp()) WHERE msisdn = $1`, [`+${from}`]);
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Runs `send` for the rented number `from` after every send of that number this process started
 * before it has ended. The check that a second has passed since the last answer and the send
 * that follows are then one step: two parts whose slots both passed while the worker lagged (two
 * jobs in hand at once) would otherwise both find the second passed and leave together.
 */
const turns = new Map<string, Promise<unknown>>();
export function inSendTurn<T>(from: string, send: () => Promise<T>): Promise<T> {
  const result = (turns.get(from) ?? Promise.resolve()).then(send);
  const done = result.catch(() => undefined);
  turns.set(from, done);
  void done.then(() => {
    if (turns.get(from) === done) turns.delete(from);
  });
  return result;
}
