// A route's contract in one object: method, path, auth, scope and the zod schemas of its query,
// body and answer. withApi() enforces it; the OpenAPI document is generated from it.
import type { z } from "zod";
import type { Scope } from "../core/tokens/scopes.ts";
import type { ErrorName } from "../core/errors.ts";
import type { Role } from "../db/generated/enums.ts";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD";

export interface RouteSpec<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  P extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: Method;
  /** Path under /api, OpenAPI style: /campaigns/{trackingId}. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  /** bearer: API token; session: dashboard cookie; none: public. */
  auth: "bearer" | "session" | "none";
  scope?: Scope;
  /** Dashboard roles allowed (default: every role). */
  roles?: readonly Role[];
  query?: Q;
  body?: B;
  params?: P;
  /** Schema of the 200 answer, for the document. */
  response?: z.ZodType;
  /** Content type of the body when it is not JSON (the token endpoint takes a form). */
  bodyType?: "json" | "form";
  errors?: ErrorName[];
  /** What an empty body means; without it an empty body is a 400. */
  emptyBody?: unknown;
  /** Largest body accepted, in bytes (default 1 MiB). */
  maxBody?: number;
  /** Honours an Idempotency-Key header (lib/http/idempotency.ts); bearer routes only. */
  idempotent?: boolean;
  /** Left out of the public OpenAPI document (dashboard JSON). */
  internal?: boolean;
}

export function defineRoute<const S extends RouteSpec>(spec: S): S {
  return spec;
}
