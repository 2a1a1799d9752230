// Routing rules, pure: which rule a part matches (the first enabled one, in order), and in which
// order its connectors are tried (priority, weights or least cost). The route table
// (route-table.ts) compiles the stored rows into these once per change; the router asks them for
// every part, so matching is a few comparisons, not a query.
import type { MessageKind, RouteKey } from "../ports/carrier.ts";

export const STRATEGIES = ["priority", "weights", "cost"] as const;
export type Strategy = (typeof STRATEGIES)[number];
export const MESSAGE_KINDS: readonly MessageKind[] = ["single", "campaign", "otp", "pool"];
export const SENDER_TYPES = ["alphanumeric", "numeric"] as const;
export type SenderType = (typeof SENDER_TYPES)[number];

/** A stored rule (table routes); '' or null matches anything, and a comma list any of its values. */
export interface RouteRow {
  id: string;
  position: number;
  name: string;
  accountId: string | null;
  country: string;
  prefix: string;
  network: string;
  kind: string;
  senderType: string;
  strategy: string;
  connectorIds: string[];
  weights: number[];
  enabled: boolean;
}

/** A rule ready to match: its lists split once. */
export interface CompiledRule {
  row: RouteRow;
  accountId: string | null;
  countries: Set<string> | null;
  prefixes: string[] | null;
  networks: Set<string> | null;
  kinds: Set<string> | null;
  senderType: string;
}

const list = (value: string): string[] | null => {
  const items = value
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
  return items.length ? items : null;
};
const set = (value: string, normalize = (v: string) => v): Set<string> | null => {
  const items = list(value);
  return items ? new Set(items.map(normalize)) : null;
};

export function compileRule(row: RouteRow): CompiledRule {
  return {
    row,
    accountId: row.accountId || null,
    countries: set(row.country, (v) => v.toUpperCase()),
    prefixes: list(row.prefix)?.map((p) => p.replace(/^\+/, "")) ?? null,
    networks: set(row.network),
    kinds: set(row.kind),
    senderType: row.senderType,
  };
}

/** Digits only (a short code or a number) is numeric; anything else alphanumeric. */
export function senderTypeOf(from: string): SenderType {
  return /^\+?\d+$/.test(from) ? "numeric" : "alphanumeric";
}

/** What a rule looks at: the route key, the destination and the sender. */
export interface RouteQuery extends RouteKey {
  to: string;
  from: string;
}

export function ruleMatches(rule: CompiledRule, q: RouteQuery): boolean {
  if (rule.accountId && rule.accountId !== q.accountId) return false;
  if (rule.countries && !rule.countries.has(q.country)) return false;
  if (rule.kinds && !rule.kinds.has(q.kind)) return false;
  if (rule.networks && !(q.network && rule.networks.has(q.network))) return false;
  if (rule.senderType && rule.senderType !== senderTypeOf(q.from)) return false;
  if (rule.prefixes) {
    const digits = q.to.startsWith("+") ? q.to.slice(1) : q.to;
    if (!rule.prefixes.some((p) => digits.startsWith(p))) return false;
  }
  return true;
}

/** The first enabled rule that matches, in order; undefined: the part goes to the connector named default. */
export function findRule(rules: readonly CompiledRule[], q: RouteQuery): CompiledRule | undefined {
  for (const rule of rules) if (rule.row.enabled && ruleMatches(rule, q)) return rule;
  return undefined;
}

/**
 * The order a rule's connectors are tried in. priority: as listed. weights: one drawn by weight
 * first, then the others by weight (a 70 / 30 split of what goes, with failover to the other).
 * cost: cheapest first for the destination (a connector without a cost for it goes last).
 */
export function connectorOrder(rule: RouteRow, costOf: (connectorId: string) => bigint | undefined, random: () => number = Math.random): string[] {
  const ids = rule.connectorIds;
  if (ids.length < 2) return ids;
  if (rule.strategy === "weights") {
    const total = rule.weights.reduce((a, w) => a + w, 0);
    let draw = random() * total;
    let first = ids.length - 1;
    for (let i = 0; i < ids.length; i++) {
      draw -= rule.weights[i] ?? 0;
      if (draw < 0) {
        first = i;
        break;
      }
    }
    const rest = ids.map((id, i) => ({ id, w: rule.weights[i] ?? 0 })).filter((_, i) => i !== first);
    rest.sort((a, b) => b.w - a.w);
    return [ids[first]!, ...rest.map((r) => r.id)];
  }
  if (rule.strategy === "cost") {
    const priced = ids.map((id, i) => ({ id, i, cost: costOf(id) }));
    priced.sort((a, b) => (a.cost === undefined ? (b.cost === undefined ? a.i - b.i : 1) : b.cost === undefined ? -1 : a.cost < b.cost ? -1 : a.cost > b.cost ? 1 : a.i - b.i));
    return priced.map((p) => p.id);
  }
  return ids;
}
