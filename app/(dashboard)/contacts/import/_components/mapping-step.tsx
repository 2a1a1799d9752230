// Step 2: say what each column holds. Guessed from the headers (and, for the mobile, from the
// cells); a column can also become a custom field, a new one, or be left out.
"use client";
import { Button } from "@/components/ui/button";
import { Card, CardFooter } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { AlertIcon, ArrowRightIcon, ChevronLeftIcon } from "@/components/ui/icons";
import { Select } from "@/components/ui/select";
import { StaticTable, type StaticColumn } from "@/components/ui/static-table";
import { fieldTargets, labelNameFrom, type ParsedFile, type Target } from "./csv";

export interface ColumnInfo {
  index: number;
  header: string;
  samples: string[];
}

export function mappingProblem(mapping: Target[]): string {
  const used = mapping.filter((t) => t !== "ignore");
  if (!used.includes("mobile")) return "Choose the column that holds the mobile numbers.";
  const twice = used.find((t, i) => used.indexOf(t) !== i);
  if (twice) return `Two columns are imported as ${targetLabel(twice)}; choose one.`;
  return "";
}

function targetLabel(t: Target): string {
  if (t.startsWith("label:")) return `the field “${t.slice(6)}”`;
  if (t.startsWith("new:")) return `the new field “${t.slice(4)}”`;
  return fieldTargets.find((f) => f.value === t)?.label ?? t;
}

export function MappingStep({
  file,
  hasHeader,
  onHasHeader,
  columns,
  mapping,
  onMapping,
  customLabels,
  rowCount,
  blank,
  onBack,
  onNext,
}: {
  file: ParsedFile;
  hasHeader: boolean;
  onHasHeader: (v: boolean) => void;
  columns: ColumnInfo[];
  mapping: Target[];
  onMapping: (m: Target[]) => void;
  customLabels: string[];
  rowCount: number;
  blank: number;
  onBack: () => void;
  onNext: () => void;
}) {
  const problem = mappingProblem(mapping);
  const set = (i: number, t: Target) => onMapping(mapping.map((m, j) => (j === i ? t : m)));
  const table: StaticColumn<ColumnInfo>[] = [
    {
      header: "Column in your file",
      cell: (c) => <span className="font-medium text-slate-900 dark:text-slate-100">{c.header}</span>,
      className: "w-1/4",
    },
    {
      header: "First values",
      cell: (c) =>
        c.samples.length ? (
          <span className="flex flex-wrap gap-1.5">
            {c.samples.map((s, i) => (
              <code key={i} className="max-w-48 truncate rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300">
                {s}
              </code>
            ))}
          </span>
        ) : (
          <span className="text-slate-400 italic">empty</span>
        ),
    },
    {
      header: "Import as",
      cell: (c) => {
        const newName = labelNameFrom(c.header);
        const isKnown = customLabels.some((l) => l.toLowerCase() === newName.toLowerCase());
        return (
          <Select
            aria-label={`Import ${c.header} as`}
            value={mapping[c.index]}
            onChange={(e) => set(c.index, e.target.value as Target)}
            className={mapping[c.index] === "ignore" ? "text-slate-500" : undefined}
          >
            <option value="ignore">Don’t import</option>
            <optgroup label="Contact">
              {fieldTargets.map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </optgroup>
            {customLabels.length > 0 && (
              <optgroup label="Custom fields">
                {customLabels.map((l) => (
                  <option key={l} value={`label:${l}`}>
                    {l}
                  </option>
                ))}
              </optgroup>
            )}
            {!isKnown && (
              <optgroup label="New custom field">
                <option value={`new:${newName}`}>New text field “{newName}”</option>
              </optgroup>
            )}
          </Select>
        );
      },
      className: "w-72",
    },
  ];

  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-5 py-4 dark:border-slate-800">
        <div>
          <h2 className="text-sm font-semibold text-slate-900 dark:text-slate-100">{file.name}</h2>
          <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">
            {rowCount.toLocaleString("en")} {rowCount === 1 ? "row" : "rows"} to import
            {blank > 0 && ` · ${blank.toLocaleString("en")} blank ${blank === 1 ? "line" : "lines"} skipped`} · {columns.length} {columns.length === 1 ? "column" : "columns"}
          </p>
        </div>
        <Checkbox label="The first row holds column names" checked={hasHeader} onChange={(e) => onHasHeader(e.target.checked)} />
      </div>
      {file.warnings.length > 0 && (
        <div
          role="note"
          className="mx-5 mt-4 flex items-start gap-2.5 rounded-lg border border-amber-300 bg-amber-50 px-3.5 py-3 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200"
        >
          <AlertIcon className="mt-0.5 shrink-0" />
          <div>
            <p className="font-medium">The file has formatting problems; check the preview.</p>
            <ul className="mt-1 list-disc pl-5">
              {file.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          </div>
        </div>
      )}
      <StaticTable label="Column mapping" columns={table} rows={columns} getRowId={(c) => String(c.index)} className={file.warnings.length ? "mt-4" : undefined} />
      <CardFooter className="justify-between">
        <Button variant="ghost" onClick={onBack}>
          <ChevronLeftIcon />
          Choose another file
        </Button>
        <div className="flex items-center gap-3">
          {problem && (
            <p role="status" className="text-sm text-red-600 dark:text-red-400">
              {problem}
            </p>
          )}
          <Button onClick={onNext} disabled={Boolean(problem) || rowCount === 0}>
            Review
            <ArrowRightIcon />
          </Button>
        </div>
      </CardFooter>
    </Card>
  );
}
