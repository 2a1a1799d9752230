// SMSC_URL becomes the connector named default: workers starting together make one row whose
// password opens, a boot with the same URL changes nothing (no reconnect anywhere), and a new
// URL updates it.
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db.ts";
import { ensureDefaultConnector } from "../../lib/server/default-connector.ts";
import { CONNECTOR_PASSWORD } from "../../lib/server/connectors.ts";
import { unseal } from "../../lib/core/secrets/seal.ts";

const db = useTestDatabase();
const fallback = { binds: 1, window: 10, tps: 100 };
const row = async () =>
  (
    await db
      .ctx()
      .sql.query<{ id: string; host: string; port: number; binds: number; tps: number; password_sealed: string; updated_at: Date }>(
        `SELECT id::text, host, port, binds, tps, password_sealed, updated_at FROM connectors WHERE name = 'default'`,
      )
  ).rows;

describe("the default connector from SMSC_URL", () => {
  it("is one row with a readable password when several workers start at once", async () => {
    const ids = await Promise.all([1, 2, 3].map(() => ensureDefaultConnector(db.ctx(), "smpp://acme:s%40cret@smsc.example:2775?binds=4&tps=0", fallback)));
    const rows = await row();
    expect(rows).toHaveLength(1);
    expect(new Set(ids)).toEqual(new Set([rows[0]!.id]));
    expect(rows[0]).toMatchObject({ host: "smsc.example", port: 2775, binds: 4, tps: 0 });
    expect(unseal(db.ctx().config.authSecret, CONNECTOR_PASSWORD, rows[0]!.id, rows[0]!.password_sealed)).toBe("s@cret");
  });

  it("is left alone by a boot with the same URL, and follows a new one", async () => {
    const [before] = await row();
    await ensureDefaultConnector(db.ctx(), "smpp://acme:s%40cret@smsc.example:2775?binds=4&tps=0", fallback);
    expect((await row())[0]!.updated_at).toEqual(before!.updated_at);
    await ensureDefaultConnector(db.ctx(), "smpp://acme:other@smsc2.example:2776", fallback);
    const [after] = await row();
    expect(after).toMatchObject({ id: before!.id, host: "smsc2.example", port: 2776, binds: 1, tps: 100 });
    expect(unseal(db.ctx().config.authSecret, CONNECTOR_PASSWORD, after!.id, after!.password_sealed)).toBe("other");
  });
});
