// The explorer's filters: one row per field with an operator and a value. Values are typed
// freely and reach the URL (and the search) once typing pauses.
"use client";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { XIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Options, Select } from "@/components/ui/select";
import { exploreFields, exploreOperators, type ExploreField, type ExploreFilter, type ExploreOperator } from "@/lib/core/tracking/explore-fields";
import { fieldLabels, operatorLabels } from "@/lib/schemas/dashboard-tracking";
import { useDebouncedValue } from "../../compose/_components/use-debounced-value";

const placeholders: Partial<Record<ExploreField, string>> = {
  to: "+306912345678 or part of it",
  status: "Delivered, Undelivered, Failed…",
  direction: "Outbound or Inbound",
  country: "GR",
  campaign: "Name or campaign id",
  id: "trackingId or smsId",
};

export function FilterBar({ filters, onChange }: { filters: ExploreFilter[]; onChange: (filters: ExploreFilter[]) => void }) {
  const [draft, setDraft] = useState(filters);
  const settled = useDebouncedValue(draft, 400);
  const key = (fs: ExploreFilter[]) => JSON.stringify(fs);

  // The URL changed from outside (back button, a shared link): show it.
  useEffect(() => setDraft(filters), [key(filters)]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (key(settled) !== key(filters)) onChange(settled);
  }, [key(settled)]); // eslint-disable-line react-hooks/exhaustive-deps

  const unused = exploreFields.filter((f) => !draft.some((d) => d.field === f));
  const set = (i: number, change: Partial<ExploreFilter>) => setDraft(draft.map((d, j) => (j === i ? { ...d, ...change } : d)));

  return (
    <div className="space-y-2" role="group" aria-label="Filters">
      {draft.map((f, i) => (
        <div key={f.field} className="flex flex-wrap items-center gap-2" data-testid={`filter-${f.field}`}>
          <Select aria-label="Field" className="w-44!" value={f.field} onChange={(e) => set(i, { field: e.target.value as ExploreField })}>
            <Options values={[f.field, ...unused]} label={(field) => fieldLabels[field]} />
          </Select>
          <Select aria-label={`${fieldLabels[f.field]} operator`} className="w-36!" value={f.op} onChange={(e) => set(i, { op: e.target.value as ExploreOperator })}>
            <Options values={exploreOperators} label={(op) => operatorLabels[op]} />
          </Select>
          <Input
            aria-label={`${fieldLabels[f.field]} value`}
            className="w-64!"
            placeholder={placeholders[f.field] ?? ""}
            value={f.value}
            autoFocus={f.value === ""}
            onChange={(e) => set(i, { value: e.target.value })}
            onKeyDown={(e) => {
              if (e.key === "Enter") onChange(draft);
            }}
          />
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Remove the ${fieldLabels[f.field]} filter`}
            onClick={() => {
              const next = draft.filter((_, j) => j !== i);
              setDraft(next);
              onChange(next);
            }}
          >
            <XIcon />
          </Button>
        </div>
      ))}
      <div className="flex flex-wrap items-center gap-2">
        {unused.length > 0 && (
          <Select
            aria-label="Add a filter"
            className="w-48!"
            value=""
            onChange={(e) => e.target.value && setDraft([...draft, { field: e.target.value as ExploreField, op: e.target.value === "to" ? "contains" : "is", value: "" }])}
          >
            <option value="">+ Add a filter…</option>
            <Options values={unused} label={(field) => fieldLabels[field]} />
          </Select>
        )}
        {draft.length > 0 && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setDraft([]);
              onChange([]);
            }}
          >
            Clear filters
          </Button>
        )}
      </div>
    </div>
  );
}
