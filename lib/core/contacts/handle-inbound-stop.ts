// An inbound SMS that asks to stop (STOP, UNSUBSCRIBE, "stop please"…) blacklists its sender for
// Sms: every contact with that mobile in the account whose number received it. Never in other
// accounts: a message whose account is not known (its number is nobody's, or was just cancelled)
// blacklists nobody, since one person's STOP to one business is not a STOP to every business.
import type { Ctx } from "../context.ts";
import { isUuid } from "../../ids.ts";
import { countUpdated } from "./blacklist-contacts.ts";
import { parseMobile } from "./normalize-contact-input.ts";

/** Twilio's opt-out words (STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT, and the newer OPTOUT, REVOKE). */
const OPT_OUT_WORDS = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "OPTOUT", "REVOKE"]);

/** Whether a message is an opt-out: one of the words alone, or STOP followed by anything. */
export function isOptOut(text: string): boolean {
  const words = text
    .normalize("NFKC")
    .toUpperCase()
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (!words.length) return false;
  if (words[0] === "STOP") return true;
  // "OPT OUT", "opt-out", "Stop all" count as the single word.
  return OPT_OUT_WORDS.has(words.join(""));
}

export async function handleInboundStop(ctx: Ctx, input: { accountId: string | undefined; from: string; text: string }): Promise<number> {
  if (!isOptOut(input.text)) return 0;
  if (!input.accountId || !isUuid(input.accountId)) return 0;
  const mobile = parseMobile(input.from)?.e164;
  if (!mobile) return 0;
  return countUpdated(
    ctx,
    `UPDATE contacts SET blacklisted_services = array_append(coalesce(blacklisted_services, '{}'), 'Sms'), updated_at = $2
      WHERE mobile = $1 AND account_id = $3 AND NOT coalesce(blacklisted_services, '{}') @> ARRAY['Sms']::text[] RETURNING 1`,
    [mobile, ctx.now(), input.accountId],
  );
}
