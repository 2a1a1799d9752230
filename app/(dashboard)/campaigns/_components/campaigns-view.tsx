// The campaign list: a server-paged table with state filters and a name search, refreshing
// while any campaign on the page is sending (and now and then while one waits for its time).
"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { EmptyState } from "@/components/ui/empty-state";
import { MegaphoneIcon, PlusIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { Segmented } from "@/components/ui/segmented";
import { QueryTable } from "@/components/data-table/query-table";
import { usePagination } from "@/components/data-table/use-pagination";
import { useDebouncedValue } from "../../compose/_components/use-debounced-value";
import { campaignsKey, fetchCampaigns } from "./api";
import { campaignColumns } from "./columns";

const filters = [
  { id: "all", label: "All", states: "" },
  { id: "scheduled", label: "Scheduled", states: "Scheduled" },
  { id: "sending", label: "Sending", states: "Queued,Running,Sent" },
  { id: "finished", label: "Finished", states: "Finished" },
  { id: "failed", label: "Failed", states: "Failed" },
] as const;

const sending = new Set(["Queued", "Running", "Sent"]);

export function CampaignsView({ canEdit }: { canEdit: boolean }) {
  const [filter, setFilter] = useState<(typeof filters)[number]["id"]>("all");
  const [name, setName] = useState("");
  // ?unnamed=true (a shareable link) also lists campaigns sent through the API without a name.
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const [unnamed, setUnnamedState] = useState(params.get("unnamed") === "true");
  const setUnnamed = (on: boolean) => {
    setUnnamedState(on);
    router.replace(on ? `${pathname}?unnamed=true` : pathname, { scroll: false });
  };
  const search = useDebouncedValue(name.trim(), 300);
  const states = filters.find((f) => f.id === filter)!.states;
  const paging = usePagination(20, [states, search, unnamed]);

  const query = useQuery({
    queryKey: [...campaignsKey, "list", paging.page, paging.size, states, search, unnamed],
    queryFn: () => fetchCampaigns({ page: paging.page, size: paging.size, state: states, name: search, unnamed }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => {
      const rows = q.state.data?.content ?? [];
      if (rows.some((c) => sending.has(c.state))) return 3000;
      return rows.some((c) => c.state === "Scheduled") ? 30_000 : false;
    },
  });
  const filtered = Boolean(states || search);

  const newButton = canEdit && (
    <Link href="/campaigns/new" className={buttonClasses("primary")}>
      <PlusIcon />
      New campaign
    </Link>
  );

  const empty = filtered ? (
    <EmptyState
      icon={<MegaphoneIcon size={22} />}
      title="No campaigns match"
      description="Try another state or clear the search."
      action={
        <Button
          variant="secondary"
          onClick={() => {
            setFilter("all");
            setName("");
          }}
        >
          Clear filters
        </Button>
      }
    />
  ) : (
    <EmptyState
      icon={<MegaphoneIcon size={22} />}
      title="No campaigns yet"
      description={
        <>
          A campaign sends one SMS to many people at once — your contact groups, picked contacts or a pasted list of numbers — personalised with each contact's name, now or at the time you choose.
          {!canEdit && " Ask an owner or a marketer to start one."}
          {!unnamed && " Campaigns sent through the API without a campaignName are listed only when you ask."}
        </>
      }
      action={
        !unnamed ? (
          <Button variant="secondary" onClick={() => setUnnamed(true)}>
            Show unnamed (API) campaigns
          </Button>
        ) : (
          canEdit && (
            <Link href="/campaigns/new" className={buttonClasses("primary")}>
              <PlusIcon />
              Create your first campaign
            </Link>
          )
        )
      }
    />
  );

  return (
    <>
      <PageHeader title="Campaigns" description="Bulk SMS to your contacts and groups: scheduled, personalised, and followed live until every message has its final status." actions={newButton} />

      <div className="mb-3 flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <Segmented label="Filter by state" options={filters} value={filter} onChange={setFilter} />
        <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
          <Checkbox label="Show unnamed (API) campaigns" checked={unnamed} onChange={(e) => setUnnamed(e.target.checked)} />
          <Input type="search" aria-label="Search campaigns by name" placeholder="Search by name" className="w-56!" value={name} onChange={(e) => setName(e.target.value)} />
        </div>
      </div>

      <QueryTable label="Campaigns" query={query} columns={campaignColumns} paging={paging} getRowId={(c) => c.trackingId} empty={empty} quietRefetch />
    </>
  );
}
