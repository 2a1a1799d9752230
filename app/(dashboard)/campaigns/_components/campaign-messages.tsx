// A campaign's messages, server-paged, filtered by status or number, each linking to its own
// page; before the campaign starts, its recipients with the text each one will get.
"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import { useState } from "react";
import { StatusBadge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import type { ReactNode } from "react";
import { Input } from "@/components/ui/input";
import { Options, Select } from "@/components/ui/select";
import { Time } from "@/components/ui/time";
import { QueryTable } from "@/components/data-table/query-table";
import { usePagination } from "@/components/data-table/use-pagination";
import { countryName, formatPrice, plural } from "@/lib/ui/format";
import { useDebouncedValue } from "../../compose/_components/use-debounced-value";
import { campaignKey, fetchCampaignMessages, fetchCampaignRecipients, type CampaignMessage, type CampaignRecipient } from "./api";

const statuses = ["Queued", "Sent", "Delivered", "Undelivered", "Failed", "Unsent"];
const mcol = createColumnHelper<CampaignMessage>();
const rcol = createColumnHelper<CampaignRecipient>();

/** The number, with the contact's name under it; a link to the message once there is one. */
function Recipient({ number, name, href }: { number: string; name: string; href?: string }) {
  const hover = href && "group-hover:text-indigo-600 group-hover:underline dark:group-hover:text-indigo-300";
  const lines = (
    <>
      <span className={cn("block font-medium text-slate-900 tabular-nums dark:text-slate-100", hover)}>{number}</span>
      {name && <span className="block truncate text-xs text-slate-500 dark:text-slate-400">{name}</span>}
    </>
  );
  if (!href) return <span className="block min-w-0">{lines}</span>;
  return (
    <Link href={href} className="group block min-w-0 focus-visible:outline-2 focus-visible:outline-indigo-500">
      {lines}
    </Link>
  );
}

const textCell = ({ getValue }: { getValue: () => string }) => (
  <span className="line-clamp-2 max-w-md text-sm" title={getValue()}>
    {getValue()}
  </span>
);
const partsCell = ({ getValue }: { getValue: () => number }) => <span className="tabular-nums">{getValue()}</span>;

const messageColumns = [
  mcol.accessor("to", { header: "To", cell: ({ row }) => <Recipient number={row.original.to} name={row.original.contactName} href={`/messages/${row.original.trackingId}`} /> }),
  mcol.accessor("body", { header: "Text", cell: textCell, meta: { className: "hidden md:table-cell" } }),
  mcol.accessor("status", {
    header: "Status",
    cell: ({ row }) => (
      <span className="flex flex-col items-start gap-0.5">
        <StatusBadge status={row.original.status} />
        {row.original.detailedStatus && row.original.detailedStatus !== row.original.status && <span className="text-xs text-slate-500 dark:text-slate-400">{row.original.detailedStatus}</span>}
      </span>
    ),
  }),
  mcol.accessor("parts", { header: "Parts", cell: partsCell, meta: { className: "hidden text-right sm:table-cell" } }),
  mcol.accessor("price", {
    header: "Price",
    cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatPrice(row.original.price, row.original.currency)}</span>,
    meta: { className: "hidden text-right lg:table-cell" },
  }),
  mcol.accessor("statusAt", {
    header: "Updated",
    cell: ({ getValue }) => <Time at={getValue()} show="relative" className="text-xs whitespace-nowrap" />,
    meta: { className: "hidden text-right sm:table-cell" },
  }),
];

function recipientColumns(currency: string) {
  return [
    rcol.accessor("mobile", { header: "To", cell: ({ row }) => <Recipient number={row.original.mobile} name={row.original.contactName} /> }),
    rcol.accessor("text", { header: "Text it will get", cell: textCell }),
    rcol.accessor("country", { header: "Country", cell: ({ getValue }) => <span title={countryName(getValue())}>{getValue()}</span>, meta: { className: "hidden sm:table-cell" } }),
    rcol.accessor("parts", { header: "Parts", cell: partsCell, meta: { className: "hidden text-right sm:table-cell" } }),
    rcol.accessor("price", {
      header: "Price",
      cell: ({ getValue }) => <span className="whitespace-nowrap tabular-nums">{formatPrice(getValue(), currency)}</span>,
      meta: { className: "hidden text-right lg:table-cell" },
    }),
  ];
}

export function CampaignMessages({ id, live, started, currency }: { id: string; live: boolean; started: boolean; currency: string }) {
  const [status, setStatus] = useState("");
  const [search, setSearch] = useState("");
  const settled = useDebouncedValue(search.trim(), 300);
  const paging = usePagination(20, [status, settled]);
  const params = { page: paging.page, size: paging.size, search: settled };

  const messages = useQuery({
    queryKey: [...campaignKey(id), "messages", params, status],
    queryFn: () => fetchCampaignMessages(id, { ...params, status }),
    enabled: started,
    placeholderData: keepPreviousData,
    refetchInterval: live ? 3000 : false,
  });
  const recipients = useQuery({
    queryKey: [...campaignKey(id), "recipients", params],
    queryFn: () => fetchCampaignRecipients(id, params),
    enabled: !started,
    placeholderData: keepPreviousData,
  });

  const filters = (
    <div className="flex flex-wrap items-center gap-2">
      {started && (
        <Select aria-label="Filter by status" className="h-9! w-40!" value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">Every status</option>
          <Options values={statuses} />
        </Select>
      )}
      <Input type="search" aria-label="Search by number" placeholder="Search by number" className="h-9! w-44!" value={search} onChange={(e) => setSearch(e.target.value)} />
    </div>
  );

  if (!started) {
    const page = recipients.data;
    const empty = settled ? "No recipient has that number." : "No recipients.";
    return (
      <section aria-label="Recipients">
        <SectionHeader
          title="Recipients"
          description={page ? `${plural(page.totalElements, "recipient")}, each with its own text. Messages appear here once the campaign starts.` : "What each recipient will get."}
          actions={filters}
        />
        <QueryTable label="Campaign recipients" query={recipients} columns={recipientColumns(currency)} paging={paging} getRowId={(r) => String(r.seq)} empty={empty} quietRefetch />
      </section>
    );
  }
  const empty = status || settled ? "No message matches." : "No messages yet: they are written batch by batch as the campaign runs.";
  return (
    <section aria-label="Messages">
      <SectionHeader title="Messages" description="Open a message for its parts, status history and delivery reports." actions={filters} />
      <QueryTable label="Campaign messages" query={messages} columns={messageColumns} paging={paging} getRowId={(m) => m.trackingId} empty={empty} quietRefetch />
    </section>
  );
}

function SectionHeader({ title, description, actions }: { title: string; description: ReactNode; actions: ReactNode }) {
  return (
    <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        <h2 className="text-base font-semibold text-slate-900 dark:text-white">{title}</h2>
        <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">{description}</p>
      </div>
      {actions}
    </div>
  );
}
