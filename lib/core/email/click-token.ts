// A tracked link's token: the link's id and an HMAC of it under a key derived from AUTH_SECRET.
// Only a link the platform wrote into an email it sent redirects; an id learnt elsewhere, or
// made up, without the signature does not.
import crypto from "node:crypto";

function key(secret: string): Buffer {
  return crypto.createHash("sha256").update(`switchboard email click\0${secret}`).digest();
}

function signature(secret: string, linkId: string): string {
  return crypto.createHmac("sha256", key(secret)).update(linkId).digest("base64url").slice(0, 22);
}

export function clickToken(secret: string, linkId: string): string {
  return `${linkId}.${signature(secret, linkId)}`;
}

/** The link id a token names, or null when it is not one the platform signed. */
export function linkOfToken(secret: string, token: string): string | null {
  const dot = token.lastIndexOf(".");
  if (dot <= 0) return null;
  const linkId = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(signature(secret, linkId));
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? linkId : null;
}
