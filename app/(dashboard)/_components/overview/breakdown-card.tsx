// Delivery rate per country or per operator: volume, delivered share of the final parts as a
// meter, and cost; the largest first.
import { Card, CardHeader } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import type { OverviewBreakdownView } from "@/lib/schemas/dashboard-overview";
import { countryName, formatAmount, formatCount, formatPercent } from "@/lib/ui/format";

function rateTone(rate: number | null): string {
  if (rate === null) return "bg-slate-300 dark:bg-slate-600";
  if (rate >= 0.9) return "bg-emerald-500";
  if (rate >= 0.7) return "bg-amber-500";
  return "bg-red-500";
}

export function BreakdownCard({ title, description, rows, kind, currency }: { title: string; description: string; rows: OverviewBreakdownView[]; kind: "country" | "operator"; currency: string }) {
  return (
    <Card>
      <CardHeader title={title} description={description} />
      {rows.length === 0 ? (
        <p className="px-5 py-10 text-center text-sm text-slate-500 dark:text-slate-400">Nothing sent in this period.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-slate-100 text-left text-xs font-medium text-slate-500 dark:border-slate-800 dark:text-slate-400">
                <th scope="col" className="py-2 pr-2 pl-5 font-medium">
                  {kind === "country" ? "Country" : "Operator"}
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  Parts
                </th>
                <th scope="col" className="px-2 py-2 font-medium">
                  Delivery rate
                </th>
                <th scope="col" className="hidden py-2 pr-5 pl-2 text-right font-medium sm:table-cell">
                  Cost
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {rows.map((r) => (
                <tr key={`${r.country}/${r.mcc}/${r.mnc}/${r.operator}`}>
                  <td className="max-w-0 py-2.5 pr-2 pl-5 sm:w-1/3">
                    <p className="flex items-center gap-2 truncate font-medium text-slate-900 dark:text-slate-100">
                      <span aria-hidden="true" className="w-6 shrink-0 rounded bg-slate-100 py-px text-center font-mono text-[10px] font-semibold text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                        {r.country || "··"}
                      </span>
                      <span className="truncate">{kind === "country" ? countryName(r.country) || "Unknown country" : r.operator || "Unknown network"}</span>
                    </p>
                    {kind === "operator" && (
                      <p className="truncate pl-8 text-xs text-slate-500 tabular-nums dark:text-slate-400">
                        {countryName(r.country) || "Unknown country"}
                        {r.mcc && ` · ${r.mcc}${r.mnc ? `-${r.mnc}` : ""}`}
                      </p>
                    )}
                  </td>
                  <td className="px-2 py-2.5 text-right text-slate-700 tabular-nums dark:text-slate-300">{formatCount(r.total)}</td>
                  <td className="w-2/5 px-2 py-2.5">
                    <div className="flex items-center gap-2">
                      <div
                        className="hidden h-1.5 min-w-12 flex-1 overflow-hidden rounded-full bg-slate-100 sm:block dark:bg-slate-800"
                        role="meter"
                        aria-valuemin={0}
                        aria-valuemax={100}
                        aria-valuenow={r.deliveryRate === null ? undefined : Math.round(r.deliveryRate * 100)}
                        aria-label={`Delivery rate ${formatPercent(r.deliveryRate)}`}
                      >
                        <div className={cn("h-full rounded-full", rateTone(r.deliveryRate))} style={{ width: `${(r.deliveryRate ?? 0) * 100}%` }} />
                      </div>
                      <span className="ml-auto w-12 text-right text-xs font-medium text-slate-700 tabular-nums dark:text-slate-300">{formatPercent(r.deliveryRate)}</span>
                    </div>
                  </td>
                  <td className="hidden py-2.5 pr-5 pl-2 text-right text-slate-700 tabular-nums sm:table-cell dark:text-slate-300">{formatAmount(r.cost, currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
