// Picks the group to add the selected contacts to (an existing one, or a new one made on the
// spot) or to take them out of.
"use client";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { DashboardGroup } from "./api";
import { FormDialog } from "@/components/form/form-dialog";
import { countOf } from "@/lib/ui/format";
import { ErrorNote } from "@/components/ui/error-note";

const NEW = "\u0000new";

interface Choice {
  group: string;
  isNew: boolean;
}

export function GroupActionDialog({
  mode,
  count,
  groups,
  onClose,
  onConfirm,
}: {
  /** null when closed. */
  mode: "add" | "remove" | null;
  count: number;
  groups: DashboardGroup[];
  onClose: () => void;
  /** Runs the action with the chosen group's name; `isNew` when it must be created first. */
  onConfirm: (group: string, isNew: boolean) => Promise<unknown>;
}) {
  const own = groups.filter((g) => !g.builtIn);
  const mutation = useMutation({
    mutationFn: (c: Choice) => onConfirm(c.group, c.isNew),
    onSuccess: () => {
      mutation.reset();
      onClose();
    },
  });
  const close = () => {
    if (mutation.isPending) return;
    mutation.reset();
    onClose();
  };
  const adding = mode === "add";
  return (
    <FormDialog
      open={mode !== null}
      onClose={close}
      pending={mutation.isPending}
      title={adding ? `Add ${countOf(count, "contact")} to a group` : `Remove ${countOf(count, "contact")} from a group`}
      description={adding ? "Contacts already in the group stay in it once." : "The contacts stay in your address book and in their other groups."}
      formId="group-action"
      submitLabel={adding ? "Add to group" : "Remove from group"}
      submitDisabled={!adding && own.length === 0}
    >
      {/* The dialog renders its body only while open, so each opening starts from a fresh choice. */}
      <GroupChoiceForm adding={adding} own={own} onSubmit={(c) => mutation.mutate(c)} error={mutation.isError ? mutation.error.message : ""} />
    </FormDialog>
  );
}

function GroupChoiceForm({ adding, own, onSubmit, error }: { adding: boolean; own: DashboardGroup[]; onSubmit: (c: Choice) => void; error: string }) {
  const [choice, setChoice] = useState(adding && own.length === 0 ? NEW : (own[0]?.name ?? ""));
  const [newName, setNewName] = useState("");
  const [problem, setProblem] = useState("");
  const isNew = choice === NEW;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (isNew && !newName.trim()) return setProblem("Name the new group");
    if (!isNew && !choice) return setProblem("Choose a group");
    setProblem("");
    onSubmit({ group: isNew ? newName.trim() : choice, isNew });
  };
  return (
    <form id="group-action" onSubmit={submit} noValidate className="space-y-4 pb-2">
      {!adding && own.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">There are no groups to remove contacts from.</p>
      ) : (
        <Field id="group-action-group" label="Group" error={!isNew ? problem : undefined}>
          <Select value={choice} onChange={(e) => setChoice(e.target.value)} data-autofocus>
            {own.map((g) => (
              <option key={g.name} value={g.name}>
                {g.name} ({g.size.toLocaleString("en")})
              </option>
            ))}
            {adding && <option value={NEW}>New group…</option>}
          </Select>
        </Field>
      )}
      {isNew && (
        <Field id="group-action-new" label="New group's name" error={problem}>
          <Input value={newName} onChange={(e) => setNewName(e.target.value)} maxLength={100} autoComplete="off" placeholder="Spring fair 2025" />
        </Field>
      )}
      {error && <ErrorNote>{error}</ErrorNote>}
    </form>
  );
}
