// The Custom fields tab: the fields every contact has, the account's own labels (Text or
// Number), the placeholder each one is written as in a campaign, and a form for a new one.
"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Field } from "@/components/ui/field";
import { PlusIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { StaticTable, type StaticColumn } from "@/components/ui/static-table";
import { labelForm, type LabelForm } from "@/lib/schemas/dashboard-contacts";
import { createLabel, fetchLabels, labelsKey, type DashboardLabel } from "./api";
import { LoadError } from "@/components/ui/load-error";
import { ContactsTabs } from "./contacts-tabs";
import { FormDialog } from "@/components/form/form-dialog";
import { useFormDialog } from "@/components/form/use-form-submit";

const builtInNames: Record<string, string> = {
  firstName: "First name",
  lastName: "Last name",
  mobile: "Mobile",
  email: "Email",
  country: "Country",
  vip: "VIP",
};

const columns: StaticColumn<DashboardLabel>[] = [
  {
    header: "Field",
    cell: (l) => (
      <span className="flex items-center gap-2">
        <span className="font-medium text-slate-900 dark:text-slate-100">{builtInNames[l.name] ?? l.name}</span>
        {l.builtIn && <Badge>Built in</Badge>}
      </span>
    ),
  },
  { header: "Type", cell: (l) => (l.type === "Number" ? "Number" : "Text"), className: "w-32" },
  {
    header: "In a message",
    cell: (l) => (
      <span className="flex items-center gap-1">
        <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300">[~{l.name}]</code>
        <CopyButton value={`[~${l.name}]`} label={`Copy the placeholder for ${l.name}`} />
      </span>
    ),
  },
];

export function LabelsView({ canEdit }: { canEdit: boolean }) {
  const labels = useQuery({ queryKey: labelsKey, queryFn: fetchLabels });
  const [creating, setCreating] = useState(false);
  const list = labels.data ?? [];
  const custom = list.filter((l) => !l.builtIn);
  return (
    <>
      <PageHeader
        title="Contacts"
        description="Custom fields hold what you know about each contact beyond name and number — a city, a loyalty tier, a birthday month — and fill placeholders in campaign messages."
        actions={
          canEdit && (
            <Button icon={<PlusIcon />} onClick={() => setCreating(true)}>
              New field
            </Button>
          )
        }
      />
      <ContactsTabs active="/contacts/labels" />
      {labels.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : labels.isError ? (
        <LoadError what="Fields" message={labels.error.message} onRetry={() => labels.refetch()} />
      ) : (
        <div className="space-y-8">
          <section>
            <h2 className="mb-3 text-sm font-semibold text-slate-900 dark:text-slate-100">Your custom fields</h2>
            <Card className="overflow-hidden">
              <StaticTable
                label="Custom fields"
                columns={columns}
                rows={custom}
                getRowId={(l) => l.name}
                empty={<p className="px-4 py-8 text-center text-sm text-slate-500 dark:text-slate-400">None yet.{canEdit && " Create one, or map a CSV column to a new field when importing."}</p>}
              />
            </Card>
          </section>
          <section>
            <h2 className="mb-3 text-sm font-semibold text-slate-900 dark:text-slate-100">Every contact has</h2>
            <Card className="overflow-hidden">
              <StaticTable label="Built-in fields" columns={columns} rows={list.filter((l) => l.builtIn)} getRowId={(l) => l.name} />
            </Card>
          </section>
        </div>
      )}
      {canEdit && <CreateLabelDialog open={creating} onClose={() => setCreating(false)} />}
    </>
  );
}

const defaults: LabelForm = { name: "", type: "Text" };

function CreateLabelDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const form = useForm<LabelForm>({ resolver: zodResolver(labelForm), defaultValues: defaults });
  const { errors } = form.formState;
  const dialog = useFormDialog(form, {
    open,
    onClose,
    submit: createLabel,
    refresh: [labelsKey],
    announce: (l) => ({ title: `Field “${l.name}” created`, description: `Write [~${l.name}] in a campaign to use it.` }),
    conflict: { field: "name", message: "A field with this name already exists" },
  });
  return (
    <FormDialog {...dialog} title="New custom field" submitLabel="Create field">
      <Field id="label-name" label="Name" hint="As written in messages: [~name]. It cannot be renamed later." error={errors.name?.message}>
        <Input autoComplete="off" placeholder="city" data-autofocus {...form.register("name")} />
      </Field>
      <Field id="label-type" label="Type" hint="Number fields accept only numbers, and sort and filter as numbers." error={errors.type?.message}>
        <Select {...form.register("type")}>
          <option value="Text">Text</option>
          <option value="Number">Number</option>
        </Select>
      </Field>
    </FormDialog>
  );
}
