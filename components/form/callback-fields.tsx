// Where a callback goes and when: once, on the final status (OnCompletion), or on every change
// (OnChange). The values are the API's; the words say what the callback reports.
import type { ComponentProps } from "react";
import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";

const words = {
  /** An application's or a pool's default for the messages sent through it. */
  status: ["Once, on the final status", "On every status change"],
  message: ["On the final status", "On every change"],
  campaign: ["When it ends", "On every change"],
};
const examples = { status: "https://example.com/hooks/status", message: "https://example.com/hooks/sms", campaign: "https://example.com/hooks/campaign" };
type Reports = keyof typeof words;

export function CallbackStrategySelect({ reports, ...select }: { reports: Reports } & ComponentProps<typeof Select>) {
  const [onCompletion, onChange] = words[reports];
  return (
    <Select {...select}>
      <option value="OnCompletion">{onCompletion}</option>
      <option value="OnChange">{onChange}</option>
    </Select>
  );
}

/** The form's `${name}Url` field and, beside it, its `${name}Strategy` (ids `${id}-url`, `${id}-strategy`). */
export function CallbackFields<T extends FieldValues>({
  form,
  name,
  id = name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`),
  label,
  hint,
  reports,
  strategyLabel = "Send it",
}: {
  form: UseFormReturn<T, unknown, unknown>;
  name: string;
  id?: string;
  label: string;
  hint: string;
  reports: Reports;
  strategyLabel?: string;
}) {
  const url = `${name}Url` as FieldPath<T>;
  const strategy = `${name}Strategy` as FieldPath<T>;
  const errors = form.formState.errors;
  return (
    <>
      <Field id={`${id}-url`} label={label} optional hint={hint} error={errors[url]?.message as string | undefined}>
        <Input type="url" inputMode="url" autoComplete="off" placeholder={examples[reports]} {...form.register(url)} />
      </Field>
      <Field id={`${id}-strategy`} label={strategyLabel} error={errors[strategy]?.message as string | undefined}>
        <CallbackStrategySelect reports={reports} {...form.register(strategy)} />
      </Field>
    </>
  );
}
