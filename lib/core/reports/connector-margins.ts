// Cost and margin for the platform's administrators: over a period, every account's outbound
// parts per connector and per country, with what the accounts paid (price), what the connectors
// charge (cost) and the difference (margin). Failed and Unsent parts are refunded and cost
// nothing (billed-parts.ts). Amounts stay in each account's currency: a row per currency.
// Complete hours come from the hourly rollup (report_hour_connectors, filled by the same scan
// as report_hours), the rest is counted live, as the overview does (rollup-coverage.ts).
import type { Ctx } from "../context.ts";
import { fromMicros } from "../../money.ts";
import { timeGroupingFor } from "./time-grouping.ts";
import { rollupCoverage } from "./rollup-coverage.ts";
import { billedSql, NO_CONNECTOR_ID } from "./billed-parts.ts";
import { connectorName } from "../tracking/explore-connectors.ts";

export interface MarginFigures {
  currency: string;
  /** Outbound parts created in the period. */
  parts: number;
  /** Of them, the ones that count: neither Failed nor Unsent. */
  billed: number;
  price: number;
  cost: number;
  /** price − cost. */
  margin: number;
  /** margin / price, or null when nothing was charged. */
  marginRate: number | null;
}

export interface ConnectorMargin extends MarginFigures {
  /** "" for parts no connector carried (not submitted yet, or a test carrier). */
  connectorId: string;
  /** The connector's name; "" for none; a removed connector's id. */
  connector: string;
}

export interface CountryMargin extends MarginFigures {
  country: string;
}

export interface ConnectorMargins {
  from: string;
  to: string;
  totals: MarginFigures[];
  connectors: ConnectorMargin[];
  countries: CountryMargin[];
}

type Row = { connector_id: string; country: string; currency: string; parts: string | number; billed: string | number; price: string | number | bigint; cost: string | number | bigint };

type Sums = { currency: string; parts: number; billed: number; price: bigint; cost: bigint };

export async function connectorMargins(ctx: Ctx, input: { from: Date; to: Date }): Promise<ConnectorMargins> {
  timeGroupingFor(input.from, input.to); // refuses a reversed span or one over five years
  const { rolled, live } = await rollupCoverage(ctx, input.from, input.to);
  const batches = await Promise.all([
    rolled.length
      ? ctx.sql.query<Row>(
          `SELECT r.connector_id, r.country, a.currency, sum(r.parts) AS parts, sum(r.billed) AS billed, sum(r.price_micros) AS price, sum(r.cost_micros) AS cost
             FROM report_hour_connectors r JOIN accounts a ON a.id = r.account_id
            WHERE r.hour = ANY($1::timestamptz[])
            GROUP BY 1, 2, 3`,
          [rolled],
        )
      : { rows: [] as Row[] },
    // Every account's parts of a live range, found account by account through (account_id, created_at).
    ...live.map((range) =>
      ctx.sql.query<Row>(
        `SELECT coalesce(p.connector_id, '${NO_CONNECTOR_ID}') AS connector_id, m.country, a.currency, count(*) AS parts,
                count(*) FILTER (WHERE ${billedSql}) AS billed,
                coalesce(sum(p.price_micros) FILTER (WHERE ${billedSql}), 0) AS price,
                coalesce(sum(p.cost_micros) FILTER (WHERE ${billedSql}), 0) AS cost
           FROM accounts a
           JOIN message_parts p ON p.account_id = a.id AND p.created_at >= $1 AND p.created_at ${range.endInclusive ? "<=" : "<"} $2
           JOIN messages m ON m.id = p.message_id
          WHERE m.direction = 'Outbound'
          GROUP BY 1, 2, 3`,
        [range.from, range.to],
      ),
    ),
  ]);
  const rows = batches.flatMap((b) => b.rows);
  const ids = [...new Set(rows.map((r) => r.connector_id).filter((id) => id !== NO_CONNECTOR_ID))];
  const names = new Map(ids.length ? (await ctx.db.connector.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } })).map((c) => [c.id, c.name]) : []);

  const totals = new Map<string, Sums>();
  const byConnector = new Map<string, Sums & { connectorId: string }>();
  const byCountry = new Map<string, Sums & { country: string }>();
  const add = (into: Sums, r: Row) => {
    into.parts += Number(r.parts);
    into.billed += Number(r.billed);
    into.price += BigInt(r.price);
    into.cost += BigInt(r.cost);
  };
  const zero = (currency: string): Sums => ({ currency, parts: 0, billed: 0, price: 0n, cost: 0n });
  for (const r of rows) {
    const connectorId = r.connector_id === NO_CONNECTOR_ID ? "" : r.connector_id;
    add(
      getOr(totals, r.currency, () => zero(r.currency)),
      r,
    );
    add(
      getOr(byConnector, `${connectorId}/${r.currency}`, () => ({ ...zero(r.currency), connectorId })),
      r,
    );
    add(
      getOr(byCountry, `${r.country}/${r.currency}`, () => ({ ...zero(r.currency), country: r.country })),
      r,
    );
  }
  const byVolume = (a: { parts: number; currency: string }, b: { parts: number; currency: string }) => b.parts - a.parts || a.currency.localeCompare(b.currency);
  return {
    from: input.from.toISOString(),
    to: input.to.toISOString(),
    totals: [...totals.values()].sort(byVolume).map(figures),
    connectors: [...byConnector.values()]
      .map((c) => ({ connectorId: c.connectorId, connector: connectorName(names, c.connectorId), ...figures(c) }))
      .sort((a, b) => byVolume(a, b) || a.connector.localeCompare(b.connector)),
    countries: [...byCountry.values()].map((c) => ({ country: c.country, ...figures(c) })).sort((a, b) => byVolume(a, b) || a.country.localeCompare(b.country)),
  };
}

function getOr<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let v = map.get(key);
  if (v === undefined) map.set(key, (v = make()));
  return v;
}

function figures(s: Sums): MarginFigures {
  const margin = s.price - s.cost;
  return {
    currency: s.currency,
    parts: s.parts,
    billed: s.billed,
    price: fromMicros(s.price),
    cost: fromMicros(s.cost),
    margin: fromMicros(margin),
    marginRate: s.price > 0n ? Number(margin) / Number(s.price) : null,
  };
}
