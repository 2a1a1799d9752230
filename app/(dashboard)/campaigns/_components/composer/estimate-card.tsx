// The cost estimate from the server's analysis of the whole campaign: recipients after
// duplicates and the blacklist, per country and per group, parts, cost and the balance left.
"use client";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { AlertIcon, InfoIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorNote } from "@/components/ui/error-note";
import { countryName, formatPrice, plural } from "@/lib/ui/format";
import type { CampaignQuote } from "../api";
import { groupLabel } from "./recipients-card";

export type EstimateState = { kind: "idle"; hint: string } | { kind: "loading" } | { kind: "error"; message: string } | { kind: "ok"; quote: CampaignQuote; stale: boolean };

/** The balance after paying `cost`, without floating-point drift. */
export function balanceAfter(q: Pick<CampaignQuote, "balance" | "cost">): number {
  return (Math.round(q.balance * 1e6) - Math.round(q.cost * 1e6)) / 1e6;
}

export function blacklistedCount(q: CampaignQuote): number {
  return Object.values(q.contacts).filter((c) => c.blacklisted).length;
}

export function EstimateCard({ state }: { state: EstimateState }) {
  return (
    <Card>
      <section aria-label="Cost estimate" className="px-5 py-4">
        <h2 className="text-sm font-semibold text-slate-900 dark:text-slate-100">Estimate</h2>
        {state.kind === "loading" ? (
          <div className="mt-3 space-y-2" aria-hidden="true">
            <Skeleton className="h-7 w-32" />
            <Skeleton className="h-4 w-48" />
            <Skeleton className="h-4 w-40" />
          </div>
        ) : state.kind === "idle" || state.kind === "error" ? (
          <p className={cn("mt-3 flex items-start gap-1.5 text-xs", state.kind === "error" ? "text-red-700 dark:text-red-400" : "text-slate-500 dark:text-slate-400")}>
            {state.kind === "error" ? <AlertIcon size={14} className="mt-px shrink-0" /> : <InfoIcon size={14} className="mt-px shrink-0" />}
            {state.kind === "error" ? state.message : state.hint}
          </p>
        ) : (
          <Quote quote={state.quote} stale={state.stale} />
        )}
      </section>
    </Card>
  );
}

export function Quote({ quote: q, stale }: { quote: CampaignQuote; stale?: boolean }) {
  const countries = Object.entries(q.recipientsPerCountry).sort((a, b) => b[1] - a[1]);
  const groups = Object.entries(q.recipientsPerGroup);
  const blacklisted = blacklistedCount(q);
  const after = balanceAfter(q);
  return (
    <div className={cn("transition-opacity", stale && "opacity-60")} aria-busy={stale || undefined}>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
        <span className="text-2xl font-semibold text-slate-900 tabular-nums dark:text-white" data-testid="estimate-recipients">
          {q.numberOfRecipients.toLocaleString("en")}
        </span>{" "}
        {q.numberOfRecipients === 1 ? "recipient" : "recipients"}
      </p>
      {(blacklisted > 0 || q.invalid.length > 0) && (
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {[blacklisted > 0 && `${plural(blacklisted, "blacklisted contact")} left out`, q.invalid.length > 0 && `${plural(q.invalid.length, "invalid number")} left out`].filter(Boolean).join(" · ")}
        </p>
      )}
      {countries.length > 0 && (
        <ul aria-label="Recipients per country" className="mt-3 space-y-1 text-sm">
          {countries.slice(0, 6).map(([code, n]) => (
            <li key={code} className="flex justify-between gap-3">
              <span className="truncate text-slate-700 dark:text-slate-300">
                {countryName(code)} <span className="text-xs text-slate-400">{code}</span>
              </span>
              <span className="text-slate-900 tabular-nums dark:text-slate-100">{n.toLocaleString("en")}</span>
            </li>
          ))}
          {countries.length > 6 && <li className="text-xs text-slate-500">and {plural(countries.length - 6, "more country", "more countries")}</li>}
        </ul>
      )}
      {groups.length > 0 && <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">{groups.map(([g, n]) => `${groupLabel(g)}: ${n.toLocaleString("en")}`).join(" · ")}</p>}
      <dl className="mt-4 space-y-1.5 border-t border-slate-200 pt-3 text-sm dark:border-slate-800">
        <div className="flex justify-between gap-3">
          <dt className="text-slate-500 dark:text-slate-400">SMS parts</dt>
          <dd className="text-slate-900 tabular-nums dark:text-slate-100">{q.totalParts.toLocaleString("en")}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-500 dark:text-slate-400">Cost</dt>
          <dd className="font-semibold text-slate-900 tabular-nums dark:text-white" data-testid="estimate-cost">
            {formatPrice(q.cost, q.currency)}
          </dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-500 dark:text-slate-400">Balance</dt>
          <dd className="text-slate-900 tabular-nums dark:text-slate-100">{formatPrice(q.balance, q.currency)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-500 dark:text-slate-400">After sending</dt>
          <dd className={cn("tabular-nums", q.enough ? "text-slate-900 dark:text-slate-100" : "font-medium text-red-700 dark:text-red-400")}>{formatPrice(after, q.currency)}</dd>
        </div>
      </dl>
      {!q.enough && (
        <ErrorNote size="sm" className="mt-3">
          Not enough balance: {formatPrice(-after, q.currency)} short. Top up before sending.
        </ErrorNote>
      )}
    </div>
  );
}
