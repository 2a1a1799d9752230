// Tracking records (one per part) of an account: by message, by campaign, or in a time window
// with the spec's filters. Every query is scoped by account.
import type { Ctx } from "../context.ts";
import { pageWindow } from "../page-window.ts";
import { fail } from "../errors.ts";
import type { Prisma } from "../../db/generated/client.ts";
import { isUuid } from "../../ids.ts";

export type TrackingFilter = {
  fieldName: "smsId" | "to" | "status" | "direction";
  searchTerm: string;
  searchOperator?: "is" | "is_not" | "contains" | "starts_with" | "ends_with";
};

const include = { message: true } as const;

export async function trackMessage(ctx: Ctx, accountId: string, trackingId: string) {
  if (!isUuid(trackingId)) fail("trackingNotFound");
  const parts = await ctx.db.messagePart.findMany({ where: { accountId, messageId: trackingId }, include, orderBy: { partNumber: "asc" } });
  if (parts.length === 0) fail("trackingNotFound");
  return parts;
}

function textCondition(op: TrackingFilter["searchOperator"], term: string): Prisma.StringFilter {
  switch (op ?? "is") {
    case "is":
      return { equals: term };
    case "is_not":
      return { not: term };
    case "contains":
      return { contains: term };
    case "starts_with":
      return { startsWith: term };
    case "ends_with":
      return { endsWith: term };
  }
}

function filterWhere(f: TrackingFilter): Prisma.MessagePartWhereInput {
  const op = f.searchOperator ?? "is";
  if ((f.fieldName === "smsId" || f.fieldName === "direction") && op !== "is" && op !== "is_not")
    fail("validation", { message: `${f.fieldName} can be searched with is or is_not only.`, property: "searchOperator" });
  switch (f.fieldName) {
    case "smsId": {
      const ids = isUuid(f.searchTerm) ? [f.searchTerm.toLowerCase()] : [];
      return op === "is" ? { id: { in: ids } } : { id: { notIn: ids } };
    }
    case "direction": {
      const values = (["Inbound", "Outbound"] as const).filter((d) => d.toLowerCase() === f.searchTerm.toLowerCase());
      return { message: { direction: op === "is" ? { in: [...values] } : { notIn: [...values] } } };
    }
    case "to":
      return { message: { to: textCondition(op, f.searchTerm) } };
    case "status":
      return { status: textCondition(op, f.searchTerm) };
  }
}

const sortable: Record<string, (dir: "asc" | "desc") => Prisma.MessagePartOrderByWithRelationInput> = {
  createdAt: (d) => ({ createdAt: d }),
  date: (d) => ({ createdAt: d }),
  status: (d) => ({ status: d }),
  smsId: (d) => ({ id: d }),
  to: (d) => ({ message: { to: d } }),
  part: (d) => ({ partNumber: d }),
  price: (d) => ({ priceMicros: d }),
};

export function parseSort(sort: string | undefined): Prisma.MessagePartOrderByWithRelationInput[] {
  if (!sort) return [{ createdAt: "desc" }, { id: "asc" }];
  const [field, dirText] = sort.split(/[,\s]+/);
  const dir = dirText?.toLowerCase() === "asc" ? "asc" : "desc";
  const make = sortable[field];
  if (!make) fail("validation", { message: `Cannot sort by ${field}; use one of ${Object.keys(sortable).join(", ")}.`, property: "sort" });
  return [make(dir), { id: "asc" }];
}

export interface SearchInput {
  accountId: string;
  dateStart: Date;
  dateEnd: Date;
  filters: TrackingFilter[];
  campaignId?: string;
  campaignOnly?: boolean;
  page: number;
  size: number;
  sort?: string;
}

export async function searchTracking(ctx: Ctx, input: SearchInput) {
  // Not an id: no campaign of this account (the column is a uuid; comparing would fail).
  if (input.campaignId && !isUuid(input.campaignId)) fail("campaignNotFound");
  const where: Prisma.MessagePartWhereInput = {
    accountId: input.accountId,
    createdAt: { gte: input.dateStart, lte: input.dateEnd },
    AND: input.filters.map(filterWhere),
    ...(input.campaignId ? { message: { campaignId: input.campaignId } } : input.campaignOnly ? { message: { campaignId: { not: null } } } : {}),
  };
  const [total, rows] = await Promise.all([ctx.db.messagePart.count({ where }), ctx.db.messagePart.findMany({ where, include, orderBy: parseSort(input.sort), ...pageWindow(input) })]);
  return { total, rows };
}

export async function trackCampaign(ctx: Ctx, input: { accountId: string; campaignId: string; page: number; size: number; sort?: string }) {
  if (!isUuid(input.campaignId)) fail("campaignNotFound");
  const where: Prisma.MessagePartWhereInput = { accountId: input.accountId, message: { campaignId: input.campaignId } };
  const [total, rows] = await Promise.all([
    ctx.db.messagePart.count({ where }),
    ctx.db.messagePart.findMany({ where, include, orderBy: parseSort(input.sort ?? "createdAt,asc"), ...pageWindow(input) }),
  ]);
  // A campaign whose messages are not written yet (scheduled, or just queued) has an empty page.
  if (total === 0) {
    const exists = await ctx.db.campaign.count({ where: { id: input.campaignId, accountId: input.accountId, state: { not: "Draft" } } });
    if (!exists) fail("campaignNotFound");
  }
  return { total, rows };
}
