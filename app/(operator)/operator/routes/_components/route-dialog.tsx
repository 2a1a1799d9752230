// Add or edit a routing rule: what it matches (account, countries, prefixes, networks, kinds,
// sender type) and the connectors it picks, in order, by priority, weights or least cost. The
// fields are the API schema's; its connectors are edited as rows (connector, weight) in order.
"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { Controller, useFieldArray, useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { FormDialog } from "@/components/form/form-dialog";
import { useFormDialog } from "@/components/form/use-form-submit";
import { CheckboxField } from "@/components/form/checkbox-field";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Field, FieldError } from "@/components/ui/field";
import { PlusIcon, TrashIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Options, Select } from "@/components/ui/select";
import { routeFields } from "@/lib/schemas/routes";
import { MESSAGE_KINDS, SENDER_TYPES, STRATEGIES } from "@/lib/core/routing/route-rules";
import { connectorsKey, fetchConnectors } from "../../connectors/_components/connectors-api";
import { createRoute, routesKey, updateRoute, type Route } from "./routes-api";

const routeForm = z.object({
  name: routeFields.name,
  accountId: z.string().trim().max(64),
  country: routeFields.country,
  prefix: routeFields.prefix,
  network: routeFields.network,
  kinds: z.array(z.enum(MESSAGE_KINDS as ["single", "campaign", "otp", "pool"])),
  senderType: routeFields.senderType,
  strategy: routeFields.strategy,
  connectors: z
    .array(z.object({ id: z.string().min(1, "Pick a connector"), weight: z.number({ error: "A weight is a number" }).int("A whole number").min(0, "Not negative") }))
    .min(1, "Pick at least one connector"),
  enabled: z.boolean(),
});
type RouteForm = z.output<typeof routeForm>;

const strategyLabel = { priority: "Priority: the first one that is up", weights: "Weights: split the traffic", cost: "Least cost: the cheapest for the destination" } as const;
const senderLabel = (s: string) => (s === "" ? "Any sender" : s === "alphanumeric" ? "Alphanumeric senders" : "Numeric senders");

function valuesOf(r: Route | null): RouteForm {
  return {
    name: r?.name ?? "",
    accountId: r?.accountId ?? "",
    country: r?.country ?? "",
    prefix: r?.prefix ?? "",
    network: r?.network ?? "",
    kinds: (r?.kind ? r.kind.split(",") : []) as RouteForm["kinds"],
    senderType: (r?.senderType ?? "") as RouteForm["senderType"],
    strategy: (r?.strategy ?? "priority") as RouteForm["strategy"],
    connectors: r ? r.connectorIds.map((id, i) => ({ id, weight: r.weights[i] ?? 1 })) : [{ id: "", weight: 1 }],
    enabled: r?.enabled ?? true,
  };
}

