// SMSC_URL keeps working beside the connectors table: at boot it becomes (or updates) the
// connector named "default", the one every part goes to when no routing rule matches. Without
// SMSC_URL, the bundled simulator's address is the default.
import crypto from "node:crypto";
import type { Ctx } from "../core/context.ts";
import { seal, unseal } from "../core/secrets/seal.ts";
import { carrierOptionsFromUrl } from "../carrier/smpp-carrier.ts";
import { parseSmppUrl } from "../carrier/smpp-url.ts";
import { CONNECTOR_PASSWORD } from "./connectors.ts";

export interface DefaultConnection {
  binds: number;
  window: number;
  /** submit_sm per second per bind; Infinity: no limit. */
  submitsPerSecond: number;
}

/** Creates or updates the connector named default from `url`; a row that already says the same is left alone. */
export async function ensureDefaultConnector(ctx: Ctx, url: string, fallback: DefaultConnection): Promise<string> {
  const endpoint = parseSmppUrl(url);
  const q = carrierOptionsFromUrl(url);
  const tps = q.submitsPerSecond ?? fallback.submitsPerSecond;
  const want = {
    host: endpoint.host,
    port: endpoint.port,
    system_id: endpoint.systemId,
    tls: endpoint.tls,
    binds: q.binds ?? fallback.binds,
    window_size: q.window ?? fallback.window,
    tps: Number.isFinite(tps) ? tps : 0,
  };
  const { rows } = await ctx.sql.query<typeof want & { id: string; password_sealed: string }>(
    `SELECT id::text, host, port, system_id, tls, binds, window_size, tps, password_sealed FROM connectors WHERE name = 'default'`,
  );
  const row = rows[0];
  const samePassword = (r: { id: string; password_sealed: string }) => {
    try {
      return unseal(ctx.config.authSecret, CONNECTOR_PASSWORD, r.id, r.password_sealed) === endpoint.password;
    } catch {
      return false;
    }
  };
  if (row && samePassword(row) && Object.entries(want).every(([k, v]) => row[k as keyof typeof want] === v)) return row.id;
  const id = row?.id ?? crypto.randomUUID();
  const sealed = seal(ctx.config.authSecret, CONNECTOR_PASSWORD, id, endpoint.password);
  await ctx.sql.query(
    `INSERT INTO connectors (id, name, host, port, system_id, password_sealed, tls, binds, window_size, tps)
     VALUES ($1::uuid, 'default', $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (name) DO UPDATE SET host = excluded.host, port = excluded.port, system_id = excluded.system_id,
       password_sealed = excluded.password_sealed, tls = excluded.tls, binds = excluded.binds, window_size = excluded.window_size,
       tps = excluded.tps, updated_at = now()`,
    [id, want.host, want.port, want.system_id, sealed, want.tls, want.binds, want.window_size, want.tps],
  );
  return id;
}
