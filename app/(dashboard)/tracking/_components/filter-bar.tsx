// The explorer's filters: one row per field with an operator and a value. Values are typed
// freely and reach the URL (and the search) once typing pauses; a connector is picked from the
// connectors' names (or "none").
"use client";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { XIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Options, Select } from "@/components/ui/select";
import { exploreFields, exploreOperators, type ExploreField, type ExploreFilter, type ExploreOperator } from "@/lib/core/tracking/explore-fields";
import { fieldLabels, operatorLabels } from "@/lib/schemas/dashboard-tracking";
import { useDebouncedValue } from "../../compose/_components/use-debounced-value";
import { ConnectorSelect } from "./connector-select";

const placeholders: Partial<Record<ExploreField, string>> = {
  to: "+306912345678 or part of it",
  status: "Delivered, Undelivered, Failed…",
  direction: "Outbound or Inbound",
  country: "GR",
  campaign: "Name or campaign id",
  id: "trackingId or smsId",
  clicked: "yes or no",
};

/** Fields whose values are picked from a list: compared whole, with is or is not. */
const picked = new Set<ExploreField>(["connector"]);
/** is and is not, and whatever a shared link asked for besides. */
const pickedOperators = (current: ExploreOperator): ExploreOperator[] => (current === "is" || current === "is_not" ? ["is", "is_not"] : ["is", "is_not", current]);

/** A filter moved to another field: a picked field starts empty and with "is". */
function refield(f: ExploreFilter, field: ExploreField): Partial<ExploreFilter> {
  if (!picked.has(field) && !picked.has(f.field)) return { field };
  return { field, value: "", ...(picked.has(field) && f.op !== "is_not" ? { op: "is" as const } : {}) };
}

export function FilterBar({ filters, onChange }: { filters: ExploreFilter[]; onChange: (filters: ExploreFilter[]) => void }) {
  const [draft, setDraft] = useState(filters);
  const settled = useDebouncedValue(draft, 400);
  const key = (fs: ExploreFilter[]) => JSON.stringify(fs);

  // What this bar last put in the URL: the URL coming back with it (late, on a busy server) is an
  // echo, not a change from outside, and must not undo what was typed since.
  const sent = useRef<string | null>(null);
  const send = (fs: ExploreFilter[]) => {
    sent.current = key(fs);
    onChange(fs);
  };

  // The URL changed from outside (back button, a shared link): show it.
  useEffect(() => {
    if (key(filters) !== sent.current) setDraft(filters);
  }, [key(filters)]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (key(settled) !== key(filters)) send(settled);
  }, [key(settled)]); // eslint-disable-line react-hooks/exhaustive-deps

  const unused = exploreFields.filter((f) => !draft.some((d) => d.field === f));
  const set = (i: number, change: Partial<ExploreFilter>) => setDraft(draft.map((d, j) => (j === i ? { ...d, ...change } : d)));
  // A value picked from a list is final: searched at once, not after a pause in typing.
  const pick = (i: number, value: string) => {
    const next = draft.map((d, j) => (j === i ? { ...d, value } : d));
    setDraft(next);
    send(next);
  };

  return (
    <div className="space-y-2" role="group" aria-label="Filters">
      {draft.map((f, i) => (
        <div key={f.field} className="flex flex-wrap items-center gap-2" data-testid={`filter-${f.field}`}>
          <Select aria-label="Field" className="w-44!" value={f.field} onChange={(e) => set(i, refield(f, e.target.value as ExploreField))}>
            <Options values={[f.field, ...unused]} label={(field) => fieldLabels[field]} />
          </Select>
          <Select aria-label={`${fieldLabels[f.field]} operator`} className="w-36!" value={f.op} onChange={(e) => set(i, { op: e.target.value as ExploreOperator })}>
            <Options values={picked.has(f.field) ? pickedOperators(f.op) : exploreOperators} label={(op) => operatorLabels[op]} />
          </Select>
          {f.field === "connector" ? (
            <ConnectorSelect label={`${fieldLabels[f.field]} value`} value={f.value} onChange={(value) => pick(i, value)} />
          ) : (
            <Input
              aria-label={`${fieldLabels[f.field]} value`}
              className="w-64!"
              placeholder={placeholders[f.field] ?? ""}
              value={f.value}
              autoFocus={f.value === ""}
              onChange={(e) => set(i, { value: e.target.value })}
              onKeyDown={(e) => {
                if (e.key === "Enter") send(draft);
              }}
            />
          )}
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Remove the ${fieldLabels[f.field]} filter`}
            onClick={() => {
              const next = draft.filter((_, j) => j !== i);
              setDraft(next);
              send(next);
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
              send([]);
            }}
          >
            Clear filters
          </Button>
        )}
      </div>
    </div>
  );
}
