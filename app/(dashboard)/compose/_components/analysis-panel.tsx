// The live analysis beside the compose form: encoding, characters, parts and room left in the
// current part (all computed in the browser), the characters that force Unicode, the GSM-7
// transcoding when there is one, and the price from the server's quote.
"use client";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { cn } from "@/components/ui/cn";
import { InfoIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { countryName, formatPrice, multiplyPrice, plural } from "@/lib/ui/format";
import type { SmsQuote } from "./api";
import type { BodyStats } from "./body-stats";

export type CostState = { kind: "idle"; hint: string } | { kind: "loading" } | { kind: "error"; message: string } | { kind: "ok"; quote: SmsQuote };

const MAX_CHIPS = 24;

export function AnalysisPanel({ stats, onTranscodeChange, cost }: { stats: BodyStats; onTranscodeChange: (on: boolean) => void; cost: CostState }) {
  const { analysis, encoding, parts, suggestion, transcoding, unsupported, capacity, used } = stats;
  const unicode = encoding === "ucs2";
  const left = Math.max(0, capacity - used);
  const chips = unsupported.slice(0, MAX_CHIPS);
  return (
    <Card className="lg:sticky lg:top-24">
      <section aria-label="Message analysis" className="divide-y divide-slate-200 dark:divide-slate-800">
        <div className="px-5 py-4">
          <div className="flex items-center justify-between gap-3">
            <h2 className="text-sm font-semibold text-slate-900 dark:text-slate-100">Analysis</h2>
            <Badge tone={unicode ? "warning" : "success"}>{unicode ? "Unicode" : "GSM-7"}</Badge>
          </div>
          <p className="mt-3 flex flex-wrap items-baseline gap-x-5 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
            <span>
              <span className="text-2xl font-semibold text-slate-900 tabular-nums dark:text-white">{analysis.characters}</span> {analysis.characters === 1 ? "character" : "characters"}
            </span>
            <span>
              <span className="text-2xl font-semibold text-slate-900 tabular-nums dark:text-white">{parts}</span> {parts === 1 ? "part" : "parts"}
            </span>
          </p>
          <div className="mt-3">
            <div className="h-1.5 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800" aria-hidden="true">
              <div className={cn("h-full rounded-full transition-[width] duration-150", unicode ? "bg-amber-500" : "bg-indigo-500")} style={{ width: `${Math.min(100, (used / capacity) * 100)}%` }} />
            </div>
            <p className="mt-1.5 text-xs text-slate-500 tabular-nums dark:text-slate-400">
              {plural(left, "character")} left in {parts === 1 ? "this part" : `part ${parts}`} · {unicode ? "UCS-2" : "GSM-7"}: {unicode ? "70" : "160"} in one part, {unicode ? "67" : "153"} per part
              when split
            </p>
          </div>
          {/* Announced when it changes, not on every keystroke. */}
          <p className="sr-only" aria-live="polite">
            {plural(parts, "part")}, {unicode ? "Unicode" : "GSM-7"}
          </p>
        </div>

        {unsupported.length > 0 && (
          <div className="px-5 py-4">
            <p className="text-xs font-medium text-slate-700 dark:text-slate-300">{transcoding ? "Replaced by transcoding" : "Not in GSM-7 — these make the message Unicode"}</p>
            <ul aria-label="Characters outside GSM-7" className="mt-2 flex flex-wrap gap-1.5">
              {chips.map((c) => (
                <li key={c}>
                  <CharChip char={c} tone={transcoding ? "muted" : stats.untranscodable.includes(c) ? "blocking" : "unicode"} />
                </li>
              ))}
              {unsupported.length > chips.length && <li className="self-center text-xs text-slate-500 dark:text-slate-400">+{unsupported.length - chips.length} more</li>}
            </ul>
            {stats.untranscodable.length > 0 && stats.untranscodable.length < unsupported.length && (
              <p className="mt-2.5 text-xs text-slate-600 dark:text-slate-400">
                No GSM-7 transcoding: {stats.untranscodable.slice(0, 5).join(" ")} {stats.untranscodable.length === 1 ? "has" : "have"} no look-alike. Without{" "}
                {stats.untranscodable.length === 1 ? "it" : "them"}, the message could be sent as GSM-7.
              </p>
            )}
          </div>
        )}

        {suggestion && (
          <div className="px-5 py-4">
            <div className="rounded-lg border border-indigo-200 bg-indigo-50/60 p-3.5 dark:border-indigo-500/30 dark:bg-indigo-500/10">
              <Checkbox
                label={<span className="font-medium">Transcode</span>}
                description={
                  suggestion.parts < stats.rawParts
                    ? `Send as GSM-7 look-alikes: ${plural(suggestion.parts, "part")} instead of ${stats.rawParts}.`
                    : "Send as GSM-7 look-alikes, which every handset displays."
                }
                checked={transcoding}
                onChange={(e) => onTranscodeChange(e.target.checked)}
              />
              <p className="mt-2.5 text-[11px] font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">Transcoded text</p>
              <p className="mt-1 max-h-28 overflow-y-auto rounded-md bg-white px-2.5 py-2 font-mono text-xs leading-5 break-words whitespace-pre-wrap text-slate-800 ring-1 ring-slate-200 dark:bg-slate-950 dark:text-slate-200 dark:ring-slate-800">
                {suggestion.message}
              </p>
            </div>
          </div>
        )}

        <div className="px-5 py-4">
          <CostSummary cost={cost} parts={parts} />
        </div>
      </section>
    </Card>
  );
}

const chipTones = {
  unicode: "bg-amber-50 text-amber-900 ring-amber-300 dark:bg-amber-500/10 dark:text-amber-200 dark:ring-amber-500/40",
  blocking: "bg-red-50 text-red-800 ring-red-300 dark:bg-red-500/10 dark:text-red-200 dark:ring-red-500/40",
  muted: "bg-slate-50 text-slate-500 ring-slate-200 dark:bg-slate-800 dark:text-slate-400 dark:ring-slate-700",
};

function CharChip({ char, tone }: { char: string; tone: keyof typeof chipTones }) {
  const codes = [...char].map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`).join(" ");
  const invisible = /^[\p{Z}\p{C}\p{M}]+$/u.test(char);
  return (
    <span title={codes} className={cn("inline-flex h-7 min-w-7 items-center justify-center rounded-md px-1.5 text-sm ring-1 ring-inset", chipTones[tone])}>
      {invisible ? <span className="font-mono text-[10px]">{codes}</span> : char}
      <span className="sr-only"> ({codes})</span>
    </span>
  );
}

function CostSummary({ cost, parts }: { cost: CostState; parts: number }) {
  return (
    <dl className="space-y-2 text-sm">
      <div className="flex items-baseline justify-between gap-3">
        <dt className="text-slate-500 dark:text-slate-400">Cost</dt>
        <dd className="text-right text-slate-900 tabular-nums dark:text-slate-100">
          {cost.kind === "ok" ? (
            <>
              <span className="text-xs text-slate-500 dark:text-slate-400">
                {formatPrice(cost.quote.costPerPart, cost.quote.currency)} × {plural(parts, "part")} ={" "}
              </span>
              <span className="font-semibold" data-testid="cost-total">
                {formatPrice(multiplyPrice(cost.quote.costPerPart, parts), cost.quote.currency)}
              </span>
            </>
          ) : cost.kind === "loading" ? (
            <Skeleton className="inline-block h-4 w-28 align-middle" />
          ) : (
            <span className="text-slate-400">—</span>
          )}
        </dd>
      </div>
      <div className="flex items-baseline justify-between gap-3">
        <dt className="text-slate-500 dark:text-slate-400">Destination</dt>
        <dd className="text-right text-slate-900 dark:text-slate-100">
          {cost.kind === "ok" ? (
            `${countryName(cost.quote.country)} (${cost.quote.country})`
          ) : cost.kind === "loading" ? (
            <Skeleton className="inline-block h-4 w-20 align-middle" />
          ) : (
            <span className="text-slate-400">—</span>
          )}
        </dd>
      </div>
      {(cost.kind === "idle" || cost.kind === "error") && (
        <p className={cn("flex items-start gap-1.5 text-xs", cost.kind === "error" ? "text-red-700 dark:text-red-400" : "text-slate-500 dark:text-slate-400")}>
          <InfoIcon size={14} className="mt-px shrink-0" />
          {cost.kind === "error" ? cost.message : cost.hint}
        </p>
      )}
    </dl>
  );
}
