// The SMTP sink's captured mail, as far as it carries the account's own emails (the sink is the
// machine's, its mail is not: mail that names no email of the account is not shown).
import type { Ctx } from "../context.ts";
import { fail } from "../errors.ts";
import { isUuid } from "../../ids.ts";
import type { SmtpSinkMessage } from "../../db/generated/client.ts";

function summary(m: SmtpSinkMessage) {
  return { id: m.id, emailId: m.emailId, mailFrom: m.mailFrom, rcptTo: m.rcptTo, subject: m.subject, size: m.size, receivedAt: m.receivedAt.toISOString() };
}

const ownIds = `SELECT id FROM emails WHERE account_id = $1::uuid`;

export async function listCaptured(ctx: Ctx, accountId: string, q: { page: number; size: number }) {
  const [{ rows: count }, { rows: ids }] = await Promise.all([
    ctx.sql.query<{ n: string }>(`SELECT count(*)::text AS n FROM smtp_sink_messages WHERE email_id IN (${ownIds})`, [accountId]),
    ctx.sql.query<{ id: string }>(`SELECT id::text FROM smtp_sink_messages WHERE email_id IN (${ownIds}) ORDER BY received_at DESC LIMIT $2 OFFSET $3`, [accountId, q.size, q.page * q.size]),
  ]);
  const rows = await ctx.db.smtpSinkMessage.findMany({ where: { id: { in: ids.map((r) => r.id) } }, orderBy: { receivedAt: "desc" } });
  return { total: Number(count[0]?.n ?? 0), rows: rows.map(summary) };
}

export async function capturedMail(ctx: Ctx, accountId: string, id: string) {
  if (!isUuid(id)) fail("notFound", { message: "Captured mail not found.", property: "id" });
  const m = await ctx.db.smtpSinkMessage.findUnique({ where: { id } });
  const own = m?.emailId ? await ctx.db.email.count({ where: { id: m.emailId, accountId } }) : 0;
  if (!m || !own) fail("notFound", { message: "Captured mail not found.", property: "id" });
  return { ...summary(m), html: m.html, text: m.text, raw: m.raw.slice(0, 200_000) };
}
