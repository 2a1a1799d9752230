// A react-hook-form boolean as a <Checkbox>: the form keeps true/false, not the input's "on".
"use client";
import { Controller, type Control, type FieldPath, type FieldValues } from "react-hook-form";
import { Checkbox, type CheckboxProps } from "@/components/ui/checkbox";

export function CheckboxField<T extends FieldValues>({
  control,
  name,
  ...checkbox
}: { control: Control<T, unknown, unknown>; name: FieldPath<T> } & Omit<CheckboxProps, "name" | "checked" | "onChange" | "onBlur" | "ref">) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <Checkbox {...checkbox} checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} />}
    />
  );
}
