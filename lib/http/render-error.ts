// Turns anything thrown below a route into the error envelope of DESIGN.md. Unknown errors
// become a generic 500 that names the request id and nothing else.
import { z } from "zod";
import { DomainError, databaseUnavailable, errorCatalog, type ErrorItem } from "../core/errors.ts";
import { log } from "../log/logger.ts";
import { jsonAnswer } from "./compress.ts";

export interface ErrorEnvelope {
  code: string;
  developerMessage: string;
  property?: unknown;
  properties?: Record<string, string>;
  errors?: ErrorItem[];
  entity?: string;
  value?: unknown;
  requestId?: string;
  [k: string]: unknown;
}

export function zodToDomainError(error: z.ZodError, where: "body" | "query" | "params"): DomainError {
  const properties: Record<string, string> = {};
  const errors: ErrorItem[] = [];
  for (const issue of error.issues) {
    const property = issue.path.join(".") || where;
    const message = issue.message;
    properties[property] ??= message;
    errors.push({ code: errorCatalog.validation.code, developerMessage: `${property}: ${message}`, property });
  }
  const first = errors[0];
  return new DomainError("validation", {
    message: first ? `Validation Error! ${first.developerMessage}` : undefined,
    property: first?.property,
    properties,
    errors,
  });
}

export function errorResponse(err: unknown, requestId: string): Response {
  const domain = err instanceof DomainError ? err : err instanceof z.ZodError ? zodToDomainError(err, "body") : databaseUnavailable(err);
  if (!domain) {
    // A row that vanished, or one another request still points at, between a route's checks and
    // its write (a race the route did not foresee): a 404 or 409, logged so it gets its own check.
    const prismaCode = (err as { code?: unknown } | null)?.code;
    if (prismaCode === "P2025" || prismaCode === "P2003") {
      log("warn", "race answered by the Prisma error code", { requestId, code: prismaCode, error: err instanceof Error ? err.message : String(err) });
      const e = prismaCode === "P2025" ? errorCatalog.routeNotFound : errorCatalog.conflict;
      const message = prismaCode === "P2025" ? "The resource does not exist (any more)." : e.message;
      return json(e.status, { code: e.code, developerMessage: message, requestId });
    }
    log("error", "unhandled error", { requestId, error: err instanceof Error ? err.stack : String(err) });
    return json(500, { code: errorCatalog.internal.code, developerMessage: errorCatalog.internal.message, requestId });
  }
  const d = domain.details;
  const body: ErrorEnvelope = { code: domain.code, developerMessage: domain.message };
  if (d.property !== undefined) body.property = d.property;
  if (d.properties) body.properties = d.properties;
  if (d.errors) body.errors = d.errors.map((e) => ({ ...e, errorCode: e.errorCode ?? e.code }));
  if (d.entity !== undefined) body.entity = d.entity;
  if (d.value !== undefined) body.value = d.value;
  const headers: Record<string, string> = { ...d.headers };
  if (domain.status === 401 && !headers["WWW-Authenticate"]) headers["WWW-Authenticate"] = 'Bearer realm="switchboard"';
  return json(domain.status, body, headers);
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return jsonAnswer(stringify(body), { status, headers });
}

/** JSON text, bigints as numbers: a replacer only when there is one (it costs a call per value). */
function stringify(body: unknown): string {
  try {
    return JSON.stringify(body);
  } catch (e) {
    if (!(e instanceof TypeError && /BigInt/i.test(e.message))) throw e;
    return JSON.stringify(body, (_k, v) => (typeof v === "bigint" ? Number(v) : v));
  }
}
