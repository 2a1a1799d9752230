// The connector filter's value: one of the connectors' names, or "none" for parts no connector
// carried. The names are read once per visit; a name no longer listed (a removed connector, an
// old link) stays selectable.
"use client";
import { useQuery } from "@tanstack/react-query";
import { Options, Select } from "@/components/ui/select";
import { NO_CONNECTOR } from "@/lib/core/tracking/explore-fields";
import type { TrackingConnectors } from "@/lib/schemas/dashboard-tracking";
import { apiFetch } from "@/lib/ui/api-client";

export function ConnectorSelect({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const names = useQuery({
    queryKey: ["tracking", "connectors"],
    queryFn: () => apiFetch<TrackingConnectors>("/api/dashboard/tracking/connectors"),
    staleTime: 60_000,
  });
  const listed = names.data?.connectors ?? [];
  const extra = value && value !== NO_CONNECTOR && !listed.includes(value) ? [value] : [];
  return (
    <Select aria-label={label} className="w-64!" value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="" disabled>
        {names.isPending ? "Loading connectors…" : "Choose a connector…"}
      </option>
      <Options values={[...listed, ...extra]} />
      <option value={NO_CONNECTOR}>No connector (none)</option>
    </Select>
  );
}
