import { anyCause } from "../errors.ts";

// A unique index refused the write: Prisma's P2002, or SQLSTATE 23505 from raw SQL (pg, PGlite).
export function isUniqueViolation(err: unknown): boolean {
  return anyCause(err, ({ code }) => code === "P2002" || code === "23505");
}

// A foreign key refused the write (the row it points to went, or a row still points here):
// Prisma's P2003, or SQLSTATE 23503 from raw SQL.
export function isForeignKeyViolation(err: unknown): boolean {
  return anyCause(err, ({ code }) => code === "P2003" || code === "23503");
}

// The row an update or delete named is gone (another request deleted it meanwhile): Prisma's P2025.
export function isRecordGone(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === "P2025";
}
