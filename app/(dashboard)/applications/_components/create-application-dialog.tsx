// The "New application" form: the API's own zod schema validates it before it is sent, and the
// server's answer (per-field messages or a developerMessage) is shown in place.
"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import { FormDialog } from "@/components/form/form-dialog";
import { useFormDialog } from "@/components/form/use-form-submit";
import { CheckboxField } from "@/components/form/checkbox-field";
import { CallbackStrategySelect } from "@/components/form/callback-fields";
import { Checkbox } from "@/components/ui/checkbox";
import { Field, FieldError } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { allScopes, scopePermissions, type Scope } from "@/lib/core/tokens/scopes";
import { createApplicationBody, type CreateApplicationBody } from "@/lib/schemas/applications";
import { applicationsKey, createApplication, type CreatedApplication } from "./api";

const defaults: CreateApplicationBody = {
  name: "",
  scopes: [...allScopes],
  tokenTtl: 3600,
  callbackUrl: "",
  callbackStrategy: "OnCompletion",
  transcode: false,
  rateLimitPerSecond: 100,
};

const fields = Object.keys(defaults) as (keyof CreateApplicationBody)[];

export function CreateApplicationDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (app: CreatedApplication) => void }) {
  const form = useForm({ resolver: zodResolver(createApplicationBody), defaultValues: defaults });
  const { errors } = form.formState;
  const dialog = useFormDialog(form, { open, onClose, submit: createApplication, refresh: [applicationsKey], onSaved: onCreated, fields, fallback: "The application could not be created." });

  return (
    <FormDialog
      {...dialog}
      title="New application"
      description="Credentials for one of your services. You will see its secret once, right after creating it."
      size="xl"
      submitLabel="Create application"
      formClassName="space-y-5 pb-2"
    >
      <Field id="app-name" label="Name" hint="For you and your team, e.g. “Billing service” or “Staging”." error={errors.name?.message}>
        <Input autoComplete="off" placeholder="Billing service" data-autofocus {...form.register("name")} />
      </Field>

      <Controller
        control={form.control}
        name="scopes"
        render={({ field }) => {
          const selected = new Set(field.value);
          const all = allScopes.every((s) => selected.has(s));
          const none = selected.size === 0;
          const toggle = (scope: Scope, on: boolean) => field.onChange(allScopes.filter((s) => (s === scope ? on : selected.has(s))));
          return (
            <fieldset aria-describedby={errors.scopes ? "app-scopes-error" : "app-scopes-hint"}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Scopes</legend>
                <Checkbox label="Select all" checked={all} indeterminate={!all && !none} onChange={(e) => field.onChange(e.target.checked ? [...allScopes] : [])} />
              </div>
              <p id="app-scopes-hint" className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                What tokens of this application may do. Grant only what the service needs.
              </p>
              <div className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2.5 rounded-lg border border-slate-200 p-4 md:grid-cols-3 dark:border-slate-800">
                {allScopes.map((scope) => (
                  <Checkbox
                    key={scope}
                    name="scopes"
                    value={scope}
                    label={<span className="font-mono text-[13px]">{scope}</span>}
                    description={
                      <span className="block truncate" title={scopePermissions[scope]}>
                        {scopePermissions[scope]}
                      </span>
                    }
                    checked={selected.has(scope)}
                    onChange={(e) => toggle(scope, e.target.checked)}
                    onBlur={field.onBlur}
                  />
                ))}
              </div>
              <FieldError id="app-scopes-error" message={errors.scopes?.message ?? errors.scopes?.root?.message} />
            </fieldset>
          );
        }}
      />

      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="app-ttl" label="Token lifetime" hint="How long each access token stays valid." error={errors.tokenTtl?.message}>
          <Select {...form.register("tokenTtl", { setValueAs: (v) => Number(v) })}>
            <option value={3600}>1 hour</option>
            <option value={86400}>1 day</option>
            <option value={631139040}>20 years</option>
          </Select>
        </Field>
        <Field id="app-callback-strategy" label="Callback strategy" hint="When to post status updates to the callback URL." error={errors.callbackStrategy?.message}>
          <CallbackStrategySelect reports="status" {...form.register("callbackStrategy")} />
        </Field>
      </div>

      <Field
        id="app-rate-limit-new"
        label="Rate limit"
        hint="Requests per second its tokens may make, with bursts of twice that; over it the API answers 429 with Retry-After."
        error={errors.rateLimitPerSecond?.message}
      >
        <Input type="number" inputMode="numeric" min={1} className="sm:max-w-48" {...form.register("rateLimitPerSecond", { setValueAs: (v) => (v === "" ? Number.NaN : Number(v)) })} />
      </Field>

      <Field id="app-callback-url" label="Callback URL" optional hint="Where Switchboard POSTs message status updates by default. Leave empty for none." error={errors.callbackUrl?.message}>
        <Input type="url" inputMode="url" autoComplete="off" placeholder="https://example.com/hooks/switchboard" {...form.register("callbackUrl")} />
      </Field>

      <CheckboxField
        control={form.control}
        name="transcode"
        label="Transcode messages"
        description="Replace characters outside the GSM-7 alphabet with close equivalents, so messages use cheaper 160-character parts."
      />
    </FormDialog>
  );
}
