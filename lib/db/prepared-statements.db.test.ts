// Statements run as named prepared ones (PGlite: pglite-statements.ts; PostgreSQL: the statement
// caches) answer exactly what unnamed ones would, and an error, a rollback, a schema change or
// more distinct texts than the cache holds leave the connection usable.
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/test-db.ts";
import { cachingStatements } from "./statement-cache.ts";

const db = useTestDatabase();
const sqlOf = () => cachingStatements(db.database().sql);

describe("prepared statements", () => {
  it("give back every type as an unnamed statement does", async () => {
    const text = `SELECT $1::jsonb AS j, $2::text[] AS a, $3::bigint AS b, $4::timestamptz AS t, $5::uuid AS u, $6::text AS n, $7::bool AS f`;
    const values = [{ a: [1, "x"] }, ["x", "y,z"], "9007199254740993", new Date("2026-11-26T10:00:00.123Z"), "00000000-0000-4000-8000-000000000001", null, false];
    const once = await db.database().sql.query(text, values);
    expect(once.rows).toHaveLength(1);
    for (let i = 0; i < 3; i++) expect((await sqlOf().query(text, values)).rows).toEqual(once.rows);
    const prisma = await db.database().prisma.$queryRawUnsafe<Record<string, unknown>[]>(`SELECT $1::text AS s, $2::int AS i`, "hé", 7);
    expect(prisma).toEqual([{ s: "hé", i: 7 }]);
  });

  it("run again after they failed, in and out of a transaction", async () => {
    const sql = sqlOf();
    const divide = `SELECT 10 / $1::int AS q`;
    await expect(sql.query(divide, [0])).rejects.toMatchObject({ code: "22012" });
    expect((await sql.query(divide, [5])).rows).toEqual([{ q: 2 }]);
    const prisma = db.database().prisma;
    await expect(prisma.$transaction(async (tx) => tx.$queryRawUnsafe(divide, 0))).rejects.toThrow();
    expect(await prisma.$queryRawUnsafe(divide, 2)).toEqual([{ q: 5 }]);
    await expect(sql.query(`SELEC broken`, [])).rejects.toMatchObject({ code: "42601" });
    expect((await sql.query(divide, [10])).rows).toEqual([{ q: 1 }]);
  });

  it("see what a rolled-back transaction undid, and plan again after a schema change", async () => {
    const sql = sqlOf();
    await sql.exec(`CREATE TABLE prepared_probe (id int PRIMARY KEY)`);
    const prisma = db.database().prisma;
    const insert = `INSERT INTO prepared_probe (id) VALUES ($1::int)`;
    await expect(
      prisma.$transaction(async (tx) => {
        await tx.$executeRawUnsafe(insert, 1);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    await prisma.$executeRawUnsafe(insert, 2);
    const ids = `SELECT id FROM prepared_probe WHERE id > $1::int ORDER BY id`;
    expect((await sql.query(ids, [0])).rows).toEqual([{ id: 2 }]);
    // Its plan made before a schema change is planned again after it.
    await sql.exec(`ALTER TABLE prepared_probe ADD COLUMN note text NOT NULL DEFAULT 'n'; CREATE INDEX prepared_probe_note ON prepared_probe (note)`);
    await prisma.$executeRawUnsafe(insert, 3);
    expect((await sql.query(ids, [0])).rows).toEqual([{ id: 2 }, { id: 3 }]);
    expect((await sql.query(`SELECT id, note FROM prepared_probe WHERE note = $1 ORDER BY id`, ["n"])).rows).toEqual([
      { id: 2, note: "n" },
      { id: 3, note: "n" },
    ]);
  });

  it("keep working past more distinct texts than the cache holds", async () => {
    const sql = sqlOf();
    for (let i = 0; i < 700; i++) expect((await db.database().sql.query(`SELECT $1::int + ${i} AS v`, [1])).rows).toEqual([{ v: i + 1 }]);
    expect((await sql.query(`SELECT $1::int + 0 AS v`, [41])).rows).toEqual([{ v: 41 }]);
  });
});
