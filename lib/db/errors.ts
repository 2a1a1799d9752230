// What a database error means, whichever way the statement went: Prisma's model API reports
// P-codes, the Sql executor (pg, PGlite) SQLSTATEs, and the driver adapters wrap the driver's
// error a few levels deep.

/** What anyCause() shows of an error and each of its causes. */
export interface ErrorFacts {
  code?: unknown;
  originalCode?: unknown;
  message?: unknown;
}

/** Whether an error or one of its causes matches. */
export function anyCause(err: unknown, match: (e: ErrorFacts) => boolean): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === "object" && depth < 4; depth++, e = (e as { cause?: unknown }).cause) {
    if (match(e as ErrorFacts)) return true;
  }
  return false;
}

/** A unique index refused the write: Prisma's P2002, or SQLSTATE 23505 from raw SQL (pg, PGlite). */
export function isUniqueViolation(err: unknown): boolean {
  return anyCause(err, ({ code }) => code === "P2002" || code === "23505");
}

/**
 * A foreign key refused the write (the row it points to went, or a row still points here):
 * Prisma's P2003, or SQLSTATE 23503 from raw SQL.
 */
export function isForeignKeyViolation(err: unknown): boolean {
  return anyCause(err, ({ code }) => code === "P2003" || code === "23503");
}

/** The row an update or delete named is gone (another request deleted it meanwhile): Prisma's P2025. */
export function isRecordGone(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === "P2025";
}

/**
 * The database cannot be reached at the moment (a restart, a failover, a dropped connection, no
 * connection slot left), as opposed to a statement it refused.
 */
export function isDatabaseUnreachable(err: unknown): boolean {
  return anyCause(err, ({ code, originalCode, message }) => {
    const c = String(originalCode ?? code ?? "");
    return /^08/.test(c) || unreachable.has(c) || (typeof message === "string" && unreachableText.test(message));
  });
}
// SQLSTATE 57P01-57P03 (shut down, crashed, starting up), 53300 (too many connections), Prisma's
// "can't reach" codes, and the socket errors of a server that is not there.
const unreachable = new Set(["57P01", "57P02", "57P03", "53300", "P1001", "P1002", "P1017", "ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH"]);
const unreachableText = /Connection terminated|connection error and is not queryable|terminating connection|timeout exceeded when trying to connect/i;
