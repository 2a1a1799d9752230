// A rented number's callback settings as the API names them, checked like every callback URL:
// http(s), and not private or loopback unless the deployment allows it.
import { fail } from "../errors.ts";
import { checkCallbackUrl } from "../callbacks/url-guard.ts";

export interface NumberCallbacks {
  inboundSmsCallbackUrl?: string;
  voiceInboundStrategy?: { dialplanUrl?: string };
  inboundVoiceCallbackUrl?: string;
}

export function checkUrl(url: string | undefined, property: string, allowPrivate: boolean): string | undefined {
  if (url === undefined) return undefined;
  const v = url.trim();
  if (v === "") return "";
  const problem = checkCallbackUrl(v, allowPrivate);
  if (problem) fail("callbackUrlRefused", { message: `The callback URL ${problem}.`, property });
  return v;
}

/** The columns to write: only the settings given (undefined leaves a column as it is). */
export function checkNumberCallbacks(input: NumberCallbacks, allowPrivate: boolean) {
  return {
    inboundSmsCallbackUrl: checkUrl(input.inboundSmsCallbackUrl, "inboundSmsCallbackUrl", allowPrivate),
    dialplanUrl: checkUrl(input.voiceInboundStrategy?.dialplanUrl, "voiceInboundStrategy.dialplanUrl", allowPrivate),
    inboundVoiceCallbackUrl: checkUrl(input.inboundVoiceCallbackUrl, "inboundVoiceCallbackUrl", allowPrivate),
  };
}
