// SMSC_URL keeps working beside the connectors table: at boot it becomes (or updates) the
// connector named "default", the one every part goes to when no routing rule matches. Without
// SMSC_URL, the bundled simulator's address is the default.
import crypto from "node:crypto";
import type { Ctx } from "../core/context.ts";
import { seal, unseal } from "../core/secrets/seal.ts";
import { connectorOptionsFromUrl } from "../carrier/connector-url.ts";
import { DEFAULT_TEMPORARY_ERRORS } from "../carrier/smpp-status.ts";
import { CONNECTOR_PASSWORD } from "./connectors.ts";

export interface DefaultConnection {
  binds: number;
  window: number;
  /** submit_sm per second per bind; Infinity: no limit. */
  tps: number;
}

/** Creates or updates the connector named default from `url`; a row that already says the same is left alone. */
export async function ensureDefaultConnector(ctx: Ctx, url: string, fallback: DefaultConnection): Promise<string> {
  const o = connectorOptionsFromUrl(url, { strict: false });
  const tps = o.tps ?? fallback.tps;
  const want: Record<string, unknown> = {
    host: o.host,
    port: o.port,
    system_id: o.systemId,
    system_type: o.systemType ?? "",
    bind_mode: o.bindMode ?? "transceiver",
    binds: o.binds ?? fallback.binds,
    window_size: o.window ?? fallback.window,
    tps: Number.isFinite(tps) ? tps : 0,
    tls: Boolean(o.tls),
    ca_file: o.tls?.caFile ?? "",
    source_ton: o.sourceTon ?? null,
    source_npi: o.sourceNpi ?? null,
    dest_ton: o.destTon ?? null,
    dest_npi: o.destNpi ?? null,
    gsm7_data_coding: o.gsm7DataCoding ?? 0,
    enquire_link_seconds: o.enquireLinkSeconds ?? 30,
    temporary_errors: [...(o.temporaryErrors ?? DEFAULT_TEMPORARY_ERRORS)],
  };
  const columns = Object.keys(want);
  const { rows } = await ctx.sql.query<Record<string, unknown> & { id: string; password_sealed: string }>(
    `SELECT id::text, password_sealed, ${columns.join(", ")} FROM connectors WHERE name = 'default'`,
  );
  const row = rows[0];
  const samePassword = (r: { id: string; password_sealed: string }) => {
    try {
      return unseal(ctx.config.authSecret, CONNECTOR_PASSWORD, r.id, r.password_sealed) === o.password;
    } catch {
      return false;
    }
  };
  if (row && samePassword(row) && columns.every((k) => JSON.stringify(row[k]) === JSON.stringify(want[k]))) return row.id;
  // Workers that start together may each find no row: the first insert wins, and every one then
  // seals the password bound to the id that won.
  if (!row) await ctx.sql.query(`INSERT INTO connectors (id, name, host, port) VALUES ($1::uuid, 'default', $2, $3) ON CONFLICT (name) DO NOTHING`, [crypto.randomUUID(), o.host, o.port]);
  const id = row?.id ?? (await ctx.sql.query<{ id: string }>(`SELECT id::text FROM connectors WHERE name = 'default'`)).rows[0]!.id;
  await ctx.sql.query(`UPDATE connectors SET password_sealed = $2, ${columns.map((c, i) => `${c} = $${i + 3}`).join(", ")}, updated_at = now() WHERE id = $1::uuid`, [
    id,
    seal(ctx.config.authSecret, CONNECTOR_PASSWORD, id, o.password),
    ...columns.map((k) => want[k]),
  ]);
  return id;
}
