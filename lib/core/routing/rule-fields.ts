// What a routing rule's fields mean, checked once where rules are written (console, API and
// command line alike) so the route table can trust them: known countries, digit prefixes,
// MCC-MNC networks, known kinds, and weights that fit the connectors. Lists come back
// normalised (upper-case countries, prefixes without '+', no repeats). Pure.
import { countries } from "countries-list";
import { invalid } from "./checked.ts";
import { MESSAGE_KINDS, type Strategy } from "./route-rules.ts";

const items = (value: string) => [
  ...new Set(
    value
      .split(/[,\s]+/)
      .map((v) => v.trim())
      .filter(Boolean),
  ),
];

function eachOf(property: string, value: string | undefined, check: (v: string) => string | null, expected: string): string | undefined {
  if (value === undefined) return undefined;
  const out: string[] = [];
  for (const v of items(value)) {
    const ok = check(v);
    if (ok === null) invalid(property, `"${v}" is not ${expected}.`);
    out.push(ok);
  }
  return [...new Set(out)].join(",");
}

export interface RuleLists {
  country?: string;
  prefix?: string;
  network?: string;
  kind?: string;
}

/** The lists a rule matches on, checked and normalised; fields left out stay out. */
export function normalizeRuleLists<T extends RuleLists>(fields: T): T {
  const out = { ...fields };
  const country = eachOf("country", fields.country, (v) => (Object.hasOwn(countries, v.toUpperCase()) ? v.toUpperCase() : null), "an ISO 3166-1 alpha-2 country code such as GR");
  const prefix = eachOf("prefix", fields.prefix, (v) => (/^\+?\d{1,15}$/.test(v) ? v.replace(/^\+/, "") : null), "a number prefix: digits, optionally after a +");
  const network = eachOf("network", fields.network, (v) => (/^\d{3}-?\d{2,3}$/.test(v) ? v.replace("-", "") : null), "an MCC-MNC such as 20201");
  const kind = eachOf("kind", fields.kind, (v) => ((MESSAGE_KINDS as readonly string[]).includes(v.toLowerCase()) ? v.toLowerCase() : null), `a message kind (${MESSAGE_KINDS.join(", ")})`);
  if (country !== undefined) out.country = country;
  if (prefix !== undefined) out.prefix = prefix;
  if (network !== undefined) out.network = network;
  if (kind !== undefined) out.kind = kind;
  return out;
}

/** A rule's connectors and weights fit its strategy: no connector twice; weights, one per connector and not all zero, only for strategy weights. */
export function checkStrategy(rule: { strategy: Strategy; connectorIds: readonly string[]; weights: readonly number[] }): void {
  if (new Set(rule.connectorIds).size !== rule.connectorIds.length) invalid("connectorIds", "A connector appears twice.");
  if (rule.strategy !== "weights") {
    if (rule.weights.length) invalid("weights", `Only strategy weights takes weights (this rule's strategy is ${rule.strategy}).`);
    return;
  }
  if (rule.weights.length !== rule.connectorIds.length) invalid("weights", `Give one weight per connector (${rule.connectorIds.length} connectors, ${rule.weights.length} weights).`);
  if (rule.weights.reduce((a, w) => a + w, 0) <= 0) invalid("weights", "At least one weight must be above 0.");
}

/** What a rule matches, as the command line's --match writes it. */
export function describeMatch(r: { accountId: string | null; country: string; prefix: string; network: string; kind: string; senderType: string }): string {
  const parts: string[] = [];
  if (r.accountId) parts.push(`account=${r.accountId}`);
  if (r.country) parts.push(`country=${r.country}`);
  if (r.prefix) parts.push(`prefix=${r.prefix}`);
  if (r.network) parts.push(`network=${r.network}`);
  if (r.kind) parts.push(`kind=${r.kind}`);
  if (r.senderType) parts.push(`sender=${r.senderType}`);
  return parts.join(",") || "everything";
}
