// Find a number: country, type, service, area code and digits; each result shows what renting it
// costs, and renting asks for confirmation with the amount charged now and the monthly renewal.
"use client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ColumnDef } from "@tanstack/react-table";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Field } from "@/components/ui/field";
import { PhoneIcon, XIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Options, Select } from "@/components/ui/select";
import { QueryTable } from "@/components/data-table/query-table";
import { usePagination } from "@/components/data-table/use-pagination";
import { useToast } from "@/components/ui/toast";
import { ErrorNote } from "@/components/ui/error-note";
import { reasonOf } from "@/lib/ui/api-client";
import { countryName, formatCost } from "@/lib/ui/format";
import { catalogueCountries, fetchAvailable, numbersKey, rentNumber, type AvailableNumber, type AvailableSearch, type Cost } from "./api";

export function NumberSearch({ balance, onClose }: { balance: Cost; onClose?: () => void }) {
  const [search, setSearch] = useState<AvailableSearch>({ country: "US", type: "", service: "", areaCode: "", contains: "" });
  const paging = usePagination(10, [search]);
  const [renting, setRenting] = useState<AvailableNumber | null>(null);
  const northAmerica = search.country === "US" || search.country === "CA";
  const query = useQuery({
    queryKey: [...numbersKey, "available", search, paging.page, paging.size],
    queryFn: () => fetchAvailable(search, paging.page, paging.size),
    placeholderData: keepPreviousData,
  });
  const set = (patch: Partial<AvailableSearch>) => setSearch((s) => ({ ...s, ...patch }));
  const columns = useMemo<ColumnDef<AvailableNumber, unknown>[]>(
    () => [
      { header: "Number", cell: ({ row }) => <span className="font-mono font-medium">{row.original.msisdn}</span> },
      { header: "Type", cell: ({ row }) => (row.original.tollFree ? <Badge tone="info">Toll-free</Badge> : <Badge>Virtual</Badge>) },
      { header: "Services", cell: ({ row }) => row.original.services.join(", ") },
      { header: "Activation", cell: ({ row }) => formatCost(row.original.activationCosts), meta: { className: "text-right" } },
      { header: "Monthly", cell: ({ row }) => formatCost(row.original.monthlyCosts), meta: { className: "text-right" } },
      {
        id: "rent",
        header: () => <span className="sr-only">Rent</span>,
        cell: ({ row }) => (
          <Button size="sm" variant="secondary" onClick={() => setRenting(row.original)} aria-label={`Rent ${row.original.msisdn}`}>
            Rent
          </Button>
        ),
        meta: { className: "text-right" },
      },
    ],
    [],
  );

  const noMatch = <EmptyState icon={<PhoneIcon size={22} />} title="No number matches" description="Try another country, type or fewer digits." />;

  return (
    <Card>
      <CardHeader
        title="Rent a number"
        description="Costs are in your account's currency: the activation and the first month are charged when you rent."
        actions={
          onClose && (
            <Button variant="ghost" size="sm" onClick={onClose} aria-label="Close the search">
              <XIcon />
            </Button>
          )
        }
      />
      <CardBody>
        <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          <Field id="search-country" label="Country">
            <Select value={search.country} onChange={(e) => set({ country: e.target.value, type: "", areaCode: "" })}>
              <Options values={catalogueCountries} label={countryName} />
            </Select>
          </Field>
          <Field id="search-type" label="Type" hint={northAmerica ? undefined : "US and Canada only"}>
            <Select value={search.type} disabled={!northAmerica} onChange={(e) => set({ type: e.target.value as AvailableSearch["type"] })}>
              <option value="">Any</option>
              <option value="VLN">Virtual (VLN)</option>
              <option value="TOLL_FREE">Toll-free</option>
            </Select>
          </Field>
          <Field id="search-service" label="Service">
            <Select value={search.service} onChange={(e) => set({ service: e.target.value as AvailableSearch["service"] })}>
              <option value="">Any</option>
              <option value="Sms">SMS</option>
              <option value="Voice">Voice</option>
            </Select>
          </Field>
          <Field id="search-area" label="Area code" hint={northAmerica ? undefined : "US and Canada only"}>
            <Input inputMode="numeric" maxLength={3} placeholder="212" disabled={!northAmerica} value={search.areaCode} onChange={(e) => set({ areaCode: e.target.value.replace(/\D/g, "") })} />
          </Field>
          <Field id="search-digits" label="Contains digits">
            <Input inputMode="numeric" maxLength={15} placeholder="555" value={search.contains} onChange={(e) => set({ contains: e.target.value.replace(/\D/g, "") })} />
          </Field>
        </div>
        <QueryTable label="Available numbers" query={query} columns={columns} paging={paging} getRowId={(r) => r.msisdn} empty={noMatch} />
      </CardBody>
      <RentDialog number={renting} balance={balance} onClose={() => setRenting(null)} />
    </Card>
  );
}

