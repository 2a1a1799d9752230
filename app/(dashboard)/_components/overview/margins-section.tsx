// Cost and margin for platform administrators: every account's parts over the period, per
// connector and per country — what the accounts paid, what the connectors charge, the difference
// and its share of the price. The overview page shows it to administrators only; its API refuses
// everyone else.
"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Card, CardHeader } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { Skeleton } from "@/components/ui/skeleton";
import { LoadError } from "@/components/ui/load-error";
import type { MarginFiguresView, MarginsView } from "@/lib/schemas/dashboard-margins";
import { apiFetch } from "@/lib/ui/api-client";
import { countryName, formatAmount, formatCount, formatPercent } from "@/lib/ui/format";

export function MarginsSection({ query, periodText }: { query: string | null; periodText: string }) {
  const result = useQuery({
    queryKey: ["overview", "margins", query],
    queryFn: () => apiFetch<MarginsView>(`/api/dashboard/overview/margins?${query}`),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
  const d = result.data;
  return (
    <section aria-label="Cost and margin" className="mt-6" data-testid="margins">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900 dark:text-white">Cost and margin</h2>
        <p className="text-sm text-slate-500 dark:text-slate-400">Platform administrators only · every account over {periodText} · price − connector cost, without refunded parts</p>
      </div>
      {result.isError && <LoadError className="mb-4" message={(result.error as Error).message} />}
      {d ? (
        <>
          <div className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
            {(d.totals.length ? d.totals : [null]).map((t, i) => (
              <TotalsRow key={t?.currency ?? i} totals={t} />
            ))}
          </div>
          <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
            <MarginTable
              title="By connector"
              first="Connector"
              rows={d.connectors.map((r) => ({ key: `${r.connectorId}/${r.currency}`, label: r.connector || "No connector", muted: !r.connector, figures: r }))}
            />
            <MarginTable
              title="By country"
              first="Country"
              rows={d.countries.map((r) => ({ key: `${r.country}/${r.currency}`, label: countryName(r.country) || r.country || "Unknown country", code: r.country, figures: r }))}
            />
          </div>
        </>
      ) : (
        <Skeleton className="h-64 w-full rounded-xl" />
      )}
    </section>
  );
}

function TotalsRow({ totals: t }: { totals: MarginFiguresView | null }) {
  const items: [string, string][] = t
    ? [
        ["Price", formatAmount(t.price, t.currency)],
        ["Connector cost", formatAmount(t.cost, t.currency)],
        ["Margin", formatAmount(t.margin, t.currency)],
        ["Margin rate", formatPercent(t.marginRate)],
      ]
    : [
        ["Price", "—"],
        ["Connector cost", "—"],
        ["Margin", "—"],
        ["Margin rate", "—"],
      ];
  return items.map(([label, value]) => (
    <Card key={label} className="p-4">
      <p className="text-sm font-medium text-slate-500 dark:text-slate-400">{label}</p>
      <p className={cn("mt-1 truncate text-xl font-semibold text-slate-900 tabular-nums dark:text-white", label === "Margin" && t && t.margin < 0 && "text-red-700 dark:text-red-400")}>{value}</p>
      {t && label === "Price" && <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">{formatCount(t.billed)} billed parts</p>}
    </Card>
  ));
}

interface MarginRow {
  key: string;
  label: string;
  code?: string;
  muted?: boolean;
  figures: MarginFiguresView;
}

function MarginTable({ title, first, rows }: { title: string; first: string; rows: MarginRow[] }) {
  const head = "px-2 py-2 text-right font-medium";
  const cell = "px-2 py-2.5 text-right text-slate-700 tabular-nums dark:text-slate-300";
  return (
    <Card>
      <CardHeader title={title} />
      {rows.length === 0 ? (
        <p className="px-5 py-10 text-center text-sm text-slate-500 dark:text-slate-400">Nothing sent in this period.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" aria-label={`Cost and margin ${title.toLowerCase()}`}>
            <thead>
              <tr className="border-b border-slate-100 text-left text-xs font-medium text-slate-500 dark:border-slate-800 dark:text-slate-400">
                <th scope="col" className="py-2 pr-2 pl-5 font-medium">
                  {first}
                </th>
                {["Parts", "Price", "Cost", "Margin", "Rate"].map((h, i, all) => (
                  <th key={h} scope="col" className={cn(head, i === all.length - 1 && "pr-5")}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {rows.map((r) => (
                <tr key={r.key}>
                  <td className="max-w-0 py-2.5 pr-2 pl-5 sm:w-1/3">
                    <p className={cn("flex items-center gap-2 truncate font-medium", r.muted ? "text-slate-500 dark:text-slate-400" : "text-slate-900 dark:text-slate-100")}>
                      {r.code !== undefined && (
                        <span
                          aria-hidden="true"
                          className="w-6 shrink-0 rounded bg-slate-100 py-px text-center font-mono text-[10px] font-semibold text-slate-600 dark:bg-slate-800 dark:text-slate-300"
                        >
                          {r.code || "··"}
                        </span>
                      )}
                      <span className="truncate">{r.label}</span>
                    </p>
                  </td>
                  <td className={cell}>{formatCount(r.figures.parts)}</td>
                  <td className={cell}>{formatAmount(r.figures.price, r.figures.currency)}</td>
                  <td className={cell}>{formatAmount(r.figures.cost, r.figures.currency)}</td>
                  <td className={cn(cell, "font-medium", r.figures.margin < 0 ? "text-red-700 dark:text-red-400" : "text-slate-900 dark:text-slate-100")}>
                    {formatAmount(r.figures.margin, r.figures.currency)}
                  </td>
                  <td className={cn(cell, "pr-5")}>{formatPercent(r.figures.marginRate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