export function RouteDialog({ route, onClose }: { route: Route | null; onClose: () => void }) {
  const form = useForm({ resolver: zodResolver(routeForm), defaultValues: valuesOf(route) });
  const errors = form.formState.errors;
  const rows = useFieldArray({ control: form.control, name: "connectors" });
  const strategy = useWatch({ control: form.control, name: "strategy" });
  const connectors = useQuery({ queryKey: connectorsKey, queryFn: fetchConnectors });
  const choices = connectors.data?.content ?? [];
  const dialog = useFormDialog(form, {
    open: true,
    onClose,
    submit: ({ kinds, connectors: picked, ...f }: RouteForm) => {
      const body = { ...f, kind: kinds.join(","), connectorIds: picked.map((c) => c.id), weights: f.strategy === "weights" ? picked.map((c) => c.weight) : [] };
      return route ? updateRoute(route.id, body) : createRoute(body);
    },
    refresh: [routesKey, connectorsKey],
    announce: (r) => ({ title: route ? `Route ${r.position} saved: workers follow within a second` : `Route ${r.position} added`, tone: "success" }),
    fields: ["name", "accountId", "country", "prefix", "network", "senderType", "strategy"],
    fallback: "The route could not be saved.",
  });

  return (
    <FormDialog
      {...dialog}
      title={route ? `Edit route ${route.position}` : "New route"}
      description="The first enabled route that matches a message decides its connectors; an empty field matches anything."
      size="xl"
      submitLabel={route ? "Save route" : "Add route"}
      formClassName="space-y-5 pb-2"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="route-name" label="Name" optional error={errors.name?.message}>
          <Input data-autofocus placeholder="Greece, OTP first" {...form.register("name")} />
        </Field>
        <Field id="route-account" label="Account id" optional hint="Only this account's messages." error={errors.accountId?.message}>
          <Input className="font-mono" placeholder="every account" {...form.register("accountId")} />
        </Field>
        <Field id="route-country" label="Countries" optional hint="ISO codes, comma separated: GR, CY" error={errors.country?.message}>
          <Input placeholder="GR, CY" {...form.register("country")} />
        </Field>
        <Field id="route-prefix" label="Number prefixes" optional hint="Digits, comma separated: +3069, 3070" error={errors.prefix?.message}>
          <Input placeholder="+3069" {...form.register("prefix")} />
        </Field>
        <Field id="route-network" label="Networks" optional hint="MCC-MNC, comma separated: 20201" error={errors.network?.message}>
          <Input placeholder="20201" {...form.register("network")} />
        </Field>
        <Field id="route-sender" label="Sender type" error={errors.senderType?.message}>
          <Select {...form.register("senderType")}>
            <Options values={["", ...SENDER_TYPES]} label={senderLabel} />
          </Select>
        </Field>
      </div>
      <Controller
        control={form.control}
        name="kinds"
        render={({ field }) => (
          <fieldset>
            <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Message kinds (none: all)</legend>
            <div className="mt-2 flex flex-wrap gap-5">
              {MESSAGE_KINDS.map((k) => (
                <Checkbox
                  key={k}
                  label={{ single: "Single SMS", campaign: "Campaigns", otp: "OTP", pool: "Pools" }[k]}
                  checked={field.value.includes(k)}
                  onChange={(e) => field.onChange(e.target.checked ? [...field.value, k] : field.value.filter((x) => x !== k))}
                />
              ))}
            </div>
          </fieldset>
        )}
      />
      <Field id="route-strategy" label="Pick connectors by" error={errors.strategy?.message}>
        <Select {...form.register("strategy")}>
          <Options values={STRATEGIES} label={(s) => strategyLabel[s]} />
        </Select>
      </Field>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Connectors{strategy === "priority" ? ", in the order they are tried" : ""}</legend>
        {rows.fields.map((row, i) => (
          <div key={row.id} className="flex items-start gap-2">
            <div className="min-w-0 flex-1">
              {/* Controlled: the connectors may arrive after the form's values. */}
              <Controller
                control={form.control}
                name={`connectors.${i}.id`}
                render={({ field }) => (
                  <Select aria-label={`Connector ${i + 1}`} value={field.value} onChange={field.onChange} onBlur={field.onBlur} name={field.name} ref={field.ref}>
                    <option value="">{connectors.isLoading ? "Loading connectors…" : "Pick a connector…"}</option>
                    {choices.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.name}
                        {c.enabled ? "" : " (stopped)"}
                      </option>
                    ))}
                  </Select>
                )}
              />
              <FieldError message={errors.connectors?.[i]?.id?.message ?? errors.connectors?.[i]?.weight?.message} />
            </div>
            {strategy === "weights" && (
              <div className="w-28 shrink-0">
                <Input aria-label={`Weight of connector ${i + 1}`} placeholder="weight" type="number" min={0} {...form.register(`connectors.${i}.weight`, { valueAsNumber: true })} />
              </div>
            )}
            <Button size="sm" variant="ghost" aria-label={`Remove connector ${i + 1}`} disabled={rows.fields.length === 1} onClick={() => rows.remove(i)}>
              <TrashIcon />
            </Button>
          </div>
        ))}
        <FieldError message={errors.connectors?.message ?? errors.connectors?.root?.message} />
        <Button size="sm" variant="secondary" icon={<PlusIcon />} disabled={rows.fields.length >= 10} onClick={() => rows.append({ id: "", weight: 1 })}>
          Add connector
        </Button>
      </fieldset>
      <CheckboxField control={form.control} name="enabled" label="Enabled" description="A disabled route is skipped." />
    </FormDialog>
  );
}
