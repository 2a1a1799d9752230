// The TOTP arithmetic of two-factor sign-in (RFC 6238 through otplib: SHA-1, 6 digits, 30 s, what
// every authenticator app reads from a QR code) and the recovery codes' shape and hash. No
// context: the caller brings the clock and remembers the last accepted step.
import crypto from "node:crypto";
import { generate, generateSecret, generateURI, verify } from "otplib";

const period = 30;
/** Codes of the step before and after now are accepted too: clocks drift and people type slowly. */
const toleranceSeconds = period;

export const codePattern = /^\d{6}$/;

export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function otpauthUri(issuer: string, email: string, secret: string): string {
  return generateURI({ issuer, label: email, secret });
}

/** The code's time step when it is right now (±1 step) and of a step after `afterStep`; else null. */
export async function acceptedStep(secret: string, code: string, now: Date, afterStep = 0): Promise<number | null> {
  const token = code.replace(/\s/g, "");
  if (!codePattern.test(token)) return null;
  const result = await verify({ secret, token, epoch: Math.floor(now.getTime() / 1000), epochTolerance: toleranceSeconds, afterTimeStep: afterStep });
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

/** The code an authenticator shows at `at` (tests, and nothing else, need it). */
export function totpCode(secret: string, at: Date): Promise<string> {
  return generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
}

const recoveryAlphabet = "abcdefghjkmnpqrstuvwxyz23456789";

/** Ten recovery codes like `k7pm2-x9qta`: 50 bits each, no look-alike characters. */
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => recoveryAlphabet[crypto.randomInt(recoveryAlphabet.length)]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What is stored of a recovery code; typed with or without the dash, in any case. */
export function recoveryCodeHash(code: string): string {
  const plain = code.trim().toLowerCase().replace(/[\s-]/g, "");
  return crypto.createHash("sha256").update(`switchboard recovery\0${plain}`).digest("hex");
}

export function looksLikeRecoveryCode(code: string): boolean {
  return /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(code.trim());
}
