// A country picker on a native <select>: name, flag and calling code; "" is the empty choice.
"use client";
import { useMemo, type SelectHTMLAttributes } from "react";
import { Select } from "@/components/ui/select";
import { countries } from "./countries";

export function CountrySelect({ emptyLabel, ...props }: SelectHTMLAttributes<HTMLSelectElement> & { emptyLabel: string; ref?: React.Ref<HTMLSelectElement> }) {
  const list = useMemo(countries, []);
  return (
    <Select {...props}>
      <option value="">{emptyLabel}</option>
      {list.map((c) => (
        <option key={c.code} value={c.code}>
          {c.name} (+{c.callingCode})
        </option>
      ))}
    </Select>
  );
}
