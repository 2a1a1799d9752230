// Applies prisma/migrations in order, recording them in Prisma's own _prisma_migrations table
// (same checksum), so `prisma migrate deploy` and this runner agree about what is applied.
// It runs in-process at boot: no CLI, no engine download, the same on PGlite and PostgreSQL.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Sql } from "./connection.ts";

const LOCK_KEY = 727_274_001; // arbitrary, fixed: one migrator at a time across instances

export function migrationsDir(): string {
  return path.resolve(process.cwd(), "prisma", "migrations");
}

/** The migrations of the folder that the database has not applied (readiness). */
export async function pendingMigrations(db: Sql, dir = migrationsDir()): Promise<string[]> {
  const { rows } = await db.query<{ migration_name: string }>(`SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`);
  const done = new Set(rows.map((r) => r.migration_name));
  return migrationNames(dir).filter((name) => !done.has(name));
}

function migrationNames(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort();
}

export async function migrate(db: Sql, dir = migrationsDir()): Promise<string[]> {
  return db.session((sql) => migrateOn(sql, dir));
}

async function migrateOn(sql: Sql, dir: string): Promise<string[]> {
  const names = migrationNames(dir);
  await sql.exec(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id" VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum" VARCHAR(64) NOT NULL,
    "finished_at" TIMESTAMPTZ,
    "migration_name" VARCHAR(255) NOT NULL,
    "logs" TEXT,
    "rolled_back_at" TIMESTAMPTZ,
    "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count" INTEGER NOT NULL DEFAULT 0
  )`);
  const applied: string[] = [];
  await sql.query("SELECT pg_advisory_lock($1)", [LOCK_KEY]);
  try {
    const { rows } = await sql.query<{ migration_name: string }>(`SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`);
    const done = new Set(rows.map((r) => r.migration_name));
    for (const name of names) {
      if (done.has(name)) continue;
      const text = fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      const checksum = crypto.createHash("sha256").update(text).digest("hex");
      await sql.exec(`BEGIN;\n${text}\n;COMMIT;`).catch(async (err) => {
        await sql.exec("ROLLBACK").catch(() => {});
        throw new Error(`migration ${name} failed: ${(err as Error).message}`);
      });
      await sql.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count)
         VALUES ($1, $2, now(), $3, 1)`,
        [crypto.randomUUID(), checksum, name],
      );
      applied.push(name);
    }
  } finally {
    await sql.query("SELECT pg_advisory_unlock($1)", [LOCK_KEY]);
  }
  return applied;
}
