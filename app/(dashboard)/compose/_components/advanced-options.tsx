// Compose's less common options, folded away: label, validity, flash and the callback.
"use client";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { CheckboxField } from "@/components/form/checkbox-field";
import { CallbackFields } from "@/components/form/callback-fields";
import { Disclosure } from "@/components/ui/disclosure";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { ComposeForm } from "@/lib/schemas/dashboard-sms";

export function AdvancedOptions({ form }: { form: UseFormReturn<ComposeForm> }) {
  const { errors } = form.formState;
  const callbackUrl = useWatch({ control: form.control, name: "callbackUrl" });
  return (
    <Disclosure
      summary="Advanced"
      hint={callbackUrl ? "Callback set" : "Label, validity, flash, callback"}
      openWhen={Boolean(errors.label || errors.ttl || errors.callbackUrl || errors.callbackStrategy)}
    >
      <div className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="compose-label" label="Label" optional hint="Your own reference, shown in tracking and callbacks." error={errors.label?.message}>
            <Input autoComplete="off" {...form.register("label")} />
          </Field>
          <Field id="compose-ttl" label="Validity (minutes)" hint="Undelivered after this long: 1 to 4320 (3 days)." error={errors.ttl?.message}>
            <Input type="number" min={1} max={4320} step={1} inputMode="numeric" {...form.register("ttl", { valueAsNumber: true })} />
          </Field>
        </div>
        <CheckboxField control={form.control} name="flash" label="Flash SMS" description="Shown on the screen at once and not stored in the inbox (class 0)." />
        <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_14rem]">
          <CallbackFields form={form} name="callback" label="Callback URL" hint="Where delivery reports are POSTed." reports="message" strategyLabel="Callback strategy" />
        </div>
      </div>
    </Disclosure>
  );
}
