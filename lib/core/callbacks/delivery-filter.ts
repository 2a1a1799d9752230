// The webhook log's filters (kind, state, destination host, resource, time window) as the WHERE
// clause of one account's callbacks, shared by the list, the count and bulk replay so they can
// never disagree on what matches. States are written as literals (never parameters) so the
// planner can prove they exclude 'delivered' and use the partial index of what is unsettled.
import { isUuid } from "../../ids.ts";
import { fail } from "../errors.ts";
import { deliveryStates, type DeliveryState } from "./delivery-states.ts";

export interface DeliveryFilter {
  kind?: string;
  state?: DeliveryState[];
  host?: string;
  /** A message's or campaign's trackingId. */
  resourceId?: string;
  from?: Date;
  to?: Date;
}

const stateSql: Record<DeliveryState, string> = {
  pending: "(c.state IN ('pending', 'queued', 'sending') AND c.attempts = 0)",
  retrying: "(c.state = 'pending' AND c.attempts > 0)",
  delivered: "c.state = 'delivered'",
  failed: "c.state = 'failed'",
  paused: "c.state = 'paused'",
};

/** The state the log shows for a stored one. */
export function shownState(state: string, attempts: number): DeliveryState {
  if (state === "pending") return attempts > 0 ? "retrying" : "pending";
  if (state === "queued" || state === "sending") return "pending";
  return (deliveryStates as readonly string[]).includes(state) ? (state as DeliveryState) : "failed";
}

/** Whether anything narrows the filter beyond the account (bulk replay refuses an empty one). */
export function isEmptyFilter(f: DeliveryFilter): boolean {
  return !f.kind && !f.state?.length && !f.host && !f.resourceId && !f.from && !f.to;
}

/** `c.`-qualified conditions and their values, numbered from `$${first}`. */
export function filterSql(accountId: string, f: DeliveryFilter, first = 1): { where: string; values: unknown[] } {
  const values: unknown[] = [accountId];
  const param = (v: unknown) => {
    values.push(v);
    return `$${first + values.length - 1}`;
  };
  const where = [`c.account_id = $${first}::uuid`];
  if (f.kind) where.push(`c.kind = ${param(f.kind)}`);
  if (f.host) where.push(`c.host = ${param(f.host.trim().toLowerCase())}`);
  if (f.resourceId) {
    if (!isUuid(f.resourceId)) fail("validation", { message: "resourceId is a trackingId (a UUID).", property: "resourceId" });
    const p = param(f.resourceId);
    where.push(`(c.message_id = ${p}::uuid OR c.campaign_id = ${p}::uuid)`);
  }
  if (f.from) where.push(`c.created_at >= ${param(f.from.toISOString())}::timestamptz`);
  if (f.to) where.push(`c.created_at < ${param(f.to.toISOString())}::timestamptz`);
  const states = [...new Set(f.state ?? [])];
  if (states.length) {
    where.push(`(${states.map((s) => stateSql[s]).join(" OR ")})`);
    if (!states.includes("delivered")) where.push("c.state <> 'delivered'");
  }
  return { where: where.join(" AND "), values };
}
