// Beside the form: the message as one chosen recipient will read it (personalize() with the
// fallback values, the same function the server sends with), and its live analysis —
// characters, parts, encoding and the characters that make it Unicode.
"use client";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { cn } from "@/components/ui/cn";
import { Select } from "@/components/ui/select";
import type { BodyStats } from "../../../compose/_components/body-stats";
import { plural } from "@/lib/ui/format";

export interface PreviewRecipient {
  key: string;
  /** What the picker shows: "Ada Lovelace (+3069…)". */
  label: string;
  /** Where it comes from: "Picked", "In club", "Pasted number". */
  group: string;
  values: Record<string, string | number>;
}

export function PreviewCard({
  from,
  text,
  personal,
  recipients,
  selected,
  onSelect,
  stats,
  onTranscodeChange,
}: {
  from: string;
  text: string;
  personal: boolean;
  recipients: PreviewRecipient[];
  selected: string;
  onSelect: (key: string) => void;
  stats: BodyStats;
  onTranscodeChange: (on: boolean) => void;
}) {
  const groups = [...new Set(recipients.map((r) => r.group))];
  const unicode = stats.encoding === "ucs2";
  const left = Math.max(0, stats.capacity - stats.used);
  return (
    <Card>
      <section aria-label="Message preview" className="divide-y divide-slate-200 dark:divide-slate-800">
        <div className="px-5 py-4">
          <div className="flex items-center justify-between gap-3">
            <h2 className="text-sm font-semibold text-slate-900 dark:text-slate-100">Preview</h2>
            {personal && <Badge tone="accent">Personalised</Badge>}
          </div>
          {personal && (
            <div className="mt-3">
              <label htmlFor="preview-recipient" className="text-xs font-medium text-slate-600 dark:text-slate-400">
                As received by
              </label>
              <Select id="preview-recipient" className="mt-1 h-9!" value={selected} onChange={(e) => onSelect(e.target.value)}>
                {groups.map((g) => (
                  <optgroup key={g} label={g}>
                    {recipients
                      .filter((r) => r.group === g)
                      .map((r) => (
                        <option key={r.key} value={r.key}>
                          {r.label}
                        </option>
                      ))}
                  </optgroup>
                ))}
              </Select>
            </div>
          )}
          {/* A phone's conversation view: sender on top, the text as a bubble. */}
          <div className="mt-4 rounded-2xl bg-slate-100 p-3 dark:bg-slate-800/70">
            <p className="mb-2 text-center text-[11px] font-medium text-slate-500 dark:text-slate-400">{from.trim() || "Sender"}</p>
            <p
              data-testid="message-preview"
              className={cn(
                "max-w-[92%] rounded-2xl rounded-bl-md bg-white px-3.5 py-2.5 text-sm leading-5 break-words whitespace-pre-wrap text-slate-900 shadow-sm dark:bg-slate-900 dark:text-slate-100",
                !text && "text-slate-400 italic",
              )}
            >
              {text || "Your message appears here as you type."}
            </p>
          </div>
        </div>

        <div className="px-5 py-4" aria-label="Message analysis" role="group">
          <div className="flex items-center justify-between gap-3">
            <h2 className="text-sm font-semibold text-slate-900 dark:text-slate-100">Analysis</h2>
            <Badge tone={unicode ? "warning" : "success"}>{unicode ? "Unicode" : "GSM-7"}</Badge>
          </div>
          <p className="mt-3 flex flex-wrap items-baseline gap-x-5 gap-y-1 text-sm text-slate-600 dark:text-slate-400" data-testid="analysis-counts">
            <span>
              <span className="text-2xl font-semibold text-slate-900 tabular-nums dark:text-white">{stats.analysis.characters}</span> {stats.analysis.characters === 1 ? "character" : "characters"}
            </span>
            <span>
              <span className="text-2xl font-semibold text-slate-900 tabular-nums dark:text-white">{stats.parts}</span> {stats.parts === 1 ? "part" : "parts"}
            </span>
          </p>
          <div className="mt-3 h-1.5 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800" aria-hidden="true">
            <div
              className={cn("h-full rounded-full transition-[width] duration-150", unicode ? "bg-amber-500" : "bg-indigo-500")}
              style={{ width: `${Math.min(100, (stats.used / stats.capacity) * 100)}%` }}
            />
          </div>
          <p className="mt-1.5 text-xs text-slate-500 tabular-nums dark:text-slate-400">
            {plural(left, "character")} left in {stats.parts === 1 ? "this part" : `part ${stats.parts}`} ·{" "}
            {unicode ? "70 in one part, 67 per part when split" : "160 in one part, 153 per part when split"}
          </p>
          {personal && (
            <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">Counted on this recipient's text; longer names can add a part. The estimate counts every recipient's own text.</p>
          )}
          <p className="sr-only" aria-live="polite">
            {plural(stats.parts, "part")}, {unicode ? "Unicode" : "GSM-7"}
          </p>
          {stats.unsupported.length > 0 && (
            <div className="mt-4">
              <p className="text-xs font-medium text-slate-700 dark:text-slate-300">{stats.transcoding ? "Replaced by transcoding" : "Not in GSM-7 — these make the message Unicode"}</p>
              <ul aria-label="Characters outside GSM-7" className="mt-2 flex flex-wrap gap-1.5">
                {stats.unsupported.slice(0, 24).map((c) => (
                  <li
                    key={c}
                    title={[...c].map((x) => `U+${x.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`).join(" ")}
                    className={cn(
                      "inline-flex h-7 min-w-7 items-center justify-center rounded-md px-1.5 text-sm ring-1 ring-inset",
                      stats.transcoding
                        ? "bg-slate-50 text-slate-500 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700"
                        : stats.untranscodable.includes(c)
                          ? "bg-red-50 text-red-800 ring-red-300 dark:bg-red-500/10 dark:text-red-200 dark:ring-red-500/40"
                          : "bg-amber-50 text-amber-900 ring-amber-300 dark:bg-amber-500/10 dark:text-amber-200 dark:ring-amber-500/40",
                    )}
                  >
                    {/^[\p{Z}\p{C}\p{M}]+$/u.test(c) ? <span className="font-mono text-[10px]">{`U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`}</span> : c}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {stats.suggestion && (
            <div className="mt-4 rounded-lg border border-indigo-200 bg-indigo-50/60 p-3 dark:border-indigo-500/30 dark:bg-indigo-500/10">
              <Checkbox
                label={<span className="font-medium">Transcode</span>}
                description={
                  stats.suggestion.parts < stats.rawParts
                    ? `Send as GSM-7 look-alikes: ${plural(stats.suggestion.parts, "part")} instead of ${stats.rawParts}.`
                    : "Send as GSM-7 look-alikes, which every handset displays."
                }
                checked={stats.transcoding}
                onChange={(e) => onTranscodeChange(e.target.checked)}
              />
            </div>
          )}
        </div>
      </section>
    </Card>
  );
}
