// Secrets the platform must read back (a connector's SMPP password): AES-256-GCM under a key
// derived from the deployment's AUTH_SECRET and the secret's purpose, bound to the row it belongs
// to, so a sealed value copied to another row or purpose does not open.
import crypto from "node:crypto";

function key(secret: string, purpose: string): Buffer {
  return crypto.createHash("sha256").update(`switchboard seal\0${purpose}\0${secret}`).digest();
}

export function seal(secret: string, purpose: string, boundTo: string, plain: string): string {
  if (!plain) return "";
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key(secret, purpose), iv);
  cipher.setAAD(Buffer.from(boundTo));
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString("base64url")).join(".");
}

/** Throws when the value was sealed under another secret, purpose or row. */
export function unseal(secret: string, purpose: string, boundTo: string, sealed: string): string {
  if (!sealed) return "";
  const [iv, tag, data] = sealed.split(".").map((p) => Buffer.from(p, "base64url"));
  const decipher = crypto.createDecipheriv("aes-256-gcm", key(secret, purpose), iv!);
  decipher.setAAD(Buffer.from(boundTo));
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(data!), decipher.final()]).toString("utf8");
}
