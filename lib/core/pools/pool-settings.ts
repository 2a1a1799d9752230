// smsSettings as given to POST and PUT /pools/my: checked, with the spec's defaults for a new
// pool (sticky and geomatch on, transcode off) and, for an update, only what was given.
import { countries } from "countries-list";
import { fail } from "../errors.ts";
import { checkUrl } from "../numbers/number-callbacks.ts";
import { isValidSender } from "../sms/validate-sender.ts";

export interface SmsSettingsInput {
  sticky?: boolean;
  geomatch?: boolean;
  transcode?: boolean;
  defaultCountry?: string;
  alphanumericSenderId?: string;
  callback?: { url?: string; strategy?: "OnChange" | "OnCompletion" };
  inboundSMSCallbackUrl?: string;
  /** The spelling of rented numbers' field, accepted too. */
  inboundSmsCallbackUrl?: string;
}

export type PoolColumns = {
  sticky?: boolean;
  geomatch?: boolean;
  transcode?: boolean;
  defaultCountry?: string;
  alphanumericSenderId?: string;
  callbackUrl?: string;
  callbackStrategy?: string;
  inboundSmsCallbackUrl?: string;
};

/** allowPrivate: callback URLs may be private or loopback addresses (ctx.config). */
export function poolColumns(s: SmsSettingsInput, mode: "create" | "update", allowPrivate: boolean): PoolColumns {
  const out: PoolColumns = { sticky: s.sticky, geomatch: s.geomatch, transcode: s.transcode };
  if (mode === "create") {
    out.sticky ??= true;
    out.geomatch ??= true;
    out.transcode ??= false;
  }
  if (s.defaultCountry !== undefined) {
    const c = s.defaultCountry.trim().toUpperCase();
    if (c !== "" && !Object.hasOwn(countries, c)) fail("validation", { message: "smsSettings.defaultCountry must be an ISO 3166-1 alpha-2 code such as GR.", property: "smsSettings.defaultCountry" });
    out.defaultCountry = c;
  }
  if (s.alphanumericSenderId !== undefined) {
    const v = s.alphanumericSenderId.trim();
    if (v !== "" && (!isValidSender(v) || /^\d+$/.test(v)))
      fail("invalidSender", { message: "smsSettings.alphanumericSenderId must be 1 to 11 letters and digits with at least one letter.", property: "smsSettings.alphanumericSenderId" });
    out.alphanumericSenderId = v;
  }
  if (s.callback !== undefined) {
    const url = checkUrl(s.callback.url ?? "", "smsSettings.callback.url", allowPrivate) ?? "";
    out.callbackUrl = url;
    out.callbackStrategy = url ? (s.callback.strategy ?? "OnCompletion") : "";
  }
  const inbound = s.inboundSMSCallbackUrl ?? s.inboundSmsCallbackUrl;
  if (inbound !== undefined) out.inboundSmsCallbackUrl = checkUrl(inbound, "smsSettings.inboundSMSCallbackUrl", allowPrivate);
  return out;
}
