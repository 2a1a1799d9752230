// POST /api/oauth/token — the client-credentials grant.
import { z } from "zod";
import { defineRoute } from "../http/route-spec.ts";

export const tokenRequest = z.object({
  grant_type: z.string().optional().describe("Always client_credentials (also accepted in the query string)."),
  scope: z.string().optional().describe("Space- or comma-separated subset of the application's scopes; omitted or empty means all of them."),
  client_id: z.string().optional().describe("Application id, when not sent with Basic authentication."),
  client_secret: z.string().optional().describe("Application secret, when not sent with Basic authentication."),
});

export const tokenAnswer = z.object({
  access_token: z.string(),
  token_type: z.literal("bearer"),
  expires_in: z.number().int().describe("Seconds until expiry: 3600, 86400 or 631139040 per application."),
  scope: z.string().describe("Space-separated granted scopes."),
  permissions: z.array(z.string()).describe("MT_ROLE_* permissions of the granted scopes."),
});

export const tokenRoute = defineRoute({ tag: "Authentication", auth: "none" }, "POST /oauth/token", {
  summary: "Issue an access token",
  description:
    "OAuth 2.0 client credentials. Authenticate with `Authorization: Basic base64(applicationId:applicationSecret)` " +
    "(or client_id/client_secret in the form) and send `grant_type=client_credentials`. Errors follow RFC 6749 §5.2 " +
    "(`error`, `error_description`) and also carry the platform envelope (`code`, `developerMessage`).",
  bodyType: "form",
  body: tokenRequest,
  response: tokenAnswer,
  errors: ["invalidRequest", "unsupportedGrantType", "invalidScope", "invalidClient"],
  maxBody: 16 * 1024,
});
