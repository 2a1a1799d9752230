// COPY through both drivers: text with tabs, line breaks and backslashes, nulls and numbers come
// back exactly as written.
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/test-db.ts";
import { copyRow } from "./connection.ts";

const db = useTestDatabase();

describe("copyIn", () => {
  it("writes rows in COPY's text format, escapes and nulls intact", async () => {
    const sql = db.database().sql;
    await sql.exec(`CREATE TABLE copy_probe (n int, t text, b bigint)`);
    const texts = ["plain", "tab\there", "two\nlines", "cr\r\nlf", "back\\slash \\N not null", "Ελληνικά €", ""];
    const rows = texts.map((t, i) => copyRow([i, t, 10n ** 15n + BigInt(i)]));
    rows.push(copyRow([99, null, null]));
    await sql.copyIn(`COPY copy_probe (n, t, b) FROM STDIN`, rows.join(""));
    const back = await sql.query<{ n: number; t: string | null; b: string | null }>(`SELECT n, t, b::text AS b FROM copy_probe ORDER BY n`);
    expect(back.rows).toEqual([...texts.map((t, i) => ({ n: i, t, b: String(10n ** 15n + BigInt(i)) })), { n: 99, t: null, b: null }]);
  });
});
