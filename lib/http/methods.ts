// Exports every HTTP verb of a route file: the ones given, and a 405 envelope for the rest,
// so an unsupported method gets a proper error body instead of an empty answer.
import { DomainError } from "../core/errors.ts";
import { errorResponse } from "./render-error.ts";
import type { Method } from "./route-spec.ts";

type Handler = (req: Request, ctx?: { params?: Promise<Record<string, string | string[]>> }) => Promise<Response>;
type Verb = Exclude<Method, "HEAD">;

export function methods(handlers: Partial<Record<Verb, Handler>>): Record<Verb, Handler> {
  const allowed = Object.keys(handlers).join(", ");
  const refuse: Handler = async (req) => {
    const r = errorResponse(new DomainError("methodNotAllowed", { message: `${req.method} is not allowed here; use ${allowed}.` }), crypto.randomUUID());
    r.headers.set("Allow", allowed);
    return r;
  };
  return {
    GET: handlers.GET ?? refuse,
    POST: handlers.POST ?? refuse,
    PUT: handlers.PUT ?? refuse,
    PATCH: handlers.PATCH ?? refuse,
    DELETE: handlers.DELETE ?? refuse,
  };
}