function RentDialog({ number, balance, onClose }: { number: AvailableNumber | null; balance: Cost; onClose: () => void }) {
  const [callbackUrl, setCallbackUrl] = useState("");
  const queryClient = useQueryClient();
  const toast = useToast();
  const router = useRouter();
  const mutation = useMutation({
    mutationFn: (n: AvailableNumber) => rentNumber({ msisdn: n.msisdn, ...(callbackUrl ? { inboundSmsCallbackUrl: callbackUrl } : {}) }),
    onSuccess: async (_, n) => {
      await queryClient.invalidateQueries({ queryKey: numbersKey });
      toast({ title: `${n.msisdn} is yours`, description: "It is listed under Your numbers.", tone: "success" });
      setCallbackUrl("");
      onClose();
      router.refresh();
    },
  });
  const close = () => {
    if (mutation.isPending) return;
    mutation.reset();
    onClose();
  };
  if (!number) return null;
  const now: Cost = { price: Math.round((number.activationCosts.price + number.monthlyCosts.price) * 1e6) / 1e6, currency: number.monthlyCosts.currency };
  const renewal = new Date();
  renewal.setMonth(renewal.getMonth() + 1);
  const short = balance.currency === now.currency && balance.price < now.price;
  return (
    <Dialog
      open
      onClose={close}
      title={`Rent ${number.msisdn}`}
      description={`${number.tollFree ? "Toll-free" : "Virtual"} number in ${countryName(number.country)} · ${number.services.join(", ")}`}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button onClick={() => mutation.mutate(number)} loading={mutation.isPending} disabled={short}>
            Rent for {formatCost(now)}
          </Button>
        </>
      }
    >
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 rounded-lg border border-slate-200 p-4 text-sm dark:border-slate-800">
        <dt className="text-slate-500">Activation (once)</dt>
        <dd className="text-right tabular-nums">{formatCost(number.activationCosts)}</dd>
        <dt className="text-slate-500">First month</dt>
        <dd className="text-right tabular-nums">{formatCost(number.monthlyCosts)}</dd>
        <dt className="font-medium">Charged now</dt>
        <dd className="text-right font-medium tabular-nums">{formatCost(now)}</dd>
        <dt className="text-slate-500">Then monthly, from {renewal.toLocaleDateString("en", { day: "numeric", month: "short", year: "numeric" })}</dt>
        <dd className="text-right tabular-nums">{formatCost(number.monthlyCosts)}</dd>
        <dt className="text-slate-500">Your balance</dt>
        <dd className="text-right tabular-nums">{formatCost(balance)}</dd>
      </dl>
      <div className="mt-4">
        <Field id="rent-callback" label="Inbound SMS callback URL" optional hint="Switchboard POSTs every SMS this number receives here. You can set it later.">
          <Input type="url" placeholder="https://example.com/hooks/inbound" value={callbackUrl} onChange={(e) => setCallbackUrl(e.target.value)} />
        </Field>
      </div>
      {(short || mutation.error) && (
        <ErrorNote className="mt-4">{short ? "Your balance does not cover the activation and the first month. Top up first." : reasonOf(mutation.error, "The number could not be rented.")}</ErrorNote>
      )}
    </Dialog>
  );
}
