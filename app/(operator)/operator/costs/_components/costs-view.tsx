// The Costs page: what each connector charges per part, by country (or country and network),
// which least-cost routes order connectors by and which margins are reckoned with. A CSV file
// per connector replaces its list; the current list downloads as the same file.
"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useRef } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorNote } from "@/components/ui/error-note";
import { DownloadIcon, UploadIcon, WalletIcon } from "@/components/ui/icons";
import { Field } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { StaticTable } from "@/components/ui/static-table";
import { useToast } from "@/components/ui/toast";
import { countryName, formatPrice } from "@/lib/ui/format";
import { problemOf } from "@/lib/ui/api-client";
import { connectorsKey, costsCsvUrl, costsKey, fetchConnectors, fetchCosts, importCosts, type ConnectorCost } from "../../connectors/_components/connectors-api";

const columns = [
  { header: "Country", cell: (c: ConnectorCost) => `${countryName(c.country)} (${c.country})` },
  { header: "Network", cell: (c: ConnectorCost) => c.network || "all networks" },
  { header: "Cost per part", cell: (c: ConnectorCost) => formatPrice(c.cost, c.currency), className: "text-right tabular-nums" },
];

export function CostsView({ connectorId }: { connectorId: string }) {
  const router = useRouter();
  const connectors = useQuery({ queryKey: connectorsKey, queryFn: fetchConnectors });
  const list = connectors.data?.content ?? [];
  const chosen = list.find((c) => c.id === connectorId) ?? list[0];
  return (
    <>
      <PageHeader title="Costs" description="What each connector charges per part. Least-cost routes try the cheapest connector for the destination first; a network's cost beats its country's." />
      {connectors.isLoading ? (
        <Skeleton className="h-40" />
      ) : !chosen ? (
        <Card>
          <EmptyState icon={<WalletIcon size={22} />} title="No connectors yet" description="Add a connector first; then import its costs here." />
        </Card>
      ) : (
        <div className="space-y-6">
          <Field id="costs-connector" label="Connector" className="max-w-xs">
            <Select value={chosen.id} onChange={(e) => router.replace(`/operator/costs?connector=${e.target.value}`)}>
              {list.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
          </Field>
          <ConnectorCosts id={chosen.id} name={chosen.name} />
        </div>
      )}
    </>
  );
}

function ConnectorCosts({ id, name }: { id: string; name: string }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const file = useRef<HTMLInputElement>(null);
  const costs = useQuery({ queryKey: costsKey(id), queryFn: () => fetchCosts(id) });
  const upload = useMutation({
    mutationFn: async (f: File) => importCosts(id, await f.text()),
    onSuccess: async (r) => {
      await queryClient.invalidateQueries({ queryKey: costsKey(id) });
      toast({ title: `${r.imported} costs imported for ${name}`, tone: "success" });
    },
    onSettled: () => {
      if (file.current) file.current.value = "";
    },
  });
  const rows = costs.data?.content ?? [];
  return (
    <Card>
      <CardHeader
        title={`Costs of ${name}`}
        description="CSV columns: country,network,cost (and optionally currency). An import replaces the whole list."
        actions={
          <div className="flex gap-2">
            <input
              ref={file}
              type="file"
              accept=".csv,text/csv"
              className="sr-only"
              aria-label={`CSV file of ${name}'s costs`}
              onChange={(e) => {
                const f = e.target.files?.[0];
                if (f) upload.mutate(f);
              }}
            />
            <Button size="sm" variant="secondary" icon={<UploadIcon />} loading={upload.isPending} onClick={() => file.current?.click()}>
              Import CSV
            </Button>
            <a href={costsCsvUrl(id)} download className={buttonClasses("secondary", "sm")}>
              <DownloadIcon />
              Export CSV
            </a>
          </div>
        }
      />
      <CardBody className="space-y-4">
        {upload.isError && <ErrorNote>{problemOf(upload.error, "The file could not be imported.")}</ErrorNote>}
        {costs.isLoading ? (
          <Skeleton className="h-24" />
        ) : (
          <StaticTable
            label={`Costs of ${name}`}
            columns={columns}
            rows={rows}
            getRowId={(c) => `${c.country} ${c.network}`}
            empty={<p className="px-4 py-8 text-center text-sm text-slate-500">No costs yet: least-cost routes try this connector last. Import a CSV file to add them.</p>}
          />
        )}
      </CardBody>
    </Card>
  );
}
