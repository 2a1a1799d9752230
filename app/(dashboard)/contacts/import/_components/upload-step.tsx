// Step 1: choose or drop a CSV file; it is read here in the browser, nothing is sent yet.
"use client";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { DownloadIcon, UploadIcon } from "@/components/ui/icons";
import { download, parseCsvFile, sampleCsv, type ParsedFile } from "./csv";
import { ErrorNote } from "@/components/ui/error-note";

const MAX_BYTES = 50 * 1024 * 1024;

export function UploadStep({ onParsed }: { onParsed: (file: ParsedFile) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [reading, setReading] = useState(false);
  const [problem, setProblem] = useState("");

  async function read(file: File | undefined) {
    if (!file) return;
    setProblem("");
    if (file.size > MAX_BYTES) return setProblem(`${file.name} is larger than 50 MB. Split it into smaller files.`);
    if (!/\.(csv|txt|tsv)$/i.test(file.name) && !/csv|text/.test(file.type)) return setProblem(`${file.name} is not a CSV file. Save the spreadsheet as CSV (comma-separated values) first.`);
    setReading(true);
    try {
      const parsed = await parseCsvFile(file);
      if (parsed.records.length === 0) setProblem(`${file.name} is empty.`);
      else onParsed(parsed);
    } catch (err) {
      setProblem(`${file.name} could not be read: ${(err as Error).message}`);
    } finally {
      setReading(false);
      if (input.current) input.current.value = "";
    }
  }

  return (
    <Card>
      <CardBody className="space-y-5 p-6">
        {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; the file button inside it is the keyboard's way */}
        <div
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => {
            e.preventDefault();
            setDragging(false);
            read(e.dataTransfer.files[0]);
          }}
          className={cn(
            "flex flex-col items-center rounded-xl border-2 border-dashed px-6 py-14 text-center transition-colors",
            dragging ? "border-indigo-500 bg-indigo-50 dark:bg-indigo-500/10" : "border-slate-300 dark:border-slate-700",
          )}
        >
          <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 ring-8 ring-indigo-50/50 dark:bg-indigo-500/10 dark:text-indigo-300 dark:ring-indigo-500/5">
            <UploadIcon size={22} />
          </span>
          <p className="text-base font-semibold text-slate-900 dark:text-slate-100">Drop a CSV file here</p>
          <p className="mt-1 max-w-md text-sm text-slate-600 dark:text-slate-400">
            One contact per row, with a mobile number in one column. Names, email, country, VIP and your custom fields can come along. Up to 50 MB — tens of thousands of rows are fine.
          </p>
          <input ref={input} id="csv-file" type="file" accept=".csv,.txt,.tsv,text/csv,text/plain" className="sr-only" onChange={(e) => read(e.target.files?.[0])} aria-label="CSV file" />
          <Button className="mt-6" onClick={() => input.current?.click()} loading={reading}>
            {reading ? "Reading the file…" : "Choose a file"}
          </Button>
        </div>
        {problem && <ErrorNote>{problem}</ErrorNote>}
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600 dark:text-slate-400">
          <p>Exporting from Excel or Google Sheets? Use File › Download › Comma-separated values.</p>
          <Button variant="ghost" size="sm" onClick={() => download("contacts-sample.csv", sampleCsv)}>
            <DownloadIcon size={15} />
            Sample file
          </Button>
        </div>
      </CardBody>
    </Card>
  );
}
