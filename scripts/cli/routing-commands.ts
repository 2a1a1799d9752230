// The command line's connector and route commands (issue 16): connectors by name and URL, routes
// by --match options, costs from a CSV file, and the route tester. Each is one call of
// lib/core/routing; lists print as JSON arrays, as DESIGN.md shows them.
import fs from "node:fs";
import { parseArgs } from "node:util";
import type { Ctx } from "../../lib/core/context.ts";
import { fail } from "../../lib/core/errors.ts";
import { checked } from "../../lib/core/routing/checked.ts";
import { connectorUrlOf, parseConnectorUrl } from "../../lib/core/routing/connector-url.ts";
import { createConnector, deleteConnector, findConnectorByName, setConnectorEnabled } from "../../lib/core/routing/manage-connectors.ts";
import { listConnectors } from "../../lib/core/routing/list-connectors.ts";
import { exportConnectorCosts, importConnectorCosts } from "../../lib/core/routing/connector-costs.ts";
import { createRoute, deleteRoute, listRoutes } from "../../lib/core/routing/manage-routes.ts";
import { testRoute } from "../../lib/core/routing/test-route.ts";
import { connectorName } from "../../lib/schemas/connectors.ts";
import { createRouteBody, routeTestBody } from "../../lib/schemas/routes.ts";

export const routingUsage = `  connector add --name N --url smpp://system_id:password@host:port[?binds=&window=&tps=&tls=1&ca=&system_type=&bind=trx|txrx&data_coding=&src_ton=&src_npi=&dst_ton=&dst_npi=&enquire_link=]   (ssmpp:// is TLS)
  connector list
  connector remove --name N
  connector stop --name N / connector start --name N
  connector cost import --name N --file COSTS.csv   (columns country,network,cost[,currency]; replaces the connector's costs)
  connector cost export --name N [--file COSTS.csv]
  route add --match 'country=GR' [--match 'kind=otp' …] --connectors A,B [--strategy priority|weights|cost] [--weights 70,30] [--position K] [--account ID] [--name N]
            (match keys: account, country, prefix, network, kind, sender; a comma list matches any of its values: 'country=GR,CY,prefix=3069')
  route list
  route remove --id ID
  route test --to +306912345678 [--account ID] [--from S] [--kind single|campaign|otp|pool] [--network MCCMNC]`;

const options = ["name", "url", "file", "match", "connectors", "strategy", "weights", "position", "account", "id", "to", "from", "kind", "network"] as const;
type Flags = Partial<Record<(typeof options)[number], string>> & { match?: string[] };

/** The answer of a connector or route command, or undefined when argv is none of them. */
export async function runRoutingCommand(ctx: Ctx, argv: string[]): Promise<unknown> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: false,
    options: Object.fromEntries(options.map((n) => [n, { type: "string" as const, multiple: n === "match" }])),
  });
  const flags = values as Flags;
  const one = (name: keyof Flags): string => {
    const v = flags[name];
    if (typeof v !== "string" || v === "") fail("validation", { message: `--${name} is required.`, property: name });
    return v;
  };
  const byName = async () => findConnectorByName(ctx, one("name"));
  switch (positionals.slice(0, positionals[1] === "cost" ? 3 : 2).join(" ")) {
    case "connector add": {
      const name = checked(connectorName, one("name"), "name");
      const c = await createConnector(ctx, { name, ...parseConnectorUrl(one("url")) });
      return { ...c, url: connectorUrlOf(c) };
    }
    case "connector list":
      return (await listConnectors(ctx)).map(({ name, state, ...c }) => ({ name, state, url: connectorUrlOf(c), ...c }));
    case "connector remove": {
      const { name } = await deleteConnector(ctx, (await byName()).id);
      return { name, removed: true };
    }
    case "connector stop":
    case "connector start": {
      const c = await setConnectorEnabled(ctx, (await byName()).id, positionals[1] === "start");
      return { name: c.name, enabled: c.enabled };
    }
    case "connector cost import": {
      const c = await byName();
      const file = one("file");
      if (!fs.existsSync(file)) fail("validation", { message: `--file ${file}: no such file.`, property: "file" });
      return { name: c.name, ...(await importConnectorCosts(ctx, c.id, fs.readFileSync(file, "utf8"))) };
    }
    case "connector cost export": {
      const { name, csv } = await exportConnectorCosts(ctx, (await byName()).id);
      if (flags.file) fs.writeFileSync(flags.file, csv);
      return flags.file ? { name, file: flags.file, rows: csv.trim().split("\n").length - 1 } : { name, csv };
    }
    case "route add":
      return createRoute(ctx, await routeAddInput(ctx, flags, one));
    case "route list":
      return listRoutes(ctx);
    case "route remove":
      return deleteRoute(ctx, one("id"));
    case "route test":
      return testRoute(ctx, checked(routeTestBody, { accountId: flags.account, from: flags.from, to: one("to"), kind: flags.kind, network: flags.network }));
    default:
      return undefined;
  }
}

/** The API body of `route add`: --match options read into the rule's fields, connectors by name. */
async function routeAddInput(ctx: Ctx, flags: Flags, one: (name: keyof Flags) => string) {
  const fields: Record<string, string> = {};
  if (flags.account) fields.accountId = flags.account;
  for (const [key, value] of matchPairs(flags.match ?? [])) {
    const field = matchKeys[key];
    if (!field) fail("validation", { message: `--match ${key}=…: the keys are ${Object.keys(matchKeys).join(", ")}.`, property: "match" });
    fields[field] = fields[field] && field !== "accountId" && field !== "senderType" ? `${fields[field]},${value}` : value;
  }
  const connectorIds: string[] = [];
  for (const name of one("connectors")
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean))
    connectorIds.push((await findConnectorByName(ctx, name)).id);
  const number = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v) : v);
  return checked(createRouteBody, {
    ...fields,
    ...(flags.name !== undefined ? { name: flags.name } : {}),
    connectorIds,
    ...(flags.strategy !== undefined ? { strategy: flags.strategy } : {}),
    ...(flags.weights !== undefined ? { weights: flags.weights.split(",").map(number) } : {}),
    ...(flags.position !== undefined ? { position: number(flags.position) } : {}),
  });
}

const matchKeys: Record<string, string> = { account: "accountId", country: "country", prefix: "prefix", network: "network", kind: "kind", sender: "senderType", sender_type: "senderType" };

/** 'country=GR,CY,prefix=3069' → [country, "GR,CY"], [prefix, "3069"]: a piece without '=' adds to the key before it. */
export function matchPairs(matches: string[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (const m of matches)
    for (const piece of m.split(",")) {
      const eq = piece.indexOf("=");
      if (eq >= 0) pairs.push([piece.slice(0, eq).trim().toLowerCase(), piece.slice(eq + 1).trim()]);
      else if (pairs.length && piece.trim()) pairs[pairs.length - 1]![1] += `,${piece.trim()}`;
      else if (piece.trim()) fail("validation", { message: `--match "${m}": write key=value, such as country=GR.`, property: "match" });
    }
  return pairs;
}
