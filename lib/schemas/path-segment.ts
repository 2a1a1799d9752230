// Path parameters: the {id} of a row, and segments some routers leave percent-encoded
// ("Spring%20fair", "AMD%20Telecom"), decoded once and kept as they are when they are not valid
// percent-encoding.
import { z } from "zod";

/** The {id} of a row we issued (connector, rule, user, callback, campaign, email, captured mail): at most 64 characters, longer is a 400 rather than a lookup. */
export const idParams = z.object({ id: z.string().max(64) });

/** The {trackingId} of a message, campaign or verification. */
export const trackingIdParams = z.object({ trackingId: z.string() });

const encoded = /%[0-9A-Fa-f]{2}/;

export const decodeSegment = (v: string): string => (encoded.test(v) ? decodeOnce(v) : v);

function decodeOnce(v: string): string {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}
