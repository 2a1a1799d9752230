// GET /2step/reports[/applications/{applicationId}]: the account's verifications counted by
// status, in total and per recipient country. Every status is a key (0 when none), so typed
// clients bind them; an application that matches nothing answers zeros, as other reports do.
import type { Ctx } from "../context.ts";
import { isUuid } from "../../ids.ts";
import { twoStepStatuses, type TwoStepReport, type TwoStepStatus } from "../../schemas/two-step.ts";

const zeros = () => Object.fromEntries(twoStepStatuses.map((s) => [s, 0])) as Record<TwoStepStatus, number>;

export async function verificationReport(ctx: Ctx, input: { accountId: string; applicationId?: string }): Promise<TwoStepReport> {
  const report: TwoStepReport = { total: 0, totals: zeros(), perCountry: {} };
  if (input.applicationId !== undefined && !isUuid(input.applicationId)) return report;
  const params: unknown[] = [input.accountId, ctx.now()];
  if (input.applicationId !== undefined) params.push(input.applicationId);
  const { rows } = await ctx.sql.query<{ country: string; status: TwoStepStatus; n: number }>(
    `SELECT t.country,
            CASE WHEN t.status = 'Pending' AND f.code_expires_at <= $2 THEN 'Expired' ELSE t.status END AS status,
            count(*)::int AS n
       FROM two_step_verifications t JOIN otp_flows f ON f.id = t.id
      WHERE t.account_id = $1::uuid ${input.applicationId !== undefined ? "AND t.application_id = $3::uuid" : ""}
      GROUP BY 1, 2`,
    params,
  );
  for (const r of rows) {
    report.total += r.n;
    report.totals[r.status] += r.n;
    const country = r.country || "ZZ";
    report.perCountry[country] ??= zeros();
    report.perCountry[country][r.status] += r.n;
  }
  return report;
}
