// The submit_sm of one part, as the carrier takes it: the same for a single message's parts and
// a campaign batch's.
import type { SubmitPart } from "../ports/carrier.ts";

export function submitPartOf(
  part: { id: string; text: string; partNumber: number },
  message: { from: string; to: string; encoding: string; parts: number; flash: boolean; expiresAt: Date },
  concatRef: number,
  now: Date,
): SubmitPart {
  return {
    partId: part.id,
    from: message.from,
    to: message.to,
    text: part.text,
    encoding: message.encoding === "ucs2" ? "ucs2" : "gsm7",
    concat: message.parts > 1 ? { ref: concatRef, total: message.parts, seq: part.partNumber } : undefined,
    flash: message.flash,
    // Whole minutes left of the message's ttl, at least one.
    validityMinutes: Math.max(1, Math.ceil((message.expiresAt.getTime() - now.getTime()) / 60_000)),
  };
}
