// The upkeep job: where nothing else does (embedded PGlite, PostgreSQL with autovacuum off) it
// vacuums and analyzes the tables past autovacuum's thresholds; PostgreSQL's own launcher is left
// to do it where it runs.
import { describe, expect, it, vi } from "vitest";
import { dbKind, useTestDatabase } from "../../tests/support/test-db.ts";
import { analyzeTables } from "./maintenance.ts";
import type { JobMeta } from "./job.ts";

const db = useTestDatabase();

const analyzedAt = async () => {
  await db.ctx().sql.query(`SELECT pg_stat_force_next_flush()`);
  return (await db.ctx().sql.query<{ at: Date | null }>(`SELECT last_analyze AS at FROM pg_stat_user_tables WHERE relname = 'upkeep_probe'`)).rows[0]?.at ?? null;
};

describe("maintenance.analyze", () => {
  it(dbKind === "pglite" ? "analyzes a table that grew on PGlite, which has no autovacuum" : "leaves PostgreSQL's tables to its autovacuum launcher", async () => {
    const sql = db.ctx().sql;
    await sql.exec(`CREATE TABLE upkeep_probe (id int PRIMARY KEY) WITH (autovacuum_enabled = false)`);
    await sql.query(`INSERT INTO upkeep_probe SELECT g FROM generate_series(1, 500) g`);
    expect(await analyzedAt()).toBeNull();
    if (dbKind === "pglite") {
      await vi.waitFor(
        async () => {
          await analyzeTables.handler(db.ctx(), {}, {} as JobMeta);
          expect(await analyzedAt()).toBeInstanceOf(Date);
        },
        { timeout: 15_000, interval: 200 },
      );
    } else {
      // Counted by now (a backend reports within a second), and still not analyzed by the job.
      await new Promise((r) => setTimeout(r, 1500));
      await analyzeTables.handler(db.ctx(), {}, {} as JobMeta);
      expect(await analyzedAt()).toBeNull();
    }
  });
});
