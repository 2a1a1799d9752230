// Contacts › Import: upload a CSV, map its columns, review, import with progress and a report.
// The file is parsed and checked in the browser; the server gets mapped rows in chunks.
"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { cn } from "@/components/ui/cn";
import { CheckIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import type { LabelType } from "@/lib/core/contacts/model";
import { contactsKey, fetchGroups, fetchLabels, groupsKey, labelsKey } from "../../_components/api";
import { ContactsTabs } from "../../_components/contacts-tabs";
import { dataRows, guessMapping, looksLikeHeader, type ParsedFile, type Target } from "./csv";
import { MappingStep, type ColumnInfo } from "./mapping-step";
import { ReviewStep, NEW_GROUP, groupOf, type ImportOptions } from "./review-step";
import { RunStep } from "./run-step";
import { UploadStep } from "./upload-step";
import { useImportRun } from "./use-import-run";

type Step = "upload" | "map" | "review" | "run";
const steps: { id: Step; label: string }[] = [
  { id: "upload", label: "Upload file" },
  { id: "map", label: "Map columns" },
  { id: "review", label: "Review" },
  { id: "run", label: "Import" },
];

const noOptions: ImportOptions = { defaultCountry: "", group: "", newGroup: "" };

export function ImportView() {
  const queryClient = useQueryClient();
  const labels = useQuery({ queryKey: labelsKey, queryFn: fetchLabels });
  const groups = useQuery({ queryKey: groupsKey, queryFn: fetchGroups });
  const [step, setStep] = useState<Step>("upload");
  const [file, setFile] = useState<ParsedFile | null>(null);
  const [hasHeader, setHasHeader] = useState(true);
  const [mapping, setMapping] = useState<Target[]>([]);
  const [options, setOptions] = useState<ImportOptions>(noOptions);
  const importer = useImportRun();

  const customLabels = useMemo(() => (labels.data ?? []).filter((l) => !l.builtIn).map((l) => l.name), [labels.data]);
  const width = useMemo(() => (file ? Math.max(0, ...file.records.slice(0, 200).map((r) => r.length)) : 0), [file]);
  const { rows, blank } = useMemo(() => (file ? dataRows(file.records, hasHeader) : { rows: [], blank: 0 }), [file, hasHeader]);
  const columns: ColumnInfo[] = useMemo(() => {
    if (!file) return [];
    const head = file.records[0] ?? [];
    return Array.from({ length: width }, (_, i) => ({
      index: i,
      header: hasHeader ? head[i]?.trim() || `Column ${i + 1}` : `Column ${i + 1}`,
      samples: rows
        .slice(0, 50)
        .map((r) => (r.cells[i] ?? "").trim())
        .filter(Boolean)
        .slice(0, 3),
    }));
  }, [file, width, hasHeader, rows]);
  // Label types for the preview: the account's, plus the new Text fields the mapping creates.
  const labelTypes = useMemo(() => {
    const m = new Map<string, LabelType>((labels.data ?? []).filter((l) => !l.builtIn).map((l) => [l.name, l.type]));
    for (const t of mapping) if (t.startsWith("new:")) m.set(t.slice(4), "Text");
    return m;
  }, [labels.data, mapping]);

  const guess = (f: ParsedFile, header: boolean) => {
    const { rows: data } = dataRows(f.records, header);
    const cols = Math.max(0, ...f.records.slice(0, 200).map((r) => r.length));
    const heads = Array.from({ length: cols }, (_, i) => (header ? (f.records[0]?.[i] ?? "") : ""));
    setMapping(
      guessMapping(
        heads,
        data.slice(0, 50).map((r) => r.cells),
        customLabels,
      ),
    );
  };

  const group = groupOf(options);
  const runInput = { rows, mapping, defaultCountry: options.defaultCountry, group, newGroup: options.group === NEW_GROUP };

  // The address book changes as chunks land; refresh the other tabs once the run ends.
  const phase = importer.state.phase;
  useEffect(() => {
    if (phase === "done" || phase === "failed" || phase === "stopped") queryClient.invalidateQueries({ queryKey: contactsKey });
  }, [phase, queryClient]);

  const startOver = () => {
    importer.reset();
    setFile(null);
    setMapping([]);
    setOptions(noOptions);
    setStep("upload");
  };

  return (
    <>
      <PageHeader title="Contacts" description="Import a spreadsheet of contacts. New numbers become contacts; numbers you already have are updated." />
      <ContactsTabs active="/contacts/import" />
      <Steps current={step} />

      {step === "upload" && (
        <UploadStep
          onParsed={(f) => {
            const header = looksLikeHeader(f.records[0]);
            setFile(f);
            setHasHeader(header);
            guess(f, header);
            setStep("map");
          }}
        />
      )}
      {step === "map" && file && (
        <MappingStep
          file={file}
          hasHeader={hasHeader}
          onHasHeader={(v) => {
            setHasHeader(v);
            guess(file, v);
          }}
          columns={columns}
          mapping={mapping}
          onMapping={setMapping}
          customLabels={customLabels}
          rowCount={rows.length}
          blank={blank}
          onBack={startOver}
          onNext={() => setStep("review")}
        />
      )}
      {step === "review" && file && (
        <ReviewStep
          rows={rows}
          mapping={mapping}
          labelTypes={labelTypes}
          groups={groups.data ?? []}
          options={options}
          onOptions={setOptions}
          onBack={() => setStep("map")}
          onImport={() => {
            setStep("run");
            importer.run(runInput);
          }}
        />
      )}
      {step === "run" && file && (
        <RunStep
          state={importer.state}
          rows={rows}
          mobileColumn={mapping.indexOf("mobile")}
          blank={blank}
          group={group}
          fileName={file.name}
          onStop={importer.stop}
          onResume={() => importer.run(runInput, importer.state)}
          onAnother={startOver}
        />
      )}
    </>
  );
}

function Steps({ current }: { current: Step }) {
  const at = steps.findIndex((s) => s.id === current);
  return (
    <ol aria-label="Import steps" className="mb-6 flex flex-wrap items-center gap-x-2 gap-y-2 text-sm">
      {steps.map((s, i) => {
        const done = i < at;
        const now = i === at;
        return (
          <li key={s.id} className="flex items-center gap-2" aria-current={now ? "step" : undefined}>
            <span
              className={cn(
                "flex size-6 items-center justify-center rounded-full text-xs font-semibold",
                done && "bg-indigo-600 text-white dark:bg-indigo-500",
                now && "bg-indigo-50 text-indigo-700 ring-2 ring-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-200 dark:ring-indigo-400",
                !done && !now && "bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400",
              )}
            >
              {done ? <CheckIcon size={13} /> : i + 1}
            </span>
            <span className={cn(now ? "font-medium text-slate-900 dark:text-slate-100" : "text-slate-500 dark:text-slate-400")}>{s.label}</span>
            {i < steps.length - 1 && <span aria-hidden="true" className="mx-1 h-px w-8 bg-slate-300 dark:bg-slate-700" />}
          </li>
        );
      })}
    </ol>
  );
}
