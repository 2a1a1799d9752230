// The log's filters, each one a URL parameter: kind, state, destination host, the resource's
// trackingId and a time window. Text fields apply when they lose focus or on Enter.
"use client";
import { Input } from "@/components/ui/input";
import { Options, Select } from "@/components/ui/select";
import { Label } from "@/components/ui/field";
import { callbackKinds, deliveryStates } from "@/lib/core/callbacks/delivery-states";
import { capitalize } from "@/lib/ui/format";

export const filterKeys = ["kind", "state", "host", "resource", "from", "to"] as const;

export function DeliveryFilters({ values, onChange }: { values: Record<string, string>; onChange: (changes: Record<string, string>) => void }) {
  const text = (key: string, label: string, placeholder: string, type = "text") => (
    <div className="min-w-40 flex-1">
      <Label htmlFor={`wh-${key}`}>{label}</Label>
      <Input
        id={`wh-${key}`}
        key={values[key] ?? ""}
        type={type}
        placeholder={placeholder}
        defaultValue={type === "datetime-local" ? (values[key] ?? "").slice(0, 16) : (values[key] ?? "")}
        onBlur={(e) => e.currentTarget.value !== (values[key] ?? "") && onChange({ [key]: e.currentTarget.value.trim(), open: "" })}
        onKeyDown={(e) => e.key === "Enter" && onChange({ [key]: e.currentTarget.value.trim(), open: "" })}
      />
    </div>
  );
  return (
    <div className="flex flex-wrap items-end gap-3 border-b border-slate-200 px-5 py-4 dark:border-slate-800" role="search" aria-label="Filter deliveries">
      <div className="min-w-36">
        <Label htmlFor="wh-kind">Kind</Label>
        <Select id="wh-kind" value={values.kind ?? ""} onChange={(e) => onChange({ kind: e.target.value, open: "" })}>
          <option value="">Every kind</option>
          <Options values={callbackKinds} />
        </Select>
      </div>
      <div className="min-w-36">
        <Label htmlFor="wh-state">State</Label>
        <Select id="wh-state" value={values.state ?? ""} onChange={(e) => onChange({ state: e.target.value, open: "" })}>
          <option value="">Every state</option>
          <Options values={deliveryStates} label={capitalize} />
        </Select>
      </div>
      {text("host", "Destination host", "hooks.example.com")}
      {text("resource", "Message or campaign", "trackingId")}
      {text("from", "From", "", "datetime-local")}
      {text("to", "To", "", "datetime-local")}
    </div>
  );
}
