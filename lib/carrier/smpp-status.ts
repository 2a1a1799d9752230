// SMPP command_status codes the carrier acts on, and their names for logs and results.
import smpp from "smpp";

/** commandStatus of a SubmitResult for a failure no SMSC answered (timeout, carrier closed, bad input found locally uses the SMPP code). */
export const NO_SMSC_STATUS = -1;

export const ESME_ROK = 0x00;
export const ESME_RINVBNDSTS = 0x04;
export const ESME_RSYSERR = 0x08;
export const ESME_RMSGQFUL = 0x14;
export const ESME_RTHROTTLED = 0x58;
export const ESME_RX_T_APPN = 0x64;
/**
 * Answers that say "not now" rather than "never": the part is tried again (on another connector
 * when routing has one). ESME_RSYSERR is among them: SMSCs answer it for passing trouble of
 * their own far more often than for anything wrong with the part. A connector may set its own.
 */
export const DEFAULT_TEMPORARY_ERRORS: readonly number[] = [ESME_RTHROTTLED, ESME_RMSGQFUL, ESME_RSYSERR];

const statusNames = new Map<number, string>(Object.entries(smpp.errors).map(([name, code]) => [code, name] as const));

/** "ESME_RTHROTTLED" → 0x58; undefined for a name the SMPP 3.4 list lacks. */
export function statusByName(name: string): number | undefined {
  const key = name.toUpperCase();
  return Object.hasOwn(smpp.errors, key) ? smpp.errors[key] : undefined;
}

/** 0x58 → "ESME_RTHROTTLED"; undefined for a vendor-specific code. */
export function statusName(status: number): string | undefined {
  return statusNames.get(status);
}
const statusTexts: Record<string, string> = {
  ESME_RINVMSGLEN: "message length is invalid",
  ESME_RSYSERR: "system error",
  ESME_RINVSRCADR: "invalid source address",
  ESME_RINVDSTADR: "invalid destination address",
  ESME_RINVBNDSTS: "incorrect bind status",
  ESME_RMSGQFUL: "message queue full",
  ESME_RINVESMCLASS: "invalid esm_class",
  ESME_RSUBMITFAIL: "submit_sm failed",
  ESME_RINVSRCTON: "invalid source address TON",
  ESME_RINVDSTTON: "invalid destination address TON",
  ESME_RTHROTTLED: "throttling error (too many submits)",
  ESME_RINVEXPIRY: "invalid validity period",
  ESME_RINVDCS: "invalid data coding scheme",
  ESME_RBINDFAIL: "bind failed",
  ESME_RINVPASWD: "invalid password",
  ESME_RINVSYSID: "invalid system_id",
};

/** "ESME_RSUBMITFAIL (0x00000045): submit_sm failed" */
export function describeStatus(status: number): string {
  const name = statusNames.get(status) ?? "unknown status";
  const text = statusTexts[name];
  return `${name} (0x${status.toString(16).padStart(8, "0")})${text ? `: ${text}` : ""}`;
}
