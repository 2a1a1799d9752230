// A unique index refused the write: Prisma's P2002, or SQLSTATE 23505 from raw SQL (pg, PGlite).
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === "object" && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === "P2002" || code === "23505") return true;
  }
  return false;
}

// A foreign key refused the write (the row it points to went, or a row still points here):
// Prisma's P2003, or SQLSTATE 23503 from raw SQL.
export function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === "object" && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === "P2003" || code === "23503") return true;
  }
  return false;
}

// The row an update or delete named is gone (another request deleted it meanwhile): Prisma's P2025.
export function isRecordGone(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === "P2025";
}
