// Two-way conversations on a rented number: its messages grouped by correspondent (inbound from
// them, outbound to them from this number), one conversation's messages, and a reply from it.
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { sendSms } from "../sms/send-sms.ts";
import { getRentedNumber } from "./get-rented-number.ts";
import { normalizeMsisdn } from "./normalize-msisdn.ts";

const ofNumber = `account_id = $1::uuid AND ((direction = 'Inbound' AND "to" = $2) OR (direction = 'Outbound' AND "from" = $3))`;

export async function listConversations(ctx: Ctx, input: { accountId: string; msisdn: string; page: number; size: number }) {
  const { rented } = await getRentedNumber(ctx, input);
  const values = [input.accountId, rented.msisdn, rented.msisdn.slice(1)];
  const { rows } = await ctx.sql.query<{ correspondent: string; body: string; at: Date; direction: string; status: string; messages: number; inbound: number; total: number }>(
    `WITH m AS (
       SELECT CASE WHEN direction = 'Inbound' THEN "from" ELSE "to" END AS correspondent, body, created_at, direction::text AS direction, status
         FROM messages WHERE ${ofNumber}
     ), latest AS (
       SELECT DISTINCT ON (correspondent) correspondent, body, created_at AS at, direction, status,
              (count(*) OVER (PARTITION BY correspondent))::int AS messages,
              (count(*) FILTER (WHERE direction = 'Inbound') OVER (PARTITION BY correspondent))::int AS inbound
         FROM m ORDER BY correspondent, created_at DESC
     )
     SELECT *, (count(*) OVER ())::int AS total FROM latest ORDER BY at DESC LIMIT ${input.size} OFFSET ${input.page * input.size}`,
    values,
  );
  return {
    total: rows[0]?.total ?? 0,
    content: rows.map((r) => ({
      correspondent: r.correspondent,
      lastBody: r.body,
      lastAt: new Date(r.at).toISOString(),
      lastDirection: r.direction,
      lastStatus: r.status,
      messages: Number(r.messages),
      inbound: Number(r.inbound),
    })),
  };
}

export async function getConversation(ctx: Ctx, input: { accountId: string; msisdn: string; correspondent: string }) {
  const { rented } = await getRentedNumber(ctx, input);
  const correspondent = normalizeMsisdn(input.correspondent) ?? input.correspondent;
  const { rows } = await ctx.sql.query<{ id: string; direction: string; from: string; to: string; body: string; status: string; at: Date }>(
    `SELECT * FROM (
       SELECT id::text, direction::text AS direction, "from", "to", body, status, created_at AS at FROM messages
        WHERE ${ofNumber} AND CASE WHEN direction = 'Inbound' THEN "from" ELSE "to" END = $4
        ORDER BY created_at DESC LIMIT 500) x ORDER BY at ASC`,
    [input.accountId, rented.msisdn, rented.msisdn.slice(1), correspondent],
  );
  return {
    msisdn: rented.msisdn,
    correspondent,
    messages: rows.map((r) => ({ trackingId: r.id, direction: r.direction, from: r.from, to: r.to, body: r.body, status: r.status, at: new Date(r.at).toISOString() })),
  };
}

export async function replyInConversation(ctx: Ctx, input: { accountId: string; msisdn: string; correspondent: string; body: string }) {
  const { rented } = await getRentedNumber(ctx, input);
  const to = normalizeMsisdn(input.correspondent);
  if (!to) fail("validation", { message: "The correspondent is not a phone number, so it cannot be answered.", property: "to" });
  const { message } = await sendSms(ctx, { accountId: input.accountId, from: rented.msisdn.slice(1), to, body: input.body });
  return { trackingId: message.id, direction: "Outbound", from: message.from, to: message.to, body: message.body, status: message.status, at: message.createdAt.toISOString() };
}
