// Strict-Transport-Security, which depends on PUBLIC_URL at run time (the static headers every
// answer carries are in next.config.mjs): once a browser has reached the platform over https it
// never again sends the session cookie over plain http.
import { env } from "../env.ts";

const oneYear = 365 * 24 * 60 * 60;

/** Adds HSTS to an answer's headers when the platform is served over https. */
export function transportSecurity(headers: Headers): void {
  if (env().PUBLIC_URL.startsWith("https://")) headers.set("Strict-Transport-Security", `max-age=${oneYear}; includeSubDomains`);
}
