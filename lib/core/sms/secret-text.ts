// A message that carries a secret (an OTP's code) is stored and shown with the secret masked
// ("Your code is ******"): in its body, its parts, tracking, exports and callbacks. Only the SMSC
// gets the real text: each part's is sealed (AES-256-GCM under AUTH_SECRET, bound to the part)
// beside the masked one, opened at submit time, and dropped once the message is final.
import { seal, unseal } from "../secrets/seal.ts";

const purpose = "sms part text";

/** The text with every occurrence of the secret replaced by as many asterisks. */
export function maskSecret(text: string, secret: string): string {
  return secret ? text.split(secret).join("*".repeat(secret.length)) : text;
}

/**
 * The parts as stored: masked, and the real text sealed. The masked parts are the masked text cut
 * where the real one was cut (a mask has the secret's length), so a secret split across two parts
 * is masked in both.
 */
export function maskedParts(authSecret: string, partIds: readonly string[], parts: readonly string[], secret: string): { texts: string[]; sealed: string[] } {
  const masked = maskSecret(parts.join(""), secret);
  let at = 0;
  const texts = parts.map((p) => masked.slice(at, (at += p.length)));
  return { texts, sealed: parts.map((p, i) => seal(authSecret, purpose, partIds[i]!, p)) };
}

/** What the SMSC is sent for a part: its sealed real text where it has one. */
export function textToSend(authSecret: string, part: { id: string; text: string; sealedText?: string | null }): string {
  return part.sealedText ? unseal(authSecret, purpose, part.id, part.sealedText) : part.text;
}
