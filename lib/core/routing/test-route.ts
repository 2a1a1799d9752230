// The route tester: an account, a sender and a number → the connector a message would go to and
// the rule that chose it, worked out by the router's own chooseRoute on the current route table
// (read fresh), so what it says is what the workers do. The destination's country comes from the
// number as sending finds it (lib/core/sms/parse-recipient.ts); its network is not known from the
// number, so a rule on networks is tried with the one the caller names.
import type { Ctx } from "../context.ts";
import type { MessageKind } from "../ports/carrier.ts";
import { fail } from "../errors.ts";
import { fromMicros } from "../../money.ts";
import { isUuid } from "../../ids.ts";
import { parseRecipient } from "../sms/parse-recipient.ts";
import { chooseRoute } from "./router.ts";
import { routeTableOf, costOn, type RouteSnapshot } from "./route-table.ts";
import { senderTypeOf } from "./route-rules.ts";
import { getRoute } from "./manage-routes.ts";
import { invalid } from "./checked.ts";

export interface RouteTestInput {
  accountId?: string;
  from?: string;
  to: string;
  kind?: MessageKind;
  network?: string;
}

export async function testRoute(ctx: Ctx, input: RouteTestInput, random: () => number = Math.random) {
  const accountId = input.accountId?.trim() ?? "";
  if (accountId && !(isUuid(accountId) && (await ctx.db.account.findUnique({ where: { id: accountId }, select: { id: true } }))))
    fail("accountNotFound", { message: `There is no account ${accountId}.`, property: "accountId", properties: { accountId: "No account has this id." } });
  const recipient = parseRecipient(input.to, { type: false });
  if (!recipient) invalid("to", `"${input.to}" is not a valid international number (E.164, such as +306912345678).`);
  const network = input.network?.replace("-", "") ?? "";
  if (network && !/^\d{5,6}$/.test(network)) invalid("network", "An MCC-MNC such as 20201.");
  const from = input.from ?? "";
  const key = { accountId, kind: input.kind ?? ("single" as const), country: recipient.country, ...(network ? { network } : {}) };
  const snapshot = await routeTableOf(ctx).refresh();
  const choice = chooseRoute(snapshot, { ...key, to: recipient.e164, from }, random);
  const order = choice.order.map((id) => {
    const c = snapshot.connectors.get(id);
    const cost = costOn(snapshot, id, key.country, key.network);
    return { id, name: c?.name ?? id, enabled: c?.enabled ?? false, cost: cost === undefined ? null : fromMicros(cost) };
  });
  const chosen = order.find((c) => c.enabled);
  const rule = choice.rule ? await getRoute(ctx, choice.rule.id).catch(() => null) : null;
  return {
    connector: chosen?.name ?? "",
    connectorId: chosen?.id ?? "",
    routeId: choice.rule?.id ?? "",
    rule,
    reason: reasonFor(snapshot, rule, order, chosen),
    order,
    destination: { to: recipient.e164, country: recipient.country, network, senderType: senderTypeOf(from) },
  };
}

type Tried = { name: string; enabled: boolean; cost: number | null };

function reasonFor(snapshot: RouteSnapshot, rule: Awaited<ReturnType<typeof getRoute>> | null, order: Tried[], chosen: Tried | undefined): string {
  const stopped = order.filter((c) => !c.enabled).map((c) => c.name);
  const skipped = chosen && stopped.length && order[0] !== chosen ? ` ${stopped.join(", ")} ${stopped.length > 1 ? "are" : "is"} stopped, so ${chosen.name}.` : "";
  if (!rule) {
    if (!snapshot.byName.has("default")) return "No route matched, and there is no connector named default: the message would not be sent.";
    return chosen ? "No route matched: the connector named default." : "No route matched, and the connector named default is stopped: the message would wait for it.";
  }
  const head = `Route ${rule.position}${rule.name ? ` "${rule.name}"` : ""} (${rule.match}) matched first`;
  if (!chosen) return `${head}, but all its connectors (${order.map((c) => c.name).join(", ")}) are stopped: the message would wait for one.`;
  const names = order.map((c) => c.name).join(" → ");
  if (rule.strategy === "weights") {
    const split = rule.connectors.map((n, i) => `${n} ${rule.weights[i]}`).join(" / ");
    const rest = order.slice(1).map((c) => c.name);
    return `${head}; weights ${split} drew ${order[0]!.name} this time${rest.length ? ` (then ${rest.join(", ")})` : ""}.${skipped}`;
  }
  if (rule.strategy === "cost") {
    const costs = order.map((c) => `${c.name} ${c.cost ?? "no cost"}`).join(", ");
    return `${head}; least cost first: ${costs}.${skipped}`;
  }
  return `${head}; priority: ${names}.${skipped}`;
}
