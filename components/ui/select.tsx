// A native <select>, styled like the inputs: keyboard and screen readers work without help.
import type { ReactNode, SelectHTMLAttributes } from "react";
import { cn } from "./cn";
import { controlClasses } from "./input";
import { ChevronDownIcon } from "./icons";

export function Select({ className, children, ref, ...props }: SelectHTMLAttributes<HTMLSelectElement> & { ref?: React.Ref<HTMLSelectElement> }) {
  return (
    <div className="relative">
      <select ref={ref} className={cn(controlClasses, "h-10 appearance-none pr-9", className)} {...props}>
        {children}
      </select>
      <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-slate-500" />
    </div>
  );
}

/** One <option> per value, shown as label(value) (the value itself by default). */
export function Options<T extends string | number>({ values, label = String }: { values: readonly T[]; label?: (value: T) => ReactNode }) {
  return values.map((v) => (
    <option key={v} value={v}>
      {label(v)}
    </option>
  ));
}
