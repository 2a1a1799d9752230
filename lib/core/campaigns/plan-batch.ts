// A campaign batch's plan: its messages built from the campaign's recipients (ids derived from
// the campaign and the recipient's position, so a run after a crash builds the same ones) and,
// for a later attempt, what earlier runs already stored or logged, so that it is not sent again.
import type { Ctx } from "../context.ts";
import type { Campaign } from "../../db/generated/client.ts";
import type { RouteHop } from "../ports/carrier.ts";
import { uuidFrom } from "../../ids.ts";
import { splitBody } from "../sms/analyze-body.ts";
import { parseRecipient } from "../sms/parse-recipient.ts";
import { loggedAnswers } from "./answer-log.ts";

interface RecipientRow {
  seq: number;
  mobile: string;
  country: string;
  text: string;
  parts: number;
  encoding: string;
  price_micros: string;
  mcc: string;
  mnc: string;
  operator: string;
  links: [string, string][] | null;
}

/** A message of the batch, built from its recipient. */
export interface BatchMessage {
  /** The recipient's position in the campaign (the order parts are handed over in). */
  seq: number;
  id: string;
  to: string;
  body: string;
  country: string;
  operator: string;
  mcc: string;
  mnc: string;
  numberType: string;
  encoding: string;
  priceMicros: string;
  expiresAt: Date;
  /** The concatenation reference its parts share. */
  ref: number;
  parts: BatchPart[];
  /** It has a row: written by an earlier run, or by this one. */
  stored: boolean;
  /** Its short links, [code, url] (trackLinks): written with its row. */
  links?: [string, string][] | null;
}

export interface BatchPart {
  id: string;
  number: number;
  text: string;
  priceMicros: string;
  message: BatchMessage;
  /** The SMSC's id once it accepted the part. */
  smscId: string | null;
  possibleDuplicate: boolean;
  /** An earlier run recorded more than Queued for it: nothing left to do. */
  settled: boolean;
  /** The connector that took it, its cost and the connectors that refused it first (a routing carrier's answer). */
  route?: { connectorId?: string; costMicros: string; hops?: RouteHop[] };
}

/** A batch ready to go: its messages, and the parts to hand over, in order. */
export interface BatchPlan {
  createdAt: Date;
  messages: BatchMessage[];
  parts: BatchPart[];
  /** Messages with parts an earlier run logged as accepted (campaign_answer_groups) but did not store as Sent: to store, not to send. */
  answered: BatchMessage[];
}

export const messageIdFor = (campaignId: string, seq: number) => uuidFrom(`campaign:${campaignId}:${seq}`);
const partIdFor = (messageId: string, part: number) => uuidFrom(`part:${messageId}:${part}`);

/**
 * Builds the batch's messages from its recipients. A later attempt (retryCount > 0) also reads
 * what earlier ones stored, and leaves out parts that are past Queued, and the answers they
 * logged, and leaves out those parts too: they are stored as Sent, not sent again.
 */
export async function planBatch(ctx: Ctx, c: Campaign, from: number, to: number, retryCount: number): Promise<BatchPlan> {
  const { rows } = await ctx.sql.query<RecipientRow>(
    `SELECT seq, mobile, country, text, parts, encoding, price_micros::text, mcc, mnc, operator, links
     FROM campaign_recipients WHERE campaign_id = $1::uuid AND seq >= $2 AND seq < $3 ORDER BY seq`,
    [c.id, from, to],
  );
  const createdAt = ctx.now();
  const expiresAt = new Date(createdAt.getTime() + c.ttl * 60_000);
  const messages = rows.map((r): BatchMessage => {
    // The recipient's parts and encoding were worked out from this very text when the campaign
    // was accepted: a one-part text needs no second look.
    const split = r.parts === 1 ? { parts: [r.text], encoding: r.encoding } : splitBody(r.text);
    const id = messageIdFor(c.id, r.seq);
    const m: BatchMessage = {
      seq: r.seq,
      id,
      to: r.mobile,
      body: r.text,
      country: r.country,
      operator: r.operator,
      mcc: r.mcc,
      mnc: r.mnc,
      numberType: parseRecipient(r.mobile)?.numberType ?? "UNKNOWN",
      encoding: split.encoding,
      priceMicros: (BigInt(r.price_micros) * BigInt(split.parts.length)).toString(),
      expiresAt,
      ref: Math.floor(Math.random() * 256),
      parts: [],
      stored: false,
      links: r.links,
    };
    m.parts = split.parts.map((text, k) => ({ id: partIdFor(id, k + 1), number: k + 1, text, priceMicros: r.price_micros, message: m, smscId: null, possibleDuplicate: false, settled: false }));
    return m;
  });
  if (retryCount > 0 && messages.length) {
    const stored = await ctx.sql.query<{ id: string; status: string; possible_duplicate: boolean; expires_at: Date }>(
      `SELECT p.id::text, p.status, p.possible_duplicate, m.expires_at FROM message_parts p JOIN messages m ON m.id = p.message_id
       WHERE p.message_id = ANY($1::uuid[])`,
      [messages.map((m) => m.id)],
    );
    const parts = new Map(messages.flatMap((m) => m.parts.map((p) => [p.id, p] as const)));
    for (const row of stored.rows) {
      const p = parts.get(row.id);
      if (!p) continue;
      p.settled = row.status !== "Queued";
      p.possibleDuplicate = row.possible_duplicate;
      p.message.stored = true;
      p.message.expiresAt = new Date(row.expires_at);
    }
    const bySeq = new Map(messages.map((m) => [m.seq, m]));
    for (const [seq, number, smscId, duplicate, connectorId] of await loggedAnswers(ctx, c.id)) {
      const p = bySeq.get(seq)?.parts[number - 1];
      if (!p || p.settled) continue;
      p.smscId = smscId;
      p.possibleDuplicate ||= duplicate === 1;
      if (connectorId) p.route = { connectorId, costMicros: "0" };
    }
  }
  return {
    createdAt,
    messages,
    parts: messages.flatMap((m) => m.parts.filter((p) => !p.settled && p.smscId === null)),
    answered: messages.filter((m) => m.parts.some((p) => !p.settled && p.smscId !== null)),
  };
}
