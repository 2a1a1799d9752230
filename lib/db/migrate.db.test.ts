// Migrations apply once, in order, and are recorded the way Prisma records them.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/test-db.ts";
import { migrate, migrationsDir } from "./migrate.ts";

const db = useTestDatabase();

describe("migrate", () => {
  it("records every migration with Prisma's checksum and applies nothing twice", async () => {
    const sql = db.database().sql;
    expect(await migrate(sql)).toEqual([]);
    const { rows } = await sql.query<{ migration_name: string; checksum: string }>(`SELECT migration_name, checksum FROM "_prisma_migrations" ORDER BY migration_name`);
    const names = fs
      .readdirSync(migrationsDir())
      .filter((n) => fs.existsSync(path.join(migrationsDir(), n, "migration.sql")))
      .sort();
    expect(rows.map((r) => r.migration_name)).toEqual(names);
    for (const r of rows) {
      const text = fs.readFileSync(path.join(migrationsDir(), r.migration_name, "migration.sql"), "utf8");
      expect(r.checksum).toBe(crypto.createHash("sha256").update(text).digest("hex"));
    }
    const tables = await sql.query<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`);
    expect(tables.rows.map((t) => t.tablename)).toEqual(expect.arrayContaining(["accounts", "users", "applications", "access_tokens", "ledger_entries", "prices"]));
  });
});
