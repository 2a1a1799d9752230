// Application ids short enough for every client. Routee's ids are 24 hexadecimal characters and
// common clients (Ruby's Base64.encode64 breaks lines after 60 characters) cannot send a
// longer `id:secret` than 45 characters. A new application's uuid is a version-8 uuid (RFC 9562:
// its layout is the issuer's) that holds 24 hexadecimal digits and a fixed rest, so the short id
// and the uuid every table references are the same thing written two ways. Older applications
// keep their random (version-4) uuid, which stays their id. Pure.
import crypto from "node:crypto";

const shortId = /^[0-9a-f]{24}$/;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const packed = /^([0-9a-f]{8})-([0-9a-f]{4})-8([0-9a-f]{3})-8([0-9a-f]{3})-([0-9a-f]{6})000000$/;

/** A new application's uuid, and the 24-hex id its owner uses. */
export function newApplicationId(): { uuid: string; clientId: string } {
  const clientId = crypto.randomBytes(12).toString("hex");
  return { uuid: applicationUuid(clientId)!, clientId };
}

/** The uuid an application id names (either form, any case), or null for anything else. */
export function applicationUuid(id: string): string | null {
  const s = id.trim().toLowerCase();
  if (uuid.test(s)) return s;
  if (!shortId.test(s)) return null;
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-8${s.slice(12, 15)}-8${s.slice(15, 18)}-${s.slice(18, 24)}000000`;
}

/** The id an application's owner sees and sends: the short one when it has one. */
export function clientIdOf(applicationUuid: string): string {
  const m = packed.exec(applicationUuid.toLowerCase());
  return m ? m.slice(1).join("") : applicationUuid;
}

const base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A 20-character base62 secret: 119 bits, drawn without modulo bias. */
export function newApplicationSecret(length = 20): string {
  let out = "";
  while (out.length < length) {
    for (const b of crypto.randomBytes(length)) if (b < 248 && out.length < length) out += base62[b % 62];
  }
  return out;
}
