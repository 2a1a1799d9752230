// The Numbers page: your rented numbers (each opens its page) and the catalogue search, with the
// cost of a number shown before it is rented.
"use client";
import Link from "next/link";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ColumnDef } from "@tanstack/react-table";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PhoneIcon, PlusIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { QueryTable } from "@/components/data-table/query-table";
import { usePagination } from "@/components/data-table/use-pagination";
import { countryName, formatCost, formatDate } from "@/lib/ui/format";
import { fetchRented, numbersKey, type Cost, type RentedNumber } from "./api";
import { NumberSearch } from "./number-search";

const columns: ColumnDef<RentedNumber, unknown>[] = [
  {
    header: "Number",
    cell: ({ row }) => (
      <Link href={`/numbers/${row.original.msisdn.slice(1)}`} className="font-mono font-medium text-indigo-600 hover:underline dark:text-indigo-400">
        {row.original.msisdn}
      </Link>
    ),
  },
  { header: "Country", cell: ({ row }) => countryName(row.original.country) },
  { header: "Type", cell: ({ row }) => (row.original.tollFree ? <Badge tone="info">Toll-free</Badge> : <Badge>Virtual</Badge>) },
  { header: "Services", cell: ({ row }) => row.original.services.join(", ") },
  {
    header: "Pool",
    cell: ({ row }) =>
      row.original.poolName ? (
        <Link className="hover:underline" href="/pools">
          {row.original.poolName}
        </Link>
      ) : (
        <span className="text-slate-400">—</span>
      ),
  },
  {
    header: "Inbound SMS",
    cell: ({ row }) =>
      row.original.inboundSmsCallbackUrl ? (
        <Badge tone="success" dot>
          Forwarded
        </Badge>
      ) : (
        <span className="text-slate-400">Dashboard only</span>
      ),
  },
  { header: "Monthly", cell: ({ row }) => formatCost(row.original.monthlyCosts[0]), meta: { className: "text-right" } },
  { header: "Next renewal", cell: ({ row }) => formatDate(row.original.nextRenewal) },
];

export function NumbersView({ canManage, balance }: { canManage: boolean; balance: Cost }) {
  const paging = usePagination(20);
  const [searching, setSearching] = useState(false);
  const query = useQuery({
    queryKey: [...numbersKey, "rented", paging.page, paging.size],
    queryFn: () => fetchRented(paging.page, paging.size),
    placeholderData: keepPreviousData,
  });
  const showSearch = canManage && (searching || query.data?.totalElements === 0);
  const empty = (
    <EmptyState
      icon={<PhoneIcon size={22} />}
      title="No numbers yet"
      description={canManage ? "Search the catalogue above and rent a number to send from it and receive replies." : "Ask an owner or a marketer to rent one."}
    />
  );

  return (
    <>
      <PageHeader
        title="Numbers"
        description={
          <>
            Virtual and toll-free numbers to send from and receive on. Each sends at most one SMS per second; inbound messages show in the number&apos;s conversations and go to its callback. Balance:{" "}
            {formatCost(balance)}.
          </>
        }
        actions={
          // Not while the list loads: an account without numbers gets the search instead.
          canManage &&
          query.data &&
          !showSearch && (
            <Button icon={<PlusIcon />} onClick={() => setSearching(true)}>
              Rent a number
            </Button>
          )
        }
      />
      {showSearch && <NumberSearch balance={balance} onClose={query.data?.totalElements ? () => setSearching(false) : undefined} />}
      <Card className="mt-6">
        <CardHeader title="Your numbers" description="Renewed monthly from your balance; a number the balance cannot pay is released." />
        <CardBody className="p-0">
          <QueryTable label="Your numbers" query={query} columns={columns} paging={paging} getRowId={(r) => r.msisdn} empty={empty} />
        </CardBody>
      </Card>
    </>
  );
}
