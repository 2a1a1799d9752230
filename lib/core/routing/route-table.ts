// The routing rules, connectors and costs as this process knows them: read once, then read again
// when a cheap version query (looked at once a second at most, in the background of a submit)
// says a console, the command line or another instance changed them. Every worker follows a
// change within about a second, without a restart and without a query per part.
import type { Ctx } from "../context.ts";
import type { Sql } from "../../db/connection.ts";
import { compileRule, type CompiledRule, type RouteRow } from "./route-rules.ts";

export interface ConnectorInfo {
  id: string;
  name: string;
  enabled: boolean;
  temporaryErrors: ReadonlySet<number>;
}

export interface RouteSnapshot {
  version: string;
  rules: CompiledRule[];
  connectors: Map<string, ConnectorInfo>;
  byName: Map<string, ConnectorInfo>;
  /** connector id → "ISO" or "ISO network" → cost per part in micro-units. */
  costs: Map<string, Map<string, bigint>>;
}

const VERSION = `SELECT concat_ws('/',
  (SELECT count(*) || ':' || coalesce(max(updated_at)::text, '') FROM routes),
  (SELECT count(*) || ':' || coalesce(max(updated_at)::text, '') FROM connectors),
  (SELECT count(*) || ':' || coalesce(sum(cost_micros), 0) FROM connector_costs)) AS v`;

async function load(sql: Sql, version: string): Promise<RouteSnapshot> {
  const [routes, connectors, costs] = await Promise.all([
    sql.query<RouteRow>(
      `SELECT id::text, position, name, account_id::text AS "accountId", country, prefix, network, kind, sender_type AS "senderType", strategy,
              connector_ids::text[] AS "connectorIds", weights, enabled
         FROM routes ORDER BY position, created_at`,
    ),
    sql.query<{ id: string; name: string; enabled: boolean; temporary_errors: number[] }>(`SELECT id::text, name, enabled, temporary_errors FROM connectors`),
    sql.query<{ connector_id: string; iso: string; network: string; cost_micros: string }>(`SELECT connector_id::text, iso, network, cost_micros::text FROM connector_costs`),
  ]);
  const byId = new Map<string, ConnectorInfo>();
  for (const c of connectors.rows) byId.set(c.id, { id: c.id, name: c.name, enabled: c.enabled, temporaryErrors: new Set(c.temporary_errors) });
  const costMap = new Map<string, Map<string, bigint>>();
  for (const c of costs.rows) {
    let m = costMap.get(c.connector_id);
    if (!m) costMap.set(c.connector_id, (m = new Map()));
    m.set(c.network ? `${c.iso.trim()} ${c.network}` : c.iso.trim(), BigInt(c.cost_micros));
  }
  return { version, rules: routes.rows.map(compileRule), connectors: byId, byName: new Map([...byId.values()].map((c) => [c.name, c])), costs: costMap };
}

/** The cost of a part on a connector: the network's when it has one, else the country's. */
export function costOn(snapshot: RouteSnapshot, connectorId: string, country: string, network?: string): bigint | undefined {
  const m = snapshot.costs.get(connectorId);
  if (!m) return undefined;
  return (network ? m.get(`${country} ${network}`) : undefined) ?? m.get(country);
}

const CHECK_EVERY_MS = 1000;

export class RouteTable {
  private snapshot: RouteSnapshot | null = null;
  private loading: Promise<RouteSnapshot> | null = null;
  private checkedAt = 0;
  private listeners: ((s: RouteSnapshot) => void)[] = [];

  constructor(private readonly sql: Sql) {}

  /** The table, read again first when it is stale by more than a second (in the background once there is one). */
  async get(): Promise<RouteSnapshot> {
    if (!this.snapshot) return this.refresh();
    if (performance.now() - this.checkedAt > CHECK_EVERY_MS && !this.loading) void this.refresh().catch(() => undefined);
    return this.snapshot;
  }

  /** Reads the version, and the table when it changed; resolves with the current table. */
  refresh(): Promise<RouteSnapshot> {
    this.loading ??= (async () => {
      try {
        this.checkedAt = performance.now();
        const { rows } = await this.sql.query<{ v: string }>(VERSION);
        const version = rows[0]!.v;
        if (this.snapshot?.version !== version) {
          this.snapshot = await load(this.sql, version);
          for (const l of this.listeners) l(this.snapshot);
        }
        return this.snapshot!;
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }

  /** Called with every new table (the connector registry starts and stops connections by it). */
  onChange(listener: (s: RouteSnapshot) => void): void {
    this.listeners.push(listener);
  }
}

const tables = new WeakMap<object, RouteTable>();
/** The route table of this context's database (one per process and database). */
export function routeTableOf(ctx: Pick<Ctx, "sql">): RouteTable {
  let t = tables.get(ctx.sql);
  if (!t) tables.set(ctx.sql, (t = new RouteTable(ctx.sql)));
  return t;
}
