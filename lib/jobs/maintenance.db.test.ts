// The statistics job: it analyzes where nothing else does (embedded PGlite), and leaves
// PostgreSQL's tables to its autovacuum.
import { describe, expect, it } from "vitest";
import { dbKind, useTestDatabase } from "../../tests/support/test-db.ts";
import { analyzeTables } from "./maintenance.ts";
import type { JobMeta } from "./job.ts";

const db = useTestDatabase();

const analyzedAt = async () => (await db.ctx().sql.query<{ at: Date | null }>(`SELECT last_analyze AS at FROM pg_stat_user_tables WHERE relname = 'messages'`)).rows[0]?.at ?? null;

describe("maintenance.analyze", () => {
  it(dbKind === "pglite" ? "analyzes the growing tables on PGlite, which has no autovacuum" : "leaves PostgreSQL's statistics to its autovacuum launcher", async () => {
    expect(await analyzedAt()).toBeNull();
    await analyzeTables.handler(db.ctx(), {}, {} as JobMeta);
    if (dbKind === "pglite") expect(await analyzedAt()).toBeInstanceOf(Date);
    else expect(await analyzedAt()).toBeNull();
  });
});
