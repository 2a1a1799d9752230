// Columns of the contacts table: selection, mobile, name, email, country, groups, blacklists,
// created, and the row's actions.
import { createColumnHelper } from "@tanstack/react-table";
import { BadgeList } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TrashIcon } from "@/components/ui/icons";
import { Time } from "@/components/ui/time";
import { nameOf, serviceLabel } from "@/lib/ui/format";
import type { DashboardContact } from "./api";
import { countryName } from "./countries";
import { PencilIcon, StarIcon } from "@/components/ui/icons";

const col = createColumnHelper<DashboardContact>();

export interface ColumnOptions {
  canEdit: boolean;
  selected: ReadonlySet<string>;
  pageIds: string[];
  onToggle: (id: string, on: boolean) => void;
  onTogglePage: (on: boolean) => void;
  onOpen: (c: DashboardContact) => void;
  onDelete: (c: DashboardContact) => void;
}

const muted = <span className="text-slate-400 dark:text-slate-500">—</span>;

export function contactColumns(o: ColumnOptions) {
  const allOnPage = o.pageIds.length > 0 && o.pageIds.every((id) => o.selected.has(id));
  const someOnPage = o.pageIds.some((id) => o.selected.has(id));
  return [
    ...(o.canEdit
      ? [
          col.display({
            id: "select",
            header: () => (
              <input
                type="checkbox"
                aria-label="Select every contact on this page"
                className="size-4 cursor-pointer rounded accent-indigo-600 align-middle"
                checked={allOnPage}
                ref={(el) => {
                  if (el) el.indeterminate = someOnPage && !allOnPage;
                }}
                onChange={(e) => o.onTogglePage(e.target.checked)}
              />
            ),
            cell: ({ row }) => (
              <input
                type="checkbox"
                aria-label={`Select ${nameOf(row.original)}`}
                className="size-4 cursor-pointer rounded accent-indigo-600 align-middle"
                checked={o.selected.has(row.original.id)}
                onChange={(e) => o.onToggle(row.original.id, e.target.checked)}
              />
            ),
            meta: { className: "w-px pr-0" },
          }),
        ]
      : []),
    col.accessor("mobile", {
      header: "Mobile",
      cell: ({ row }) => (
        <button
          type="button"
          onClick={() => o.onOpen(row.original)}
          className="rounded font-mono text-[13px] whitespace-nowrap text-slate-900 hover:text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-100 dark:hover:text-indigo-300"
          title="Open contact"
        >
          {row.original.mobile}
        </button>
      ),
    }),
    col.display({
      id: "name",
      header: "Name and email",
      cell: ({ row }) => {
        const c = row.original;
        const name = `${c.firstName} ${c.lastName}`.trim();
        return (
          <div className="min-w-0">
            <span className="flex items-center gap-1.5">
              {name ? <span className="max-w-56 truncate font-medium text-slate-900 dark:text-slate-100">{name}</span> : <span className="text-slate-400 dark:text-slate-500">No name</span>}
              {c.vip && (
                <span title="VIP" className="text-amber-500">
                  <StarIcon size={14} fill="currentColor" />
                  <span className="sr-only">VIP</span>
                </span>
              )}
            </span>
            {c.email && (
              <span className="block max-w-64 truncate text-xs text-slate-500 dark:text-slate-400" title={c.email}>
                {c.email}
              </span>
            )}
          </div>
        );
      },
    }),
    col.accessor("country", {
      header: "Country",
      cell: ({ getValue }) =>
        getValue() ? (
          <abbr title={countryName(getValue())} className="no-underline">
            {getValue()}
          </abbr>
        ) : (
          muted
        ),
      meta: { className: "hidden lg:table-cell" },
    }),
    col.accessor("groups", {
      header: "Groups",
      cell: ({ getValue }) => <GroupBadges groups={getValue()} />,
      meta: { className: "hidden sm:table-cell" },
    }),
    col.accessor("blacklistedServices", {
      header: "Blacklisted",
      cell: ({ getValue }) => (getValue().length ? <BadgeList items={getValue().map(serviceLabel)} tone="danger" /> : muted),
      meta: { className: "hidden md:table-cell" },
    }),
    col.accessor("createdAt", { header: "Created", cell: ({ getValue }) => <Time at={getValue()} show="date" className="whitespace-nowrap" />, meta: { className: "hidden xl:table-cell" } }),
    col.display({
      id: "actions",
      // The positioned wrapper keeps the hidden text inside the table's scroll box.
      header: () => (
        <span className="relative">
          <span className="sr-only">Actions</span>
        </span>
      ),
      cell: ({ row }) => (
        <span className="flex justify-end gap-0.5">
          <Button variant="ghost" size="sm" onClick={() => o.onOpen(row.original)} aria-label={`${o.canEdit ? "Edit" : "View"} ${nameOf(row.original)}`} title={o.canEdit ? "Edit" : "View"}>
            <PencilIcon size={15} />
          </Button>
          {o.canEdit && (
            <Button variant="danger-ghost" size="sm" onClick={() => o.onDelete(row.original)} aria-label={`Delete ${nameOf(row.original)}`} title="Delete">
              <TrashIcon size={15} />
            </Button>
          )}
        </span>
      ),
      meta: { className: "w-px text-right" },
    }),
  ];
}

export function GroupBadges({ groups, max = 2 }: { groups: string[]; max?: number }) {
  if (!groups.length) return muted;
  return <BadgeList items={groups} max={max} tone="accent" />;
}
