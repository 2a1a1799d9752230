// The operator's accounts: every account of the platform, searched by name or id and filtered by
// state, server-paged; opening an account (with its first owner) in a dialog.
"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { QueryTable } from "@/components/data-table/query-table";
import { ResultCount } from "@/components/data-table/result-count";
import { usePagination } from "@/components/data-table/use-pagination";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { BuildingIcon, PlusIcon, SearchIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { Segmented } from "@/components/ui/segmented";
import { useDebouncedValue } from "@/app/(dashboard)/compose/_components/use-debounced-value";
import { accountsKey, fetchAccounts, type OpenedAccount } from "./api";
import { accountColumns } from "./columns";
import { OpenAccountDialog, OwnerPasswordDialog } from "./open-account-dialog";

const states = [
  { id: "", label: "All" },
  { id: "active", label: "Active" },
  { id: "suspended", label: "Suspended" },
] as const;

export function AccountsView() {
  const [search, setSearch] = useState("");
  const [state, setState] = useState<(typeof states)[number]["id"]>("");
  const settled = useDebouncedValue(search.trim(), 250);
  const paging = usePagination(20, [settled, state]);
  const [opening, setOpening] = useState(false);
  const [opened, setOpened] = useState<OpenedAccount | null>(null);
  const query = useQuery({
    queryKey: [...accountsKey, paging.page, paging.size, settled, state],
    queryFn: () => fetchAccounts({ page: paging.page, size: paging.size, search: settled, state }),
    placeholderData: keepPreviousData,
  });
  const filtered = settled !== "" || state !== "";
  return (
    <>
      <PageHeader
        title="Accounts"
        description="Every account on the platform, with its balance and the SMS parts it sent lately. Open one to suspend it, credit it or give it its own prices."
        actions={
          <Button icon={<PlusIcon />} onClick={() => setOpening(true)}>
            Open an account
          </Button>
        }
      />
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <div className="relative min-w-56 flex-1">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-400" />
          <Input type="search" aria-label="Search accounts" placeholder="Search by name or account id" value={search} onChange={(e) => setSearch(e.target.value)} className="pl-9" />
        </div>
        <Segmented label="State" options={states} value={state} onChange={setState} />
        <ResultCount total={query.data?.totalElements} noun="account" />
      </div>
      <QueryTable
        label="Accounts"
        query={query}
        paging={paging}
        columns={accountColumns}
        getRowId={(a) => a.id}
        rowClassName={(a) => (a.state === "suspended" ? "bg-red-50/40 dark:bg-red-500/5" : undefined)}
        empty={
          filtered ? (
            <EmptyState icon={<SearchIcon size={22} />} title="No account matches" description="Try part of the name, the whole account id, or another state." />
          ) : (
            <EmptyState icon={<BuildingIcon size={22} />} title="No accounts yet" description="Open the first account for a customer: it gets an owner who signs in to the dashboard." />
          )
        }
      />
      <OpenAccountDialog open={opening} onClose={() => setOpening(false)} onOpened={setOpened} />
      <OwnerPasswordDialog opened={opened} onClose={() => setOpened(null)} />
    </>
  );
}
