// The embedded database's autovacuum: a table whose rows were updated past autovacuum's
// thresholds is vacuumed (its dead rows gone) and analyzed; a table with a few changes is left
// alone; a table that only grew is analyzed; the timer does it on its own and stops cleanly. The
// tables are made with autovacuum off, so on PostgreSQL its own launcher cannot do it first.
import { describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "../../tests/support/test-db.ts";
import { startAutovacuum, vacuumDue } from "./autovacuum.ts";

const db = useTestDatabase();

interface TableStats {
  dead: number;
  vacuumed: Date | null;
  analyzed: Date | null;
}

async function stats(table: string): Promise<TableStats> {
  const sql = db.database().sql;
  // A backend reports its counters at most once a second: ask for the next report now.
  await sql.query(`SELECT pg_stat_force_next_flush()`);
  const { rows } = await sql.query<TableStats>(`SELECT n_dead_tup::int AS dead, last_vacuum AS vacuumed, last_analyze AS analyzed FROM pg_stat_user_tables WHERE relname = $1`, [table]);
  return rows[0]!;
}

/** A table of `n` rows, each updated `updates` times: n × updates dead row versions. */
async function churned(table: string, n: number, updates: number): Promise<void> {
  const sql = db.database().sql;
  await sql.exec(`CREATE TABLE ${table} (id int PRIMARY KEY, state text NOT NULL) WITH (autovacuum_enabled = false)`);
  await sql.query(`INSERT INTO ${table} SELECT g, 'created' FROM generate_series(1, $1::int) g`, [n]);
  for (let i = 0; i < updates; i++) await sql.query(`UPDATE ${table} SET state = $1`, [`state ${i}`]);
}

describe("embedded autovacuum", () => {
  it("vacuums and analyzes a table past the thresholds, and leaves one under them alone", async () => {
    await churned("av_busy", 2000, 2);
    await churned("av_quiet", 10, 1);
    await vi.waitFor(async () => expect((await stats("av_busy")).dead).toBeGreaterThanOrEqual(4000), { timeout: 15_000, interval: 200 });

    // On PGlite the database's own timer (every 10 s) may have come first: the same work.
    await vacuumDue(db.database().sql);

    const busy = await stats("av_busy");
    expect(busy.dead).toBe(0);
    expect(busy.vacuumed).toBeInstanceOf(Date);
    expect(busy.analyzed).toBeInstanceOf(Date);
    expect(await stats("av_quiet")).toMatchObject({ vacuumed: null, analyzed: null });

    // Done until the table changes again.
    expect((await vacuumDue(db.database().sql)).map((u) => u.table)).not.toContain("public.av_busy");
  });

  it("analyzes a table that only grew, without vacuuming it", async () => {
    const sql = db.database().sql;
    await sql.exec(`CREATE TABLE av_grown (id int PRIMARY KEY) WITH (autovacuum_enabled = false)`);
    await sql.query(`INSERT INTO av_grown SELECT g FROM generate_series(1, 500) g`);
    await vi.waitFor(
      async () => {
        await vacuumDue(sql);
        expect(await stats("av_grown")).toMatchObject({ vacuumed: null, analyzed: expect.any(Date) });
      },
      { timeout: 15_000, interval: 200 },
    );
  });

  it("goes on past a table dropped after it was found due", async () => {
    const sql = db.database().sql;
    await churned("av_kept", 2000, 1);
    await vi.waitFor(async () => expect((await stats("av_kept")).dead).toBeGreaterThanOrEqual(2000), { timeout: 15_000, interval: 200 });
    // The list names a table first that is gone by the time its turn comes.
    const gone = { name: "public.av_dropped_meanwhile", vacuum: true };
    const listing = {
      ...sql,
      query: async <R>(text: string, values?: unknown[]) => {
        const answer = await sql.query<R>(text, values);
        return text.includes("pg_stat_user_tables") ? { rows: [gone as R, ...answer.rows] } : answer;
      },
    };
    const done = await vacuumDue(listing as typeof sql);
    expect(done.map((u) => u.table)).not.toContain(gone.name);
    expect((await stats("av_kept")).dead).toBe(0);
  });

  it("runs on its own every interval until stopped", async () => {
    await churned("av_timer", 1000, 1);
    const autovacuum = startAutovacuum(db.database().sql, 100);
    try {
      await vi.waitFor(async () => expect((await stats("av_timer")).vacuumed).toBeInstanceOf(Date), { timeout: 15_000, interval: 200 });
    } finally {
      await autovacuum.stop();
    }
    expect((await stats("av_timer")).dead).toBe(0);
  });
});
