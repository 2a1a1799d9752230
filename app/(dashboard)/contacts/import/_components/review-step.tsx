// Step 3: the first rows as they will be stored (E.164 mobile, country, fields) with each row's
// problem, a check of the whole file, and the import's options: the country for national numbers
// and a group to put everyone in.
"use client";
import { useMemo, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardFooter, CardHeader } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { ArrowRightIcon, ChevronLeftIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { StaticTable, type StaticColumn } from "@/components/ui/static-table";
import type { LabelTypes } from "@/lib/core/contacts/model";
import type { PreparedRow } from "@/lib/core/contacts/prepare-import-row";
import type { DashboardGroup } from "../../_components/api";
import { CountrySelect } from "../../_components/country-select";
import { countryName } from "../../_components/countries";
import { countOf } from "@/lib/ui/format";
import type { DataRow, Target } from "./csv";
import { checkRow, useRowCheck, type RowCheck } from "./use-row-check";

export const NEW_GROUP = "\u0000new";

export interface ImportOptions {
  defaultCountry: string;
  /** "" for none, a group's name, or NEW_GROUP with newGroup's name. */
  group: string;
  newGroup: string;
}

const PREVIEW = 20;

export function groupOf(o: ImportOptions): string {
  return o.group === NEW_GROUP ? o.newGroup.trim() : o.group;
}

export function ReviewStep({
  rows,
  mapping,
  labelTypes,
  groups,
  options,
  onOptions,
  onBack,
  onImport,
}: {
  rows: DataRow[];
  mapping: Target[];
  labelTypes: LabelTypes;
  groups: DashboardGroup[];
  options: ImportOptions;
  onOptions: (o: ImportOptions) => void;
  onBack: () => void;
  onImport: () => void;
}) {
  const check = useRowCheck(rows, mapping, labelTypes, options.defaultCountry);
  const [onlyProblems, setOnlyProblems] = useState(false);
  const preview = useMemo(() => {
    const out: { row: DataRow; result: PreparedRow }[] = [];
    for (const row of rows) {
      const result = checkRow(row, mapping, labelTypes, options.defaultCountry);
      if (!onlyProblems || !result.ok) out.push({ row, result });
      if (out.length >= PREVIEW) break;
    }
    return out;
  }, [rows, mapping, labelTypes, options.defaultCountry, onlyProblems]);
  const own = groups.filter((g) => !g.builtIn);
  const needsName = options.group === NEW_GROUP && !options.newGroup.trim();
  const national = check.reasons.find(([r]) => r === "Invalid mobile number");

  const columns: StaticColumn<(typeof preview)[number]>[] = [
    { header: "Row", cell: ({ row }) => <span className="text-slate-500 tabular-nums">{row.row}</span>, className: "w-px" },
    {
      header: "Mobile",
      cell: ({ result, row }) =>
        result.ok ? (
          <span className="font-mono text-[13px] whitespace-nowrap text-slate-900 dark:text-slate-100">{result.fields.mobile}</span>
        ) : (
          <span className="font-mono text-[13px] text-slate-500">{row.cells[mapping.indexOf("mobile")] ?? ""}</span>
        ),
    },
    {
      header: "Name",
      cell: ({ result }) => (result.ok ? `${result.fields.firstName} ${result.fields.lastName}`.trim() || <span className="text-slate-400">—</span> : null),
    },
    { header: "Email", cell: ({ result }) => (result.ok ? result.fields.email || <span className="text-slate-400">—</span> : null), className: "hidden md:table-cell" },
    {
      header: "Country",
      cell: ({ result }) =>
        result.ok && result.fields.country ? (
          <abbr title={countryName(result.fields.country)} className="no-underline">
            {result.fields.country}
          </abbr>
        ) : null,
      className: "hidden sm:table-cell",
    },
    {
      header: "Fields",
      cell: ({ result }) =>
        result.ok ? (
          <span className="flex flex-wrap gap-1">
            {result.fields.vipGiven && result.fields.vip && <Badge tone="warning">VIP</Badge>}
            {Object.entries(result.fields.labels).map(([k, v]) => (
              <Badge key={k}>
                {k}: {String(v)}
              </Badge>
            ))}
          </span>
        ) : null,
      className: "hidden lg:table-cell",
    },
    {
      header: "Status",
      cell: ({ result }) =>
        result.ok ? (
          <Badge tone="success" dot>
            Ready
          </Badge>
        ) : (
          <span className="flex flex-col items-start gap-1">
            <Badge tone="danger" dot>
              Will be skipped
            </Badge>
            <span className="text-xs text-red-700 dark:text-red-300">
              {result.reason}
              {result.value ? `: “${result.value}”` : ""}
            </span>
          </span>
        ),
    },
  ];

  const previewCard = (
    <Card className="min-w-0 overflow-hidden">
      <CardHeader
        title="Preview"
        description="The first rows as they will be stored: numbers in international format, country from the number."
        actions={<Checkbox label="Only rows with problems" checked={onlyProblems} onChange={(e) => setOnlyProblems(e.target.checked)} />}
      />
      <StaticTable
        label="Import preview"
        columns={columns}
        rows={preview}
        getRowId={(p) => String(p.row.row)}
        empty={<p className="px-4 py-8 text-center text-sm text-slate-500">{onlyProblems ? "No row has a problem." : "No rows."}</p>}
      />
    </Card>
  );

  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <Card>
          <CardHeader title="Options" />
          <CardBody className="grid gap-5 md:grid-cols-2">
            <Field id="import-country" label="Country of national numbers" hint={countryHint(check, national?.[1] ?? 0, options.defaultCountry)}>
              <CountrySelect emptyLabel="None — numbers include the country code" value={options.defaultCountry} onChange={(e) => onOptions({ ...options, defaultCountry: e.target.value })} />
            </Field>
            <div className="space-y-4">
              <Field id="import-group" label="Add everyone to a group" optional hint="Imported contacts, new and updated, join this group.">
                <Select value={options.group} onChange={(e) => onOptions({ ...options, group: e.target.value })}>
                  <option value="">No group</option>
                  {own.map((g) => (
                    <option key={g.name} value={g.name}>
                      {g.name} ({g.size.toLocaleString("en")})
                    </option>
                  ))}
                  <option value={NEW_GROUP}>New group…</option>
                </Select>
              </Field>
              {options.group === NEW_GROUP && (
                <Field id="import-new-group" label="New group's name" error={needsName ? "Name the new group" : undefined}>
                  <Input value={options.newGroup} onChange={(e) => onOptions({ ...options, newGroup: e.target.value })} maxLength={100} autoComplete="off" placeholder="Spring fair 2025" />
                </Field>
              )}
            </div>
          </CardBody>
          <CardFooter className="justify-between">
            <Button variant="ghost" onClick={onBack}>
              <ChevronLeftIcon />
              Columns
            </Button>
            <Button onClick={onImport} disabled={needsName || rows.length === 0}>
              Import {countOf(rows.length, "row")}
              <ArrowRightIcon />
            </Button>
          </CardFooter>
        </Card>

        <Card>
          <CardHeader title="Whole file" description={check.done ? undefined : `Checking… ${check.checked.toLocaleString("en")} of ${rows.length.toLocaleString("en")} rows`} />
          <CardBody className="space-y-3 text-sm">
            <dl className="space-y-2" aria-live="polite">
              <Stat label="Ready to import" value={check.valid} tone="text-emerald-700 dark:text-emerald-300" />
              <Stat label="Will be skipped" value={check.invalid} tone={check.invalid ? "text-red-700 dark:text-red-300" : undefined} />
              {check.repeats > 0 && <Stat label="Repeat a number above them" value={check.repeats} hint="Each updates the contact of the earlier row." />}
            </dl>
            {check.countries.length > 0 && (
              <div className="border-t border-slate-200 pt-3 dark:border-slate-800">
                <p className="mb-1 text-xs font-medium text-slate-700 dark:text-slate-300">Countries of the numbers</p>
                <ul className="space-y-1 text-xs text-slate-600 dark:text-slate-400" data-testid="import-countries">
                  {check.countries.slice(0, 4).map(([code, n]) => (
                    <li key={code} className="flex justify-between gap-3">
                      <span>{countryName(code) || "Unknown"}</span>
                      <span className="tabular-nums">{n.toLocaleString("en")}</span>
                    </li>
                  ))}
                  {check.countries.length > 4 && <li>and {countOf(check.countries.length - 4, "other country", "other countries")}</li>}
                </ul>
              </div>
            )}
            {check.reasons.length > 0 && (
              <ul className="space-y-1 border-t border-slate-200 pt-3 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
                {check.reasons.slice(0, 5).map(([reason, n]) => (
                  <li key={reason} className="flex justify-between gap-3">
                    <span>{reason}</span>
                    <span className="tabular-nums">{n.toLocaleString("en")}</span>
                  </li>
                ))}
              </ul>
            )}
            <p className="text-xs text-slate-500 dark:text-slate-400">Numbers already in your contacts update those contacts; empty cells never erase what they hold.</p>
          </CardBody>
        </Card>
      </div>
      {previewCard}
    </div>
  );
}

function countryHint(check: RowCheck, unreadable: number, defaultCountry: string): React.ReactNode {
  const warn = (text: string) => <span className="font-medium text-amber-700 dark:text-amber-300">{text}</span>;
  if (!defaultCountry && check.bare > 0)
    return warn(
      `${countOf(check.bare, "number")} without + or 00 ${check.bare === 1 ? "was" : "were"} read as international (6912345678 as +691…). If they are national numbers, choose their country.`,
    );
  if (!defaultCountry && unreadable > 0)
    return warn(`${countOf(unreadable, "row")} ${unreadable === 1 ? "has a number" : "have numbers"} that could not be read — if they lack the country code, choose their country.`);
  return "For numbers written without a country code, in rows without a country.";
}

function Stat({ label, value, tone, hint }: { label: string; value: number; tone?: string; hint?: string }) {
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3">
        <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
        <dd className={`text-lg font-semibold tabular-nums ${tone ?? "text-slate-900 dark:text-slate-100"}`}>{value.toLocaleString("en")}</dd>
      </div>
      {hint && <p className="text-xs text-slate-500 dark:text-slate-400">{hint}</p>}
    </div>
  );
}
