// The Contacts page: groups on the left as filters, a server-paged table searched by name,
// mobile or email, a side panel to create and edit, and actions on the selected rows.
"use client";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useCallback, useEffect, useMemo, useState } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PlusIcon, UsersIcon, XIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { Select } from "@/components/ui/select";
import { QueryTable } from "@/components/data-table/query-table";
import { ResultCount } from "@/components/data-table/result-count";
import { usePagination } from "@/components/data-table/use-pagination";
import { useToast } from "@/components/ui/toast";
import { useDebouncedValue } from "../../compose/_components/use-debounced-value";
import {
  contactsKey,
  contactsPageKey,
  deleteContact,
  fetchContacts,
  fetchGroups,
  fetchLabels,
  groupLabel,
  groupsKey,
  labelsKey,
  type DashboardContact,
  type DashboardGroup,
  type DashboardLabel,
} from "./api";
import { BulkBar } from "./bulk-bar";
import { contactColumns } from "./contact-columns";
import { ContactDrawer } from "./contact-drawer";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ContactsTabs } from "./contacts-tabs";
import { nameOf } from "@/lib/ui/format";
import { SearchIcon, UploadIcon } from "@/components/ui/icons";

// Stable fallbacks while loading: the drawer resets its form when its labels change.
const noGroups: DashboardGroup[] = [];
const noLabels: DashboardLabel[] = [];

