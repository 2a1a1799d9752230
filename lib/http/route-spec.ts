// A route's contract in one object: method, path, auth, scope and the zod schemas of its query,
// body and answer. withApi() enforces it; the OpenAPI document is generated from it.
import type { z } from "zod";
import type { Scope } from "../core/tokens/scopes.ts";
import type { ErrorName } from "../core/errors.ts";
import type { Role } from "../db/generated/enums.ts";
import { composerRoles, ownerRoles } from "../core/users/roles.ts";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD";

export interface RouteSpec<Q extends z.ZodType | undefined = z.ZodType | undefined, B extends z.ZodType | undefined = z.ZodType | undefined, P extends z.ZodType | undefined = z.ZodType | undefined> {
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
  /** Platform administrators only (the operator console), whatever their role in their own account. */
  platformAdmin?: boolean;
  query?: Q;
  body?: B;
  params?: P;
  /** Schema of the 200 answer, for the document. */
  response?: z.ZodType;
  /** Content type of the body when it is not JSON (the token endpoint takes a form). */
  bodyType?: "json" | "form";
  errors?: readonly ErrorName[];
  /** With `body`: what an empty body means; without it an empty body is a 400. (A route without `body` reads none.) */
  emptyBody?: unknown;
  /** Largest body accepted, in bytes (default 1 MiB). */
  maxBody?: number;
  /** Honours an Idempotency-Key header (lib/http/idempotency.ts); bearer routes only. */
  idempotent?: boolean;
  /** Left out of the public OpenAPI document (dashboard JSON). */
  internal?: boolean;
}

/** "GET /pools/my/{poolId}": a route's method and path, as its file's header writes them. */
export type MethodAndPath = `${Method} /${string}`;
type MethodOf<R> = R extends `${infer M extends Method} ${string}` ? M : never;

/**
 * A route spec. Mostly written as the family's shared fields (`base`: tag, auth, scope or roles),
 * its method and path, and what is its own.
 */
export function defineRoute<const S extends RouteSpec>(spec: S): S;
export function defineRoute<const B extends Partial<RouteSpec>, const R extends MethodAndPath, const S extends Partial<RouteSpec> & Pick<RouteSpec, "summary">>(
  base: B,
  route: R,
  spec: S,
): B & S & { method: MethodOf<R>; path: string };
export function defineRoute(first: Partial<RouteSpec>, route?: MethodAndPath, spec?: Partial<RouteSpec>): RouteSpec {
  if (route === undefined) return first as RouteSpec;
  const space = route.indexOf(" ");
  return { ...first, method: route.slice(0, space) as Method, path: route.slice(space + 1), ...spec } as RouteSpec;
}

/** What every dashboard JSON route shares: the session cookie, and no place in the public document. */
export const dashboardRoute = { tag: "Dashboard", auth: "session", internal: true } as const;
/** A dashboard route that sends, spends or changes contacts: owners and marketers. */
export const composerRoute = { ...dashboardRoute, roles: composerRoles } as const;
/** A dashboard route that manages the account (applications, users): owners. */
export const ownerRoute = { ...dashboardRoute, roles: ownerRoles } as const;
/** A route of the operator console (/api/operator/…): platform administrators only. */
export const operatorRoute = { tag: "Operator", auth: "session", internal: true, platformAdmin: true } as const;

type PublicOnly = "tag" | "auth" | "scope" | "idempotent" | "description";

/**
 * The dashboard's copy of a public route (its composer sends through the same contract): the
 * same method, body, limits, answer and errors (but the Idempotency-Key's), signed in, at its
 * own path; `extra` replaces what differs. Owners and marketers by default; a read every role
 * may see passes dashboardRoute as `who`.
 */
export function dashboardCopy<const S extends RouteSpec, const E extends Partial<RouteSpec> & Pick<RouteSpec, "path" | "summary">, const W extends typeof dashboardRoute = typeof composerRoute>(
  spec: S,
  extra: E,
  who?: W,
): Omit<S, PublicOnly | keyof E> & W & E {
  const { tag: _tag, auth: _auth, scope: _scope, idempotent: _idempotent, description: _description, ...shared } = spec;
  // No Idempotency-Key on the dashboard: its errors cannot happen there.
  const errors = shared.errors?.filter((e) => !e.startsWith("idempotencyKey"));
  return { ...shared, ...(errors ? { errors } : {}), ...(who ?? composerRoute), ...extra } as Omit<S, PublicOnly | keyof E> & W & E;
}
