// The Groups tab: every group with its size (All and NotListed built in), create, merge several
// into a new one, and delete (keeping or deleting the contacts).
"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { EmptyState } from "@/components/ui/empty-state";
import { Field } from "@/components/ui/field";
import { PlusIcon, TrashIcon, UsersIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { Skeletons } from "@/components/ui/skeleton";
import { StaticTable, type StaticColumn } from "@/components/ui/static-table";
import { useToast } from "@/components/ui/toast";
import { groupForm, mergeGroupsForm, type GroupForm, type MergeGroupsForm } from "@/lib/schemas/dashboard-contacts";
import { contactsKey, createGroup, deleteGroup, fetchGroups, groupLabel, groupsKey, mergeGroups, type DashboardGroup } from "./api";
import { LoadError } from "@/components/ui/load-error";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ContactsTabs } from "./contacts-tabs";
import { FormDialog } from "@/components/form/form-dialog";
import { useFormDialog } from "@/components/form/use-form-submit";
import { countOf } from "@/lib/ui/format";
import { MergeIcon } from "@/components/ui/icons";

const builtInHelp: Record<string, string> = {
  All: "Every contact in the account.",
  NotListed: "Contacts that are in no group of yours.",
};

export function GroupsView({ canEdit }: { canEdit: boolean }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const groups = useQuery({ queryKey: groupsKey, queryFn: fetchGroups });
  const [selected, setSelected] = useState<string[]>([]);
  const [creating, setCreating] = useState(false);
  const [merging, setMerging] = useState(false);
  const [deleting, setDeleting] = useState<DashboardGroup | null>(null);
  const [alsoContacts, setAlsoContacts] = useState(false);
  const list = groups.data ?? [];
  const own = list.filter((g) => !g.builtIn);
  const refresh = () => queryClient.invalidateQueries({ queryKey: contactsKey });
  const toggle = (name: string, on: boolean) => setSelected((s) => (on ? [...s, name] : s.filter((n) => n !== name)));

  const columns: StaticColumn<DashboardGroup>[] = [
    ...(canEdit
      ? [
          {
            header: <span className="sr-only">Select</span>,
            cell: (g: DashboardGroup) => (
              <input
                type="checkbox"
                aria-label={`Select ${groupLabel(g.name)}`}
                className="mt-0.5 size-4 cursor-pointer rounded accent-indigo-600"
                checked={selected.includes(g.name)}
                onChange={(e) => toggle(g.name, e.target.checked)}
              />
            ),
            className: "w-px pr-0",
          },
        ]
      : []),
    {
      header: "Group",
      cell: (g) => (
        <div>
          <span className="flex items-center gap-2">
            <Link href={`/contacts?group=${encodeURIComponent(g.name)}`} className="font-medium text-slate-900 hover:text-indigo-600 hover:underline dark:text-slate-100 dark:hover:text-indigo-300">
              {groupLabel(g.name)}
            </Link>
            {g.builtIn && <Badge>Built in</Badge>}
          </span>
          {g.builtIn && (
            <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
              {builtInHelp[g.name]} Campaigns address it as “{g.name}”.
            </p>
          )}
        </div>
      ),
    },
    {
      header: <span className="block text-right">Contacts</span>,
      cell: (g) => <span className="block text-right tabular-nums">{g.size.toLocaleString("en")}</span>,
      className: "w-32",
    },
    {
      header: <span className="sr-only">Actions</span>,
      cell: (g) => (
        <span className="flex justify-end gap-1">
          <Link
            href={`/contacts?group=${encodeURIComponent(g.name)}`}
            className="rounded-md px-2.5 py-1 text-sm font-medium text-indigo-600 hover:bg-indigo-50 dark:text-indigo-300 dark:hover:bg-indigo-500/10"
          >
            View contacts
          </Link>
          {canEdit && !g.builtIn && (
            <Button
              variant="danger-ghost"
              size="sm"
              aria-label={`Delete group ${g.name}`}
              onClick={() => {
                setAlsoContacts(false);
                setDeleting(g);
              }}
            >
              <TrashIcon size={15} />
            </Button>
          )}
        </span>
      ),
      className: "w-px whitespace-nowrap",
    },
  ];

  return (
    <>
      <PageHeader
        title="Contacts"
        description="Groups put contacts together so a campaign can go to all of them at once. A contact can be in any number of groups."
        actions={
          canEdit && (
            <>
              <Button variant="secondary" onClick={() => setMerging(true)} disabled={selected.length < 2} title={selected.length < 2 ? "Select two or more groups to merge" : undefined}>
                <MergeIcon />
                Merge {selected.length >= 2 ? `${selected.length} groups` : "groups"}
              </Button>
              <Button icon={<PlusIcon />} onClick={() => setCreating(true)}>
                New group
              </Button>
            </>
          )
        }
      />
      <ContactsTabs active="/contacts/groups" />

      {groups.isPending ? (
        <Skeletons sizes={Array(4).fill("h-12 w-full")} />
      ) : groups.isError ? (
        <LoadError what="Groups" message={groups.error.message} onRetry={() => groups.refetch()} />
      ) : (
        <>
          <Card className="overflow-hidden">
            <StaticTable label="Groups" columns={columns} rows={list} getRowId={(g) => g.name} />
          </Card>
          {own.length === 0 && (
            <EmptyState
              className="py-10"
              icon={<UsersIcon size={22} />}
              title="No groups of your own yet"
              description="Create a group, then add contacts to it from the Contacts tab, or import a CSV straight into it."
              action={
                canEdit && (
                  <Button icon={<PlusIcon />} onClick={() => setCreating(true)}>
                    Create a group
                  </Button>
                )
              }
            />
          )}
        </>
      )}

      {canEdit && (
        <>
          <CreateGroupDialog open={creating} onClose={() => setCreating(false)} />
          <MergeGroupsDialog
            open={merging}
            groups={selected}
            onClose={() => setMerging(false)}
            onMerged={async (g) => {
              setSelected([]);
              await refresh();
              toast({ title: `Created ${g.name}`, description: `${countOf(g.size, "contact")} from ${selected.map(groupLabel).join(", ")}.` });
            }}
          />
          <ConfirmDialog
            open={deleting !== null}
            title={deleting ? `Delete the group “${deleting.name}”?` : "Delete group"}
            description={
              alsoContacts
                ? `Its ${countOf(deleting?.size ?? 0, "contact")} are deleted too, from every group. This cannot be undone.`
                : "Its contacts stay in your address book and in their other groups."
            }
            confirmLabel={alsoContacts ? "Delete group and contacts" : "Delete group"}
            onClose={() => setDeleting(null)}
            onConfirm={async () => {
              const g = deleting!;
              await deleteGroup(g.name, alsoContacts);
              setSelected((s) => s.filter((n) => n !== g.name));
              await refresh();
              toast({ title: `Deleted ${g.name}`, description: alsoContacts ? `${countOf(g.size, "contact")} deleted with it.` : undefined });
            }}
          >
            {deleting && deleting.size > 0 && (
              <Checkbox
                label={`Also delete its ${countOf(deleting.size, "contact")}`}
                description="Even if they are in other groups too."
                checked={alsoContacts}
                onChange={(e) => setAlsoContacts(e.target.checked)}
              />
            )}
          </ConfirmDialog>
        </>
      )}
    </>
  );
}

function CreateGroupDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const form = useForm<GroupForm>({ resolver: zodResolver(groupForm), defaultValues: { name: "" } });
  const dialog = useFormDialog(form, {
    open,
    onClose,
    submit: (body: GroupForm) => createGroup(body.name),
    refresh: [contactsKey],
    announce: (g) => ({ title: `Created ${g.name}`, description: "Add contacts to it from the Contacts tab, or import a CSV into it." }),
    conflict: { field: "name", message: "There is already a group with this name" },
  });
  return (
    <FormDialog {...dialog} title="New group" submitLabel="Create group" formClassName="pb-2">
      <Field id="group-name" label="Name" hint="Campaigns pick recipients by group name." error={form.formState.errors.name?.message}>
        <Input autoComplete="off" placeholder="Newsletter subscribers" data-autofocus {...form.register("name")} />
      </Field>
    </FormDialog>
  );
}

function MergeGroupsDialog({ open, groups, onClose, onMerged }: { open: boolean; groups: string[]; onClose: () => void; onMerged: (g: DashboardGroup) => Promise<unknown> }) {
  const form = useForm<MergeGroupsForm>({ resolver: zodResolver(mergeGroupsForm), values: { name: "", groups } });
  const dialog = useFormDialog(form, { open, onClose, submit: mergeGroups, onSaved: onMerged, conflict: { field: "name", message: "There is already a group with this name" } });
  return (
    <FormDialog
      {...dialog}
      error={dialog.error ?? form.formState.errors.groups?.message}
      title={`Merge ${groups.length} groups`}
      description={<>A new group gets every contact of {groups.map(groupLabel).join(", ")}, each once. The groups themselves stay as they are.</>}
      submitLabel="Create merged group"
    >
      <Field id="merge-name" label="New group's name" error={form.formState.errors.name?.message}>
        <Input autoComplete="off" data-autofocus {...form.register("name")} />
      </Field>
    </FormDialog>
  );
}
