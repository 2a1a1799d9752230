// The account's own price list: a price per part for a country or one of its networks that
// replaces the system price wherever the account is charged. Set one row in a dialog, or replace
// the whole list from a CSV file (the export is the same file, to edit and import back).
"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorNote } from "@/components/ui/error-note";
import { DownloadIcon, PlusIcon, TagIcon, TrashIcon, UploadIcon } from "@/components/ui/icons";
import { LoadError } from "@/components/ui/load-error";
import { Skeletons } from "@/components/ui/skeleton";
import { StaticTable } from "@/components/ui/static-table";
import { useToast } from "@/components/ui/toast";
import { countOf, formatPrice } from "@/lib/ui/format";
import { accountKey, fetchPrices, importPrices, pricesExportUrl, removePrice, type AccountPriceView } from "./api";
import { PriceDialog } from "./price-dialog";

export function PricesCard({ accountId }: { accountId: string }) {
  const key = [...accountKey(accountId), "prices"];
  const queryClient = useQueryClient();
  const toast = useToast();
  const prices = useQuery({ queryKey: key, queryFn: () => fetchPrices(accountId) });
  const [adding, setAdding] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const upload = useMutation({
    mutationFn: async (f: File) => importPrices(accountId, await f.text()),
    onSuccess: async (r) => {
      await refresh();
      toast({ tone: "success", title: "Prices imported", description: `The account's price list now has ${countOf(r.imported, "price")}.` });
    },
  });
  const remove = useMutation({
    mutationFn: (p: AccountPriceView) => removePrice(accountId, p),
    onSuccess: refresh,
    onError: (err) => toast({ tone: "error", title: "The price was not removed", description: err.message }),
  });
  const currency = prices.data?.currency ?? "";
  const rows = prices.data?.content ?? [];
  return (
    <Card>
      <CardHeader
        title="Own prices"
        description={`Per SMS part, in ${currency || "the account's currency"}: they replace the system prices for single SMS, campaigns and OTP, in charges and in estimates. Importing a file replaces the whole list.`}
        actions={
          <>
            <input
              ref={file}
              type="file"
              accept=".csv,text/csv"
              className="sr-only"
              aria-label="Price list CSV file"
              data-testid="price-csv-input"
              onChange={(e) => {
                const f = e.target.files?.[0];
                e.target.value = "";
                if (f) upload.mutate(f);
              }}
            />
            <Button variant="secondary" size="sm" icon={<UploadIcon />} loading={upload.isPending} onClick={() => file.current?.click()}>
              Import CSV
            </Button>
            <a href={pricesExportUrl(accountId)} download className={buttonClasses("secondary", "sm")}>
              <DownloadIcon /> Export CSV
            </a>
            <Button size="sm" icon={<PlusIcon />} onClick={() => setAdding(true)}>
              Set a price
            </Button>
          </>
        }
      />
      {upload.isError && (
        <div className="px-5 pb-4">
          <ErrorNote>
            <p>{upload.error.message}</p>
            <p className="mt-1 text-xs">The file needs the columns country, network (MCC-MNC, empty for the whole country) and price.</p>
          </ErrorNote>
        </div>
      )}
      {prices.isError ? (
        <LoadError what="Prices" message={prices.error.message} onRetry={() => prices.refetch()} />
      ) : prices.isPending ? (
        <Skeletons className="space-y-3 p-5" sizes={Array(3).fill("h-8 w-full")} />
      ) : (
        <StaticTable
          label="Own prices"
          rows={rows}
          getRowId={(p) => `${p.country}/${p.network}`}
          empty={<EmptyState icon={<TagIcon size={22} />} title="The system prices apply" description="Set a price for a country or a network, or import a CSV file, to give this account its own." />}
          columns={[
            { header: "Country", cell: (p) => `${p.countryName} (${p.country})` },
            { header: "Network", cell: (p) => (p.network ? `${p.networkName || "Network"} · ${p.network}` : <span className="text-slate-500 dark:text-slate-400">Every network</span>) },
            { header: "Price", className: "text-right tabular-nums", cell: (p) => <span className="font-medium text-slate-900 dark:text-slate-100">{formatPrice(p.price, currency)}</span> },
            { header: "System price", className: "hidden text-right tabular-nums sm:table-cell", cell: (p) => (p.systemPrice === null ? "—" : formatPrice(p.systemPrice, currency)) },
            {
              header: <span className="sr-only">Actions</span>,
              className: "w-12 text-right",
              cell: (p) => (
                <Button
                  variant="danger-ghost"
                  size="sm"
                  aria-label={`Remove the price for ${p.country}${p.network ? ` ${p.network}` : ""}`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(p)}
                >
                  <TrashIcon />
                </Button>
              ),
            },
          ]}
        />
      )}
      <PriceDialog accountId={accountId} currency={currency} refresh={key} open={adding} onClose={() => setAdding(false)} />
    </Card>
  );
}
