// Step 4: the import's progress while it runs, then its report: created, updated and skipped
// rows (each with its row number, value and reason, downloadable as CSV). Rows a stopped run did
// not reach are listed too, so every row of the file is accounted for.
"use client";
import Link from "next/link";
import { useMemo } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { AlertIcon, CheckIcon } from "@/components/ui/icons";
import { StaticTable } from "@/components/ui/static-table";
import { countOf } from "@/lib/ui/format";
import { DownloadIcon } from "@/components/ui/icons";
import { download, reportCsv, type DataRow } from "./csv";
import type { RunState } from "./use-import-run";
import { ErrorNote } from "@/components/ui/error-note";

const SHOWN = 100;

export function RunStep({
  state,
  rows,
  mobileColumn,
  blank,
  group,
  fileName,
  onStop,
  onResume,
  onAnother,
}: {
  state: RunState;
  rows: DataRow[];
  mobileColumn: number;
  blank: number;
  group: string;
  fileName: string;
  onStop: () => void;
  onResume: () => void;
  onAnother: () => void;
}) {
  const total = rows.length;
  const active = state.phase === "preparing" || state.phase === "running";
  const finished = state.phase === "done";
  const percent = total ? Math.round((state.processed / total) * 100) : 100;
  const notReached = useMemo(
    () => (active || finished ? [] : rows.slice(state.processed).map((r) => ({ row: r.row, value: (r.cells[mobileColumn] ?? "").trim(), reason: "Not imported: the import stopped before this row" }))),
    [active, finished, rows, state.processed, mobileColumn],
  );
  const skipped = [...state.failed, ...notReached];

  return (
    <div className="space-y-6">
      <Card>
        <CardBody className="space-y-5 p-6">
          <div className="flex flex-wrap items-start justify-between gap-4">
            <div>
              <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-slate-100">
                {finished ? (
                  <>
                    <CheckIcon className="text-emerald-600" size={20} /> Import finished
                  </>
                ) : state.phase === "failed" ? (
                  <>
                    <AlertIcon className="text-red-600" size={20} /> Import interrupted
                  </>
                ) : state.phase === "stopped" ? (
                  "Import stopped"
                ) : state.phase === "preparing" ? (
                  "Getting ready…"
                ) : (
                  "Importing…"
                )}
              </h2>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                {fileName} · {countOf(state.processed, "row")} of {total.toLocaleString("en")} done
                {group && ` · into ${group}`}
              </p>
            </div>
            <div className="flex gap-2">
              {active && (
                <Button variant="secondary" onClick={onStop}>
                  Stop
                </Button>
              )}
              {(state.phase === "failed" || state.phase === "stopped") && <Button onClick={onResume}>Resume from row {rows[state.processed]?.row ?? ""}</Button>}
            </div>
          </div>
          <div>
            <div
              role="progressbar"
              aria-label="Import progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-2.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
            >
              <div
                className={cn("h-full rounded-full transition-[width] duration-300", state.phase === "failed" ? "bg-red-500" : finished ? "bg-emerald-500" : "bg-indigo-500")}
                style={{ width: `${percent}%` }}
              />
            </div>
            <p className="mt-1.5 text-right text-xs text-slate-500 tabular-nums">{percent}%</p>
          </div>
          {state.phase === "failed" && (
            <ErrorNote>
              {state.error} Rows before row {rows[state.processed]?.row} are imported; resume to send the rest.
            </ErrorNote>
          )}
          <dl className="grid gap-4 sm:grid-cols-3" aria-live="polite">
            <Total label="Created" value={state.created} hint="New contacts" tone="text-emerald-700 dark:text-emerald-300" testId="import-created" />
            <Total label="Updated" value={state.updated} hint="Numbers already in your contacts" tone="text-sky-700 dark:text-sky-300" testId="import-updated" />
            <Total
              label="Skipped"
              value={skipped.length}
              hint={notReached.length ? `${countOf(notReached.length, "row")} not reached` : "Rows with a problem"}
              tone={skipped.length ? "text-red-700 dark:text-red-300" : undefined}
              testId="import-skipped"
            />
          </dl>
          {blank > 0 && <p className="text-xs text-slate-500 dark:text-slate-400">{countOf(blank, "blank line")} in the file held no data and were left out.</p>}
          {finished && (
            <div className="flex flex-wrap gap-3">
              <Link href={group ? `/contacts?group=${encodeURIComponent(group)}` : "/contacts"} className={buttonClasses("primary")}>
                View {group ? group : "contacts"}
              </Link>
              <Button variant="secondary" onClick={onAnother}>
                Import another file
              </Button>
            </div>
          )}
        </CardBody>
      </Card>

      {skipped.length > 0 && !active && (
        <Card className="overflow-hidden">
          <CardHeader
            title={`Skipped rows (${skipped.length.toLocaleString("en")})`}
            description="Fix them in your file and import it again; rows already imported will just be updated."
            actions={
              <Button variant="secondary" size="sm" onClick={() => download(`${fileName.replace(/\.[^.]+$/, "")}-skipped-rows.csv`, reportCsv(skipped))}>
                <DownloadIcon size={15} />
                Download report (CSV)
              </Button>
            }
          />
          <StaticTable
            label="Skipped rows"
            columns={[
              { header: "Row", cell: (r) => <span className="tabular-nums">{r.row}</span>, className: "w-20" },
              { header: "Value", cell: (r) => (r.value ? <code className="font-mono text-xs">{r.value}</code> : <span className="text-slate-400">empty</span>) },
              { header: "Reason", cell: (r) => r.reason },
            ]}
            rows={skipped.slice(0, SHOWN)}
            getRowId={(r) => `${r.row}`}
          />
          {skipped.length > SHOWN && (
            <p className="border-t border-slate-200 px-5 py-3 text-sm text-slate-500 dark:border-slate-800">
              The first {SHOWN} are shown; the report has all {skipped.length.toLocaleString("en")}.
            </p>
          )}
        </Card>
      )}
    </div>
  );
}

function Total({ label, value, hint, tone, testId }: { label: string; value: number; hint: string; tone?: string; testId: string }) {
  return (
    <div className="rounded-lg border border-slate-200 px-4 py-3 dark:border-slate-800">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd data-testid={testId} className={cn("mt-1 text-2xl font-semibold tabular-nums", tone ?? "text-slate-900 dark:text-slate-100")}>
        {value.toLocaleString("en")}
      </dd>
      <p className="text-xs text-slate-500 dark:text-slate-400">{hint}</p>
    </div>
  );
}
