// POST /api/oauth/token — client-credentials access tokens (RFC 6749 §4.4, §5.2 errors)
import { withApi } from "@/lib/http/with-api";
import { json } from "@/lib/http/render-error";
import { DomainError } from "@/lib/core/errors";
import { issueToken } from "@/lib/core/tokens/issue-token";
import { tokenRoute } from "@/lib/schemas/oauth";
import { readClientCredentials } from "@/lib/auth/client-credentials";
import { methods } from "@/lib/http/methods";
import { clientAddress } from "@/lib/http/client-address";

const noStore = { "Cache-Control": "no-store", Pragma: "no-cache" };

export const { GET, PUT, PATCH, DELETE, POST } = methods({
  POST: withApi(tokenRoute, async ({ req, ctx, body }) => {
    const { clientId, clientSecret } = readClientCredentials(req, body);
    const grantType = body.grant_type ?? new URL(req.url).searchParams.get("grant_type") ?? undefined;
    try {
      const answer = await issueToken(ctx, { clientId, clientSecret, grantType, scope: body.scope, address: clientAddress(req.headers) });
      return json(200, answer, noStore);
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      // RFC 6749 fields, the platform envelope, and Routee's {status, message} in one body.
      return json(
        err.status,
        {
          error: err.details.value,
          error_description: err.message,
          code: err.code,
          developerMessage: err.message,
          status: err.status,
          message: err.message,
        },
        { ...noStore, ...err.details.headers },
      );
    }
  }),
});