export function ContactsView({ canEdit, initialGroup, initialSearch }: { canEdit: boolean; initialGroup: string; initialSearch: string }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [search, setSearch] = useState(initialSearch);
  const [group, setGroup] = useState(initialGroup);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [open, setOpen] = useState<DashboardContact | "new" | null>(null);
  const [deleting, setDeleting] = useState<DashboardContact | null>(null);
  const settledSearch = useDebouncedValue(search, 250);
  // A new search or group starts at its first page.
  const paging = usePagination(25, [settledSearch, group]);

  // The filters live in the address bar, so a link can open a group and the back button works.
  useEffect(() => {
    const params = new URLSearchParams();
    if (group) params.set("group", group);
    if (settledSearch.trim()) params.set("q", settledSearch.trim());
    const next = `/contacts${params.toString() ? `?${params}` : ""}`;
    if (next !== window.location.pathname + window.location.search) window.history.replaceState(null, "", next);
  }, [group, settledSearch]);

  // A new search or group also starts with nothing selected: an action never reaches rows that
  // are no longer on screen.
  useEffect(() => {
    setSelected(new Set());
  }, [settledSearch, group]);

  const q = { page: paging.page, size: paging.size, search: settledSearch, group };
  const page = useQuery({ queryKey: contactsPageKey(q), queryFn: () => fetchContacts(q), placeholderData: keepPreviousData });
  const groups = useQuery({ queryKey: groupsKey, queryFn: fetchGroups });
  const labels = useQuery({ queryKey: labelsKey, queryFn: fetchLabels });
  const rows = useMemo(() => page.data?.content ?? [], [page.data]);

  const toggle = useCallback((id: string, on: boolean) => {
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const pageIds = useMemo(() => rows.map((r) => r.id), [rows]);
  const togglePage = useCallback(
    (on: boolean) =>
      setSelected((s) => {
        const next = new Set(s);
        for (const id of pageIds) on ? next.add(id) : next.delete(id);
        return next;
      }),
    [pageIds],
  );
  const columns = useMemo(
    () => contactColumns({ canEdit, selected, pageIds, onToggle: toggle, onTogglePage: togglePage, onOpen: setOpen, onDelete: setDeleting }),
    [canEdit, selected, pageIds, toggle, togglePage],
  );

  const filtered = Boolean(settledSearch.trim()) || (group !== "" && group !== "All");
  const groupList = groups.data ?? noGroups;
  const chooseGroup = (name: string) => setGroup(name === "All" ? "" : name);

  const actions = canEdit && (
    <>
      <Link href="/contacts/import" className={buttonClasses("secondary")}>
        <UploadIcon />
        Import CSV
      </Link>
      <Button icon={<PlusIcon />} onClick={() => setOpen("new")}>
        New contact
      </Button>
    </>
  );

  const empty = settledSearch.trim() ? (
    <EmptyState
      icon={<SearchIcon size={22} />}
      title={`No contacts match “${settledSearch.trim()}”`}
      description="Search looks at first and last names, mobile numbers and email addresses."
      action={
        <Button variant="secondary" onClick={() => setSearch("")}>
          Clear search
        </Button>
      }
    />
  ) : filtered ? (
    <EmptyState
      icon={<UsersIcon size={22} />}
      title={group === "NotListed" ? "Every contact is in a group" : `No one in “${groupLabel(group)}” yet`}
      description={group === "NotListed" ? undefined : "Select contacts in All contacts and choose Add to group, or import a CSV straight into this group."}
      action={
        <Button variant="secondary" onClick={() => chooseGroup("")}>
          Show all contacts
        </Button>
      }
    />
  ) : (
    <EmptyState
      icon={<UsersIcon size={22} />}
      title="Your address book is empty"
      description={
        <>
          Contacts are the people your campaigns go to. Import a spreadsheet of thousands at once, or add them one by one; then organise them in groups and send to a whole group.
          {!canEdit && " Ask an owner or a marketer to add them."}
        </>
      }
      action={
        canEdit && (
          <>
            <Link href="/contacts/import" className={buttonClasses("primary")}>
              <UploadIcon />
              Import a CSV file
            </Link>
            <Button icon={<PlusIcon />} variant="secondary" onClick={() => setOpen("new")}>
              Add a contact
            </Button>
          </>
        )
      }
    />
  );

  return (
    <>
      <PageHeader title="Contacts" description="Everyone your campaigns can reach, organised in groups. Blacklisted contacts are left out of every campaign." actions={actions} />
      <ContactsTabs active="/contacts" />

      <div className="mb-3 flex flex-wrap items-center gap-3">
        <div className="relative min-w-56 flex-1">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-400" />
          <Input type="search" aria-label="Search contacts" placeholder="Search by name, mobile or email" value={search} onChange={(e) => setSearch(e.target.value)} className="pl-9" />
        </div>
        <div className="w-64">
          <Select aria-label="Group" value={group || "All"} onChange={(e) => chooseGroup(e.target.value)}>
            {groupList.map((g) => (
              <option key={g.name} value={g.name}>
                {groupLabel(g.name)} ({g.size.toLocaleString("en")})
              </option>
            ))}
          </Select>
        </div>
        <ResultCount total={page.data?.totalElements} noun="contact">
          {group && group !== "All" ? ` in ${groupLabel(group)}` : ""}
        </ResultCount>
      </div>

      {canEdit && selected.size > 0 && <BulkBar selected={selected} groups={groupList} onClear={() => setSelected(new Set())} />}

      <QueryTable
        label="Contacts"
        query={page}
        errorActions={
          group && (
            <Button variant="secondary" size="sm" onClick={() => chooseGroup("")}>
              <XIcon />
              Clear group
            </Button>
          )
        }
        columns={columns}
        paging={paging}
        getRowId={(c) => c.id}
        empty={empty}
        rowClassName={(c) => (selected.has(c.id) ? "bg-indigo-50/60 dark:bg-indigo-500/10" : undefined)}
      />

      <ContactDrawer contact={open} groups={groupList} labels={labels.data ?? noLabels} canEdit={canEdit} onClose={() => setOpen(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Delete ${nameOf(deleting)}?` : "Delete contact"}
        description="The contact leaves every group. Messages already sent to it stay in the reports. This cannot be undone."
        confirmLabel="Delete contact"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          const c = deleting!;
          await deleteContact(c.id);
          toggle(c.id, false);
          await queryClient.invalidateQueries({ queryKey: contactsKey });
          toast({ title: "Contact deleted", description: nameOf(c) });
        }}
      />
    </>
  );
}
