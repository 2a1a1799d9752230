// The account's audit log: newest first, server-paged, filtered by who, what and which days, and
// downloaded as CSV with the same filters.
"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { QueryTable } from "@/components/data-table/query-table";
import { ResultCount } from "@/components/data-table/result-count";
import { usePagination } from "@/components/data-table/use-pagination";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { SearchIcon, ShieldIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { BackLink } from "@/components/ui/back-link";
import { PageHeader } from "@/components/ui/page-header";
import { Options, Select } from "@/components/ui/select";
import { useDebouncedValue } from "@/app/(dashboard)/compose/_components/use-debounced-value";
import { auditKey, exportUrl, fetchAuditEvents, type AuditFilters } from "./api";
import { auditColumns } from "./columns";

export function AuditView({ accountName }: { accountName: string }) {
  const [filters, setFilters] = useState<AuditFilters>({ actor: "", action: "", from: "", to: "" });
  const actor = useDebouncedValue(filters.actor.trim(), 250);
  const settled = { ...filters, actor };
  const paging = usePagination(50, [settled]);
  const query = useQuery({
    queryKey: [...auditKey, paging.page, paging.size, settled],
    queryFn: () => fetchAuditEvents(settled, paging.page, paging.size),
    placeholderData: keepPreviousData,
  });
  const set = (patch: Partial<AuditFilters>) => setFilters((f) => ({ ...f, ...patch }));
  const filtered = Object.values(settled).some(Boolean);
  const actions = query.data?.actions ?? [];
  return (
    <>
      <BackLink href="/settings">Settings</BackLink>
      <PageHeader
        title="Audit log"
        description={`Who signed in to ${accountName}, changed users, applications and secrets, sent or deleted campaigns, rented numbers or downloaded exports: with the address they came from.`}
        actions={
          <a href={exportUrl(settled)} download className={buttonClasses("secondary", "sm")}>
            Download CSV
          </a>
        }
      />
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <div className="relative min-w-56 flex-1">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-400" />
          <Input type="search" aria-label="Who" placeholder="Who: part of an email or application name" value={filters.actor} onChange={(e) => set({ actor: e.target.value })} className="pl-9" />
        </div>
        <div className="w-56">
          <Select aria-label="Action" value={filters.action} onChange={(e) => set({ action: e.target.value })}>
            <option value="">Every action</option>
            <Options values={actions} />
          </Select>
        </div>
        <span className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <label htmlFor="audit-from">From</label>
          <Input id="audit-from" type="date" value={filters.from} onChange={(e) => set({ from: e.target.value })} className="w-40" />
          <label htmlFor="audit-to">to</label>
          <Input id="audit-to" type="date" value={filters.to} onChange={(e) => set({ to: e.target.value })} className="w-40" />
        </span>
        <ResultCount total={query.data?.totalElements} noun="event" />
      </div>
      <QueryTable
        label="Audit log"
        query={query}
        paging={paging}
        columns={auditColumns}
        getRowId={(e) => e.id}
        empty={
          filtered ? (
            <EmptyState icon={<SearchIcon size={22} />} title="No event matches" description="Try another name, action or days." />
          ) : (
            <EmptyState
              icon={<ShieldIcon size={22} />}
              title="Nothing recorded yet"
              description="Sign-ins, changes of users, applications and secrets, campaigns and exports appear here as they happen."
            />
          )
        }
      />
    </>
  );
}
