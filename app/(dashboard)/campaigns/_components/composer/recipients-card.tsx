// Who gets the campaign: contact groups (with their sizes), contacts found by search, and
// numbers pasted or read from a CSV file. Duplicates across the three are sent once; the
// estimate beside the form says how many recipients that makes.
"use client";
import { useQuery } from "@tanstack/react-query";
import { useId, useMemo, useRef, useState, type ReactNode } from "react";
import { Controller, useWatch, type UseFormReturn } from "react-hook-form";
import { CheckboxField } from "@/components/form/checkbox-field";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { cn } from "@/components/ui/cn";
import { FieldError } from "@/components/ui/field";
import { PlusIcon, UsersIcon, XIcon } from "@/components/ui/icons";
import { Input, Textarea } from "@/components/ui/input";
import { Skeletons } from "@/components/ui/skeleton";
import { ErrorNote } from "@/components/ui/error-note";
import type { CampaignForm } from "@/lib/schemas/dashboard-campaigns";
import { useDebouncedValue } from "../../../compose/_components/use-debounced-value";
import { nameOf, plural } from "@/lib/ui/format";
import { fetchAudienceContacts, type Audience, type AudienceContact } from "../api";
import { numbersFromFile, numberStats, type NumberStats } from "./numbers";

type Tab = "groups" | "contacts" | "numbers";

export function groupLabel(name: string): string {
  return name === "All" ? "All contacts" : name === "NotListed" ? "Contacts in no group" : name;
}

export function RecipientsCard({
  form,
  audience,
  picked,
  onPick,
}: {
  form: UseFormReturn<CampaignForm>;
  audience: Audience | undefined;
  /** Contacts chosen so far, by id (for their chips and the preview). */
  picked: ReadonlyMap<string, AudienceContact>;
  onPick: (c: AudienceContact) => void;
}) {
  const [groups, contacts, numbers] = useWatch({ control: form.control, name: ["groups", "contacts", "numbers"] });
  // Checking 30,000 numbers takes a moment: not on every keystroke.
  const settledNumbers = useDebouncedValue(numbers, 250);
  const stats = useMemo(() => numberStats(settledNumbers), [settledNumbers]);
  const [tab, setTab] = useState<Tab>("groups");
  const id = useId();
  const { errors } = form.formState;
  const problem = errors.groups?.message ?? errors.contacts?.message ?? errors.numbers?.message;

  const tabs: { id: Tab; label: string; count: number }[] = [
    { id: "groups", label: "Groups", count: groups.length },
    { id: "contacts", label: "Contacts", count: contacts.length },
    { id: "numbers", label: "Numbers", count: stats.distinct },
  ];

  return (
    <Card>
      <CardHeader title="Recipients" description="Pick groups, single contacts, numbers, or any mix: a number that appears twice gets one message, and blacklisted contacts none." />
      <div className="px-5 pt-4">
        {problem && <ErrorNote className="mb-3">{problem}</ErrorNote>}
        <div role="tablist" aria-label="Recipients from" className="flex gap-1 border-b border-slate-200 dark:border-slate-800">
          {tabs.map((t) => (
            <button
              key={t.id}
              id={`${id}-${t.id}-tab`}
              type="button"
              role="tab"
              aria-selected={tab === t.id}
              aria-controls={`${id}-${t.id}-panel`}
              onClick={() => setTab(t.id)}
              className={cn(
                "-mb-px flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-500",
                tab === t.id
                  ? "border-indigo-600 text-indigo-700 dark:border-indigo-400 dark:text-indigo-300"
                  : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100",
              )}
            >
              {t.label}
              {t.count > 0 && <Badge tone="accent">{t.count.toLocaleString("en")}</Badge>}
            </button>
          ))}
        </div>
      </div>
      <Panel id={`${id}-groups`} active={tab === "groups"}>
        <GroupPicker form={form} audience={audience} />
      </Panel>
      <Panel id={`${id}-contacts`} active={tab === "contacts"}>
        <ContactPicker form={form} picked={picked} onPick={onPick} />
      </Panel>
      <Panel id={`${id}-numbers`} active={tab === "numbers"}>
        <NumbersInput form={form} stats={stats} />
      </Panel>
    </Card>
  );
}

