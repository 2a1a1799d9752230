// A unique index refused the write: Prisma's P2002, or SQLSTATE 23505 from raw SQL (pg, PGlite).
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === "object" && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === "P2002" || code === "23505") return true;
  }
  return false;
}
