// The one-time code: generated when the request gives none, kept as a salted hash for
// verification, and sealed (AES-256-GCM under a key derived from AUTH_SECRET) only while a later
// step of the flow may still have to send it. Pure apart from the secret.
import crypto from "node:crypto";

/** Placeholders a step's message.body may carry for the code. */
export const CODE_PLACEHOLDERS = ["@@pin", "{{pin}}", "{{code}}", "{code}"] as const;

export function generateCode(digits = 6): string {
  let code = "";
  for (let i = 0; i < digits; i++) code += crypto.randomInt(0, 10).toString();
  return code;
}

export function hasPlaceholder(body: string): boolean {
  return CODE_PLACEHOLDERS.some((p) => body.includes(p));
}

export function renderBody(body: string, code: string): string {
  let out = body;
  for (const p of CODE_PLACEHOLDERS) out = out.split(p).join(code);
  return out;
}

export function hashCode(flowId: string, code: string): string {
  return crypto.scryptSync(code, `otp:${flowId}`, 32, { N: 4096 }).toString("base64");
}

export function codeMatches(flowId: string, code: string, hash: string): boolean {
  const a = Buffer.from(hashCode(flowId, code), "base64");
  const b = Buffer.from(hash, "base64");
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

function key(secret: string): Buffer {
  return crypto.createHash("sha256").update(`switchboard otp code seal\0${secret}`).digest();
}

/** `secret` is the deployment's (ctx.config.authSecret). */
export function sealCode(secret: string, flowId: string, code: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key(secret), iv);
  cipher.setAAD(Buffer.from(flowId));
  const data = Buffer.concat([cipher.update(code, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString("base64url")).join(".");
}

export function unsealCode(secret: string, flowId: string, sealed: string): string {
  const [iv, tag, data] = sealed.split(".").map((p) => Buffer.from(p, "base64url"));
  const decipher = crypto.createDecipheriv("aes-256-gcm", key(secret), iv!);
  decipher.setAAD(Buffer.from(flowId));
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(data!), decipher.final()]).toString("utf8");
}
