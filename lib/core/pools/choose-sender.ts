// Which of a pool's numbers sends to a recipient (Numeric strategy), in Routee's order:
//   1. sticky: the number this pool used for the recipient before, while it is still in the pool;
//   2. geomatch: a number of the recipient's country;
//   3. defaultCountry: a number of the pool's default country;
//   4. otherwise any number of the pool.
// Among several candidates the one whose send slot comes first (the least busy) is taken, which
// spreads a pool's traffic over its numbers. Only numbers with the Sms service qualify.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import type { NumberPool } from "../../db/generated/client.ts";

export type SenderReason = "sticky" | "geomatch" | "defaultCountry" | "any";
type Member = { msisdn: string; country: string };

export function pickSender(
  pool: Pick<NumberPool, "sticky" | "geomatch" | "defaultCountry">,
  members: Member[],
  recipientCountry: string,
  stickyMsisdn: string | null,
): { msisdn: string; reason: SenderReason } | null {
  if (members.length === 0) return null;
  if (pool.sticky && stickyMsisdn && members.some((m) => m.msisdn === stickyMsisdn)) return { msisdn: stickyMsisdn, reason: "sticky" };
  if (pool.geomatch) {
    const m = members.find((x) => x.country === recipientCountry);
    if (m) return { msisdn: m.msisdn, reason: "geomatch" };
  }
  if (pool.defaultCountry) {
    const m = members.find((x) => x.country === pool.defaultCountry);
    if (m) return { msisdn: m.msisdn, reason: "defaultCountry" };
  }
  return { msisdn: members[0]!.msisdn, reason: "any" };
}

export async function chooseSender(ctx: Ctx, pool: NumberPool, recipient: { e164: string; country: string }) {
  const { rows: members } = await ctx.sql.query<Member>(
    `SELECT pn.msisdn, a.country
       FROM pool_numbers pn
       JOIN rented_numbers r ON r.msisdn = pn.msisdn
       JOIN available_numbers a ON a.msisdn = pn.msisdn
      WHERE pn.pool_id = $1::uuid AND 'Sms' = ANY(a.services)
      ORDER BY coalesce(r.next_send_at, '-infinity'::timestamptz), pn.added_at, pn.msisdn`,
    [pool.id],
  );
  const sticky = pool.sticky ? await ctx.db.poolStickySender.findUnique({ where: { poolId_recipient: { poolId: pool.id, recipient: recipient.e164 } }, select: { msisdn: true } }) : null;
  const choice = pickSender(pool, members, recipient.country, sticky?.msisdn ?? null);
  if (!choice) fail("poolHasNoNumber");
  if (pool.sticky && choice.reason !== "sticky") {
    // The first send to a recipient fixes its number; a concurrent first send keeps whichever was stored first.
    await ctx.sql.query(
      `INSERT INTO pool_sticky_senders (pool_id, recipient, msisdn, updated_at) VALUES ($1::uuid, $2, $3, $4)
       ON CONFLICT (pool_id, recipient) DO UPDATE SET msisdn = EXCLUDED.msisdn, updated_at = EXCLUDED.updated_at
        WHERE NOT EXISTS (SELECT 1 FROM pool_numbers p WHERE p.pool_id = $1::uuid AND p.msisdn = pool_sticky_senders.msisdn)`,
      [pool.id, recipient.e164, choice.msisdn, ctx.now()],
    );
    const { rows } = await ctx.sql.query<{ msisdn: string }>(`SELECT msisdn FROM pool_sticky_senders WHERE pool_id = $1::uuid AND recipient = $2`, [pool.id, recipient.e164]);
    if (rows[0] && rows[0].msisdn !== choice.msisdn && members.some((m) => m.msisdn === rows[0]!.msisdn)) return { msisdn: rows[0].msisdn, reason: "sticky" as const };
  }
  return choice;
}
