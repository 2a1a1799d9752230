// Start a test flow: Viber first (or SMS only), then SMS, to any number; the test numbers of the
// simulators show the failover (…0006: Viber never delivers).
"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { FormCard } from "@/components/form/form-card";
import { useFormSubmit } from "@/components/form/use-form-submit";
import { Checkbox } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { otpTestForm, toSendFailoverBody, type OtpTestForm } from "@/lib/schemas/otp";
import { flowsKey, startFlow } from "./api";

const defaults: OtpTestForm = {
  to: "+306912340006",
  viber: true,
  viberTtl: 30,
  from: "Switchboard",
  body: "Your Switchboard code is @@pin",
  smsTtl: 300,
  callbackUrl: "",
};

export function TestFlowForm({ onStarted }: { onStarted: (flowId: string) => void }) {
  const form = useForm({ resolver: zodResolver(otpTestForm), defaultValues: defaults });
  const { errors } = form.formState;
  const submitting = useFormSubmit(form, {
    submit: (v: OtpTestForm) => startFlow(toSendFailoverBody(v)),
    refresh: [flowsKey, ["me"]],
    announce: () => ({ title: "Flow started", description: "Follow its steps on the right." }),
    onSaved: (flow) => onStarted(flow.flowId),
    fallback: "The flow could not be started.",
  });
  const viber = form.watch("viber");
  return (
    <FormCard {...submitting} title="Start a test flow" description="Numbers ending in 0006 are never delivered over Viber (EXPIRED), so the code fails over to SMS." submitLabel="Send code">
      <Field id="otp-to" label="Phone number" hint="International format." error={errors.to?.message}>
        <Input type="tel" autoComplete="off" {...form.register("to")} />
      </Field>
      <Checkbox label="Try Viber first" description="Then SMS when Viber does not deliver in time." {...form.register("viber")} />
      {viber && (
        <Field id="otp-viber-ttl" label="Viber window (seconds)" error={errors.viberTtl?.message}>
          <Input type="number" min={1} {...form.register("viberTtl", { valueAsNumber: true })} />
        </Field>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="otp-from" label="SMS sender" error={errors.from?.message}>
          <Input autoComplete="off" {...form.register("from")} />
        </Field>
        <Field id="otp-sms-ttl" label="SMS window (seconds)" error={errors.smsTtl?.message}>
          <Input type="number" min={60} {...form.register("smsTtl", { valueAsNumber: true })} />
        </Field>
      </div>
      <Field id="otp-body" label="SMS text" hint="@@pin is replaced by the code (six digits)." error={errors.body?.message}>
        <Textarea rows={2} {...form.register("body")} />
      </Field>
      <Field id="otp-callback" label="Webhook URL" optional hint="Receives the flow after every change." error={errors.callbackUrl?.message}>
        <Input type="url" placeholder="https://…" {...form.register("callbackUrl")} />
      </Field>
    </FormCard>
  );
}