function Panel({ id, active, children }: { id: string; active: boolean; children: ReactNode }) {
  return (
    <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab`} hidden={!active} className="px-5 py-4">
      {children}
    </div>
  );
}

function GroupPicker({ form, audience }: { form: UseFormReturn<CampaignForm>; audience: Audience | undefined }) {
  const [filter, setFilter] = useState("");
  if (!audience) return <Skeletons sizes={["h-6 w-48", "h-6 w-40", "h-6 w-56"]} />;
  const own = audience.groups.filter((g) => g.name !== "All" && g.name !== "NotListed");
  const shown = audience.groups.filter((g) => !filter || g.name.toLowerCase().includes(filter.toLowerCase()) || groupLabel(g.name).toLowerCase().includes(filter.toLowerCase()));
  return (
    <Controller
      control={form.control}
      name="groups"
      render={({ field }) => {
        const toggle = (name: string, on: boolean) => field.onChange(on ? [...field.value, name] : field.value.filter((g) => g !== name));
        return (
          <fieldset>
            <legend className="sr-only">Contact groups</legend>
            {audience.groups.length > 8 && (
              <Input type="search" aria-label="Filter groups" placeholder="Filter groups" className="mb-3 h-9!" value={filter} onChange={(e) => setFilter(e.target.value)} />
            )}
            <ul className="grid max-h-72 gap-x-6 gap-y-2.5 overflow-y-auto sm:grid-cols-2">
              {shown.map((g) => (
                <li key={g.name} className="flex items-center justify-between gap-3 pr-1">
                  <Checkbox label={groupLabel(g.name)} checked={field.value.includes(g.name)} onChange={(e) => toggle(g.name, e.target.checked)} />
                  <span className="shrink-0 text-xs text-slate-500 tabular-nums dark:text-slate-400" title={`${g.size} contacts`}>
                    {g.size.toLocaleString("en")}
                  </span>
                </li>
              ))}
            </ul>
            {own.length === 0 && (
              <p className="mt-3 flex items-start gap-2 text-xs text-slate-500 dark:text-slate-400">
                <UsersIcon size={14} className="mt-px shrink-0" />
                No groups of your own yet. Group contacts on the Contacts page to target them here; All reaches every contact.
              </p>
            )}
            {field.value.some((g) => !audience.groups.some((x) => x.name === g)) && (
              <p className="mt-3 text-xs text-amber-700 dark:text-amber-400">
                {field.value.filter((g) => !audience.groups.some((x) => x.name === g)).join(", ")}: no longer a group.{" "}
                <button type="button" className="underline" onClick={() => field.onChange(field.value.filter((g) => audience.groups.some((x) => x.name === g)))}>
                  Remove
                </button>
              </p>
            )}
          </fieldset>
        );
      }}
    />
  );
}

function ContactPicker({ form, picked, onPick }: { form: UseFormReturn<CampaignForm>; picked: ReadonlyMap<string, AudienceContact>; onPick: (c: AudienceContact) => void }) {
  const [search, setSearch] = useState("");
  const settled = useDebouncedValue(search.trim(), 250);
  const results = useQuery({
    queryKey: ["campaign-audience", "contacts", settled],
    queryFn: () => fetchAudienceContacts({ search: settled, size: 8 }),
    enabled: settled.length > 0,
    staleTime: 30_000,
  });
  const ids = useWatch({ control: form.control, name: "contacts" });
  const add = (c: AudienceContact) => {
    onPick(c);
    if (!ids.includes(c.id)) form.setValue("contacts", [...ids, c.id], { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };
  const remove = (id: string) =>
    form.setValue(
      "contacts",
      ids.filter((x) => x !== id),
      { shouldDirty: true },
    );
  return (
    <div>
      <Input type="search" aria-label="Search contacts" placeholder="Search contacts by name, number or email" value={search} onChange={(e) => setSearch(e.target.value)} />
      {settled && (
        <div className="mt-2 rounded-lg border border-slate-200 dark:border-slate-800">
          {results.isPending ? (
            <Skeletons className="p-3" sizes={["h-5 w-2/3", "h-5 w-1/2"]} />
          ) : results.isError ? (
            <p className="p-3 text-sm text-red-700 dark:text-red-400">{results.error.message}</p>
          ) : results.data.content.length === 0 ? (
            <p className="p-3 text-sm text-slate-500 dark:text-slate-400">No contact matches “{settled}”.</p>
          ) : (
            <ul aria-label="Matching contacts" className="max-h-64 divide-y divide-slate-100 overflow-y-auto dark:divide-slate-800">
              {results.data.content.map((c) => {
                const chosen = ids.includes(c.id);
                return (
                  <li key={c.id} className="flex items-center gap-3 px-3 py-2">
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium text-slate-900 dark:text-slate-100">{nameOf(c)}</p>
                      <p className="truncate text-xs text-slate-500 tabular-nums dark:text-slate-400">
                        {c.mobile}
                        {c.groups.length > 0 && ` · ${c.groups.join(", ")}`}
                      </p>
                    </div>
                    {c.blacklisted && <Badge tone="danger">Blacklisted</Badge>}
                    <Button variant={chosen ? "ghost" : "secondary"} size="sm" disabled={chosen} onClick={() => add(c)} aria-label={`Add ${nameOf(c)}`}>
                      {chosen ? (
                        "Added"
                      ) : (
                        <>
                          <PlusIcon size={14} />
                          Add
                        </>
                      )}
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
          {results.data && results.data.totalElements > results.data.content.length && (
            <p className="border-t border-slate-100 px-3 py-2 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
              {results.data.totalElements - results.data.content.length} more match: refine the search.
            </p>
          )}
        </div>
      )}
      {ids.length > 0 ? (
        <ul aria-label="Picked contacts" className="mt-4 flex flex-wrap gap-2">
          {ids.map((id) => {
            const c = picked.get(id);
            const name = c ? nameOf(c) : `${id.slice(0, 8)}…`;
            return (
              <li
                key={id}
                className="inline-flex items-center gap-1.5 rounded-full bg-indigo-50 py-1 pr-1 pl-3 text-sm text-indigo-900 ring-1 ring-indigo-200 dark:bg-indigo-500/10 dark:text-indigo-200 dark:ring-indigo-500/30"
              >
                <span className="max-w-48 truncate">{name}</span>
                {c?.blacklisted && <span className="text-xs text-red-700 dark:text-red-300">(blacklisted)</span>}
                <button
                  type="button"
                  onClick={() => remove(id)}
                  aria-label={`Remove ${name}`}
                  className="rounded-full p-1 text-indigo-500 hover:bg-indigo-100 hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-indigo-500/20"
                >
                  <XIcon size={12} />
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        !settled && <p className="mt-3 text-xs text-slate-500 dark:text-slate-400">Find contacts to add them one by one; their labels personalise the message.</p>
      )}
      <FieldError message={form.formState.errors.contacts?.message} />
    </div>
  );
}

function NumbersInput({ form, stats }: { form: UseFormReturn<CampaignForm>; stats: NumberStats }) {
  const fileRef = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<string | null>(null);
  const { errors } = form.formState;
  const id = useId();

  async function read(file: File) {
    const { numbers: found, column } = numbersFromFile(await file.text());
    const current = form.getValues("numbers").trim();
    form.setValue("numbers", [current, ...found].filter(Boolean).join("\n"), { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    setUpload(`${file.name}: ${plural(found.length, "number")} added${column ? ` from ${column}` : ""}.`);
  }

  return (
    <div className="space-y-2">
      <div className="flex items-end justify-between gap-3">
        <label htmlFor={`${id}-numbers`} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          Phone numbers
        </label>
        <Button variant="secondary" size="sm" onClick={() => fileRef.current?.click()}>
          Upload CSV
        </Button>
        <input
          ref={fileRef}
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          className="sr-only"
          tabIndex={-1}
          aria-label="Upload a CSV of numbers"
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void read(f);
            e.target.value = "";
          }}
        />
      </div>
      <Textarea
        id={`${id}-numbers`}
        rows={5}
        spellCheck={false}
        className="font-mono text-[13px]"
        placeholder={"+306912345678\n+4915123456789, +447700900123"}
        aria-describedby={`${id}-numbers-hint`}
        aria-invalid={errors.numbers ? true : undefined}
        {...form.register("numbers")}
      />
      <p id={`${id}-numbers-hint`} className="text-xs text-slate-500 dark:text-slate-400">
        International format, one per line or separated by commas. A CSV's phone column is found for you.
      </p>
      {upload && <p className="text-xs text-emerald-700 dark:text-emerald-400">{upload}</p>}
      {stats.distinct > 0 && (
        <p className="text-sm text-slate-700 tabular-nums dark:text-slate-300" data-testid="number-stats">
          {plural(stats.valid, "valid number")}
          {stats.duplicates > 0 && <span className="text-slate-500"> · {plural(stats.duplicates, "duplicate")} counted once</span>}
          {stats.invalid.length > 0 && <span className="text-red-700 dark:text-red-400"> · {stats.invalid.length} not valid</span>}
        </p>
      )}
      {stats.invalid.length > 0 && (
        <div className="rounded-lg border border-amber-200 bg-amber-50/70 p-3 text-sm dark:border-amber-500/30 dark:bg-amber-500/10">
          <p className="text-amber-900 dark:text-amber-200">
            Not valid mobile numbers:{" "}
            <span className="font-mono text-xs break-all">
              {stats.invalid.slice(0, 12).join(", ")}
              {stats.invalid.length > 12 && ` and ${stats.invalid.length - 12} more`}
            </span>
          </p>
          <CheckboxField
            control={form.control}
            name="allowInvalid"
            className="mt-2"
            label="Leave them out and send to the valid ones"
            description="Otherwise the campaign is refused until they are fixed."
          />
        </div>
      )}
      <FieldError message={errors.numbers?.message} />
    </div>
  );
}
