// What can be done with the selected contacts: tag them into a group or take them out, blacklist
// them for SMS or take them off, delete them (after asking).
"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { TrashIcon, XIcon } from "@/components/ui/icons";
import { useToast } from "@/components/ui/toast";
import { ApiError } from "@/lib/ui/api-client";
import { bulkContacts, contactsKey, createGroup, type DashboardGroup } from "./api";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { countOf } from "@/lib/ui/format";
import { GroupActionDialog } from "./group-action-dialog";
import { BanIcon, TagIcon } from "@/components/ui/icons";

/** `onClear` empties the selection (also after the selected contacts are deleted). */
export function BulkBar({ selected, groups, onClear }: { selected: ReadonlySet<string>; groups: DashboardGroup[]; onClear: () => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [groupMode, setGroupMode] = useState<"add" | "remove" | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const ids = [...selected];
  const n = ids.length;
  const refresh = () => queryClient.invalidateQueries({ queryKey: contactsKey });

  const blacklist = useMutation({
    mutationFn: (on: boolean) => bulkContacts({ action: on ? "blacklist" : "unblacklist", ids, service: "Sms" }),
    onSuccess: async (r, on) => {
      await refresh();
      toast({
        title: on ? "Blacklisted for SMS" : "Taken off the SMS blacklist",
        description: r.affected === n ? countOf(n, "contact") : `${countOf(r.affected, "contact")} changed; the other ${n - r.affected} already were.`,
      });
    },
    onError: (err) => toast({ tone: "error", title: "Nothing was changed", description: err.message }),
  });

  const groupAction = async (group: string, isNew: boolean) => {
    if (isNew)
      await createGroup(group).catch((err) => {
        // A group that already exists is as good as a new one here.
        if (!(err instanceof ApiError && err.status === 409)) throw err;
      });
    const r = await bulkContacts({ action: groupMode === "remove" ? "removeFromGroup" : "addToGroup", ids, group });
    await refresh();
    toast({
      title: groupMode === "remove" ? `Removed from ${group}` : `Added to ${group}`,
      description: `${countOf(n, "contact")}; the group now has ${countOf(r.group?.size ?? 0, "contact")}.`,
    });
  };

  return (
    <div
      role="toolbar"
      aria-label="Selected contacts"
      className="mb-3 flex flex-wrap items-center gap-2 rounded-xl border border-indigo-200 bg-indigo-50/70 px-3 py-2 dark:border-indigo-500/30 dark:bg-indigo-500/10"
    >
      <p className="mr-2 text-sm font-medium text-indigo-900 dark:text-indigo-100" aria-live="polite">
        {countOf(n, "contact")} selected
      </p>
      <Button size="sm" variant="secondary" onClick={() => setGroupMode("add")}>
        <TagIcon size={15} />
        Add to group
      </Button>
      <Button size="sm" variant="secondary" onClick={() => setGroupMode("remove")}>
        Remove from group
      </Button>
      <Button size="sm" variant="secondary" onClick={() => blacklist.mutate(true)} loading={blacklist.isPending && blacklist.variables}>
        <BanIcon size={15} />
        Blacklist for SMS
      </Button>
      <Button size="sm" variant="secondary" onClick={() => blacklist.mutate(false)} loading={blacklist.isPending && !blacklist.variables}>
        Unblacklist
      </Button>
      <Button size="sm" variant="danger-ghost" onClick={() => setConfirmDelete(true)}>
        <TrashIcon size={15} />
        Delete
      </Button>
      <Button size="sm" variant="ghost" onClick={onClear} className="ml-auto">
        <XIcon size={15} />
        Clear selection
      </Button>

      <GroupActionDialog mode={groupMode} count={n} groups={groups} onClose={() => setGroupMode(null)} onConfirm={groupAction} />
      <ConfirmDialog
        open={confirmDelete}
        title={`Delete ${countOf(n, "contact")}?`}
        description="They leave every group and can no longer be sent to. Messages already sent stay in the reports. This cannot be undone."
        confirmLabel={`Delete ${countOf(n, "contact")}`}
        onClose={() => setConfirmDelete(false)}
        onConfirm={async () => {
          const r = await bulkContacts({ action: "delete", ids });
          onClear();
          await refresh();
          toast({ title: `${countOf(r.affected, "contact")} deleted` });
        }}
      />
    </div>
  );
}
