// Create or edit a pool: its name, smsSettings (the API's schema validates the form) and the
// rented numbers it holds, picked from the account's numbers that are in no other pool.
"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { Controller, useForm } from "react-hook-form";
import { FormDialog } from "@/components/form/form-dialog";
import { useFormDialog } from "@/components/form/use-form-submit";
import { CheckboxField } from "@/components/form/checkbox-field";
import { CallbackStrategySelect } from "@/components/form/callback-fields";
import { Checkbox } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Options, Select } from "@/components/ui/select";
import { createPoolBody, type CreatePoolBody } from "@/lib/schemas/pools";
import { countryName } from "@/lib/ui/format";
import { createPool, fetchPickable, poolsKey, updatePool, type Pool } from "./api";

const countries = ["", "US", "CA", "GB", "GR", "DE", "FR", "IT", "ES", "NL", "SE", "AU", "CY"];
const countryOrNone = (c: string) => (c ? countryName(c) : "None");

export function PoolDialog({ pool, onClose }: { pool: Pool | null; onClose: () => void }) {
  const defaults: CreatePoolBody = {
    poolName: pool?.poolName ?? "",
    smsSettings: {
      sticky: pool?.smsSettings.sticky ?? true,
      geomatch: pool?.smsSettings.geomatch ?? true,
      transcode: pool?.smsSettings.transcode ?? false,
      defaultCountry: pool?.smsSettings.defaultCountry ?? "",
      alphanumericSenderId: pool?.smsSettings.alphanumericSenderId ?? "",
      callback: { url: pool?.smsSettings.callback.url ?? "", strategy: (pool?.smsSettings.callback.strategy || "OnCompletion") as "OnChange" | "OnCompletion" },
      inboundSMSCallbackUrl: pool?.smsSettings.inboundSMSCallbackUrl ?? "",
    },
    numbers: pool?.numbers ?? [],
  };
  const form = useForm({ resolver: zodResolver(createPoolBody), defaultValues: defaults });
  const errors = form.formState.errors;
  const numbers = useQuery({ queryKey: [...poolsKey, "pickable"], queryFn: fetchPickable });
  const pickable = (numbers.data?.content ?? []).filter((n) => n.services.includes("Sms"));
  const dialog = useFormDialog(form, {
    open: true,
    onClose,
    submit: (body: CreatePoolBody) => (pool ? updatePool(pool.poolId, body) : createPool(body)),
    refresh: [poolsKey, ["numbers"]],
    announce: (p) => ({ title: pool ? `Pool “${p.poolName}” saved` : `Pool “${p.poolName}” created`, tone: "success" }),
    fallback: "The pool could not be saved.",
  });

  return (
    <FormDialog
      {...dialog}
      title={pool ? `Edit “${pool.poolName}”` : "New pool"}
      description="The pool picks the sender of each SMS sent through it from these numbers."
      size="xl"
      submitLabel={pool ? "Save pool" : "Create pool"}
      formClassName="space-y-5 pb-2"
    >
      <Field id="pool-name" label="Name" error={errors.poolName?.message}>
        <Input data-autofocus placeholder="Customer care" {...form.register("poolName")} />
      </Field>

      <Controller
        control={form.control}
        name="numbers"
        render={({ field }) => {
          const chosen = new Set(field.value ?? []);
          return (
            <fieldset>
              <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Numbers</legend>
              <div className="mt-2 grid max-h-56 gap-2 overflow-y-auto rounded-lg border border-slate-200 p-3 sm:grid-cols-2 dark:border-slate-800">
                {pickable.length === 0 && <p className="text-sm text-slate-500">{numbers.isLoading ? "Loading…" : "No rented numbers with SMS yet: rent some on the Numbers page."}</p>}
                {pickable.map((n) => {
                  const elsewhere = Boolean(n.poolId) && n.poolId !== pool?.poolId;
                  return (
                    <Checkbox
                      key={n.msisdn}
                      label={<span className="font-mono text-[13px]">{n.msisdn}</span>}
                      description={elsewhere ? `In pool “${n.poolName}”` : countryOrNone(n.country)}
                      disabled={elsewhere}
                      checked={chosen.has(n.msisdn)}
                      onChange={(e) => field.onChange(e.target.checked ? [...chosen, n.msisdn] : [...chosen].filter((x) => x !== n.msisdn))}
                    />
                  );
                })}
              </div>
            </fieldset>
          );
        }}
      />

      <div className="grid gap-3 sm:grid-cols-3">
        {(["sticky", "geomatch", "transcode"] as const).map((name) => (
          <CheckboxField
            key={name}
            control={form.control}
            name={`smsSettings.${name}`}
            label={{ sticky: "Sticky sender", geomatch: "Geomatch", transcode: "Transcode" }[name]}
            description={{ sticky: "Same number per recipient", geomatch: "A number of the recipient's country", transcode: "GSM-7 look-alikes for cheaper parts" }[name]}
          />
        ))}
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="pool-country" label="Default country" hint="Where the sender comes from when nothing matches better." error={errors.smsSettings?.defaultCountry?.message}>
          <Select {...form.register("smsSettings.defaultCountry")}>
            <Options values={countries} label={countryOrNone} />
          </Select>
        </Field>
        <Field id="pool-alpha" label="Alphanumeric sender" optional hint="Used with poolStrategy Alphanumeric." error={errors.smsSettings?.alphanumericSenderId?.message}>
          <Input maxLength={11} placeholder="Acme" {...form.register("smsSettings.alphanumericSenderId")} />
        </Field>
        <Field id="pool-callback" label="Status callback URL" optional hint="Delivery reports of the pool's SMS, naming the pool." error={errors.smsSettings?.callback?.url?.message}>
          <Input type="url" placeholder="https://example.com/hooks/status" {...form.register("smsSettings.callback.url")} />
        </Field>
        <Field id="pool-strategy" label="Status callback strategy">
          <CallbackStrategySelect reports="status" {...form.register("smsSettings.callback.strategy")} />
        </Field>
      </div>
      <Field id="pool-inbound" label="Inbound SMS callback URL" optional hint="Messages to the pool's numbers, with poolId and poolName." error={errors.smsSettings?.inboundSMSCallbackUrl?.message}>
        <Input type="url" placeholder="https://example.com/hooks/inbound" {...form.register("smsSettings.inboundSMSCallbackUrl")} />
      </Field>
    </FormDialog>
  );
}
