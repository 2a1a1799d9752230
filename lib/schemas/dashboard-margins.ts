// Dashboard JSON for the reporting home's cost and margin, which platform administrators alone
// see: every account's outbound parts over the overview's period, per connector and per country,
// with price (what the accounts paid), cost (what the connectors charge) and margin, one row per
// currency. The period is the overview's (periodReportRoute).
import { z } from "zod";
import { periodFields } from "./iso.ts";
import { defineRoute } from "../http/route-spec.ts";
import { periodReportRoute } from "./dashboard-overview.ts";

const figures = {
  currency: z.string(),
  parts: z.number(),
  /** Parts neither Failed nor Unsent: the ones price and cost count. */
  billed: z.number(),
  price: z.number(),
  cost: z.number(),
  margin: z.number(),
  /** margin / price; null when nothing was charged. */
  marginRate: z.number().nullable(),
};

export const marginFigures = z.object(figures);
export const connectorMargin = z.object({ connectorId: z.string(), connector: z.string(), ...figures });
export const countryMargin = z.object({ country: z.string(), ...figures });

export const marginsView = z.object({
  ...periodFields,
  totals: z.array(marginFigures),
  connectors: z.array(connectorMargin),
  countries: z.array(countryMargin),
});
export type MarginsView = z.infer<typeof marginsView>;
export type MarginFiguresView = z.infer<typeof marginFigures>;

export const marginsRoute = defineRoute(periodReportRoute, "GET /dashboard/overview/margins", {
  summary: "Platform administrators: every account's cost and margin over a period, per connector and per country",
  platformAdmin: true,
  response: marginsView,
  errors: ["reportRange", "platformAdminOnly"],
});
